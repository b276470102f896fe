import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './audio/instance';
import { restoreSession } from './state/session';
import './styles.css';

// A reload shows the same list tab and Listener settings (never a transient "playing").
restoreSession();

const root = document.getElementById('root');
if (!root) throw new Error('renderer: #root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
