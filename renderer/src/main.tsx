/** The renderer's entry: compose the app (bridge, Player, stores), start it, render it. */
// first: the browser host's first calls leave now if the page's first script has not sent them yet
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { composeApp } from './app/compose';
import { PlayerContext } from './audio/usePlayer';
import './styles.css';

/**
 * How long the first render waits for the open dat's lists (ms). They are asked for before
 * anything renders; a running host answers well within this, and the window is then built once,
 * with its rows, instead of empty and again with the rows a moment later (a second render and
 * layout of the whole window in front of the first rows, issue #9). A host still opening the
 * dat (its first tab) shows the window, with "Opening…", when the wait is over.
 */
const FIRST_RENDER_WAIT_MS = 200;

// Wires everything once (and restores the last list tab and Listener settings) before the first render.
const app = composeApp();
// asks for the host, the summary and the lists at once (state/datStore initDat)
const started = app.start();

const root = document.getElementById('root');
if (!root) throw new Error('renderer: #root is missing from index.html');
const render = (): void =>
  createRoot(root).render(
    <StrictMode>
      <PlayerContext value={app.player}>
        <App />
      </PlayerContext>
    </StrictMode>,
  );
void Promise.race([started, new Promise((wait) => setTimeout(wait, FIRST_RENDER_WAIT_MS))]).finally(render);
