#!/usr/bin/env node
/**
 * `npm start [-- args]`: runs the built desktop app with `electron-vite preview`, after checking
 * that the Electron binary exists (scripts/find-browsers.mjs `findElectron`). Without it,
 * electron-vite would only crash with a bare "Error: Electron uninstall" stack; this says what
 * is missing, how to get it, and that `npm run serve` runs the same app in a browser — exit 1.
 *
 *   node scripts/start-electron.mjs [electron-vite preview arguments]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectron } from './find-browsers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const electron = findElectron();
if (!electron.path) {
  console.error(
    [
      `npm start: cannot start the desktop app: ${electron.reason}.`,
      '  The same app runs in any browser instead: `npm run build && npm run serve -- [path/to/client_portal.dat]`,',
      '  then open http://127.0.0.1:4181/',
    ].join('\n'),
  );
  process.exit(1);
}

let cli;
try {
  cli = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
} catch {
  console.error('npm start: electron-vite is not installed: run `npm ci` first.');
  process.exit(1);
}

// electron-vite reads ELECTRON_EXEC_PATH before looking for the electron package's own binary.
const child = spawn(process.execPath, [cli, 'preview', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ELECTRON_EXEC_PATH: electron.path },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (e) => {
  console.error(`npm start: cannot run electron-vite: ${e.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
