/**
 * Where the e2e tests find their browsers, shared by playwright.config.ts and scripts/run-e2e.mjs.
 *
 * - Chromium: $CHROMIUM_PATH, then Debian's /usr/bin/chromium, /usr/bin/chromium-browser, then
 *   Playwright's own download (`npx playwright install chromium`) if it is installed.
 * - Electron: $ELECTRON_PATH, then the binary the `electron` package would use — found WITHOUT
 *   `require('electron')`, which starts a download when the binary is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** @returns {{ path: string, source: string } | null} */
export function findChromium(env = process.env) {
  const candidates = [
    [env.CHROMIUM_PATH, '$CHROMIUM_PATH'],
    ['/usr/bin/chromium', 'Debian chromium'],
    ['/usr/bin/chromium-browser', 'chromium-browser'],
  ];
  for (const [path, source] of candidates) {
    if (path && existsSync(path)) return { path, source };
  }
  if (env.CHROMIUM_PATH) return null; // an explicit path that does not exist is an error, not a fallback
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    if (path && existsSync(path)) return { path, source: "Playwright's chromium" };
  } catch {
    // playwright-core missing or no browser registry: no Playwright chromium
  }
  return null;
}

/** @returns {{ path: string } | { path: null, reason: string }} */
export function findElectron(env = process.env) {
  if (env.ELECTRON_PATH) {
    return existsSync(env.ELECTRON_PATH)
      ? { path: env.ELECTRON_PATH }
      : { path: null, reason: `ELECTRON_PATH=${env.ELECTRON_PATH} does not exist` };
  }
  let pkgDir;
  try {
    pkgDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: null, reason: 'the electron package is not installed (run npm ci)' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override ? join(override, rel || 'electron') : rel ? join(pkgDir, 'dist', rel) : null;
  if (exe && existsSync(exe)) return { path: exe };
  return {
    path: null,
    reason:
      'the Electron binary is not installed: electron >= 42 downloads it on first use, which needs access to ' +
      'GitHub releases (run `npx install-electron` on a networked machine, or set ELECTRON_PATH / ELECTRON_OVERRIDE_DIST_PATH)',
  };
}

/** Chromium switches for headless Web Audio without a sound card or network (see shared/guides/stack.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];

export const HOW_TO_GET_CHROMIUM = [
  'No Chromium found for the e2e tests. Get one of:',
  '  Debian/Ubuntu:   sudo apt-get install -y chromium fonts-liberation   (→ /usr/bin/chromium)',
  '  where downloads work:   npx playwright install chromium',
  '  or point CHROMIUM_PATH at a Chromium/Chrome executable.',
].join('\n');
