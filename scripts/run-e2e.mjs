#!/usr/bin/env node
/**
 * The e2e step of `npm test` (`npm run test:e2e`): checks what the tests need, then runs
 * `playwright test` with both projects (see playwright.config.ts).
 *
 *   node scripts/run-e2e.mjs [--project browser|electron] [any other playwright test arguments]
 *
 * - No Chromium → says how to get one and exits 1.
 * - No build (out/serve/serve.mjs, out/renderer, out/main) → says `npm run build` and exits 1.
 * - No demo dat → says `npm run demo` and exits 1.
 * - No Electron binary → the electron project's launch tests are skipped with the reason (printed here too).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOW_TO_GET_CHROMIUM, findChromium, findElectron } from './find-browsers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

function fail(message) {
  console.error(`run-e2e: ${message}`);
  process.exit(1);
}

const chromium = findChromium();
if (!chromium) {
  if (process.env.CHROMIUM_PATH) console.error(`run-e2e: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`);
  fail(HOW_TO_GET_CHROMIUM);
}
console.log(`run-e2e: Chromium: ${chromium.path} (${chromium.source})`);

for (const [file, what] of [
  ['out/serve/serve.mjs', 'the browser host'],
  ['out/renderer/index.html', 'the renderer'],
  ['out/main/index.js', 'the Electron main process'],
  ['out/preload/index.cjs', 'the preload'],
]) {
  if (!existsSync(join(root, file))) fail(`${file} (${what}) is missing: run \`npm run build\` first.`);
}
if (!existsSync(join(root, 'assets/demo_portal.dat')))
  fail('assets/demo_portal.dat is missing: run `npm run demo` first.');

const electron = findElectron();
console.log(
  electron.path
    ? `run-e2e: Electron: ${electron.path}`
    : `run-e2e: Electron launch tests will be SKIPPED: ${electron.reason}. The browser project covers the renderer and the service.`,
);

const passThrough = process.argv.slice(2);
const hasProject = passThrough.some((a) => a === '--project' || a.startsWith('--project='));
const args = ['test', ...(hasProject ? [] : ['--project=browser', '--project=electron']), ...passThrough];

const cli = require.resolve('@playwright/test/cli');
// Electron has no headless mode: on Linux without a display, run under a virtual X server.
const xvfb = process.platform === 'linux' && !process.env.DISPLAY && electron.path ? which('xvfb-run') : null;
if (process.platform === 'linux' && !process.env.DISPLAY && electron.path && !xvfb) {
  console.warn(
    'run-e2e: no $DISPLAY and no xvfb-run (apt-get install xvfb xauth): the Electron launch tests may fail.',
  );
}
const [command, commandArgs] = xvfb
  ? [xvfb, ['-a', '-s', '-screen 0 1400x900x24', process.execPath, cli, ...args]]
  : [process.execPath, [cli, ...args]];
const child = spawn(command, commandArgs, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium.path, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) {
    console.error(`run-e2e: playwright stopped by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
