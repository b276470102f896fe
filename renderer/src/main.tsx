/** The renderer's entry: compose the app (bridge, Player, stores), render it, start it. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { composeApp } from './app/compose';
import { PlayerContext } from './audio/usePlayer';
import './styles.css';

// Wires everything once (and restores the last list tab and Listener settings) before the first render.
const app = composeApp();

const root = document.getElementById('root');
if (!root) throw new Error('renderer: #root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <PlayerContext value={app.player}>
      <App />
    </PlayerContext>
  </StrictMode>,
);
void app.start();
