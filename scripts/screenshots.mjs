#!/usr/bin/env node
/**
 * Takes the README screenshots (docs/screenshots/*.png) from the BUILT app in the browser host on
 * the demo dat, in Chromium at 1366×768 (the smallest window the layout is checked at):
 *
 *   npm run build && node scripts/screenshots.mjs [--out docs/screenshots]
 *
 * soundtable.png (a SoundTable open, a sound type played as the game would, its rolls and the
 * Roll 100 times histogram), wave.png (the stereo Wave open, dark theme), listener.png (the
 * Listener pane at 10 m, +90°), export.png (the Export dialog), census.png (the Census) — each
 * what its README caption says. Elements are found by role and name,
 * as the e2e tests find them (docs/ui-contract.md).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-browsers.mjs';

const root = resolve(import.meta.dirname, '..');
/** The demo dat's stereo Wave (PCM 22050 Hz, 2 channels): the one wave.png shows. */
const STEREO_WAVE = '0x0A000064';
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(root, 'docs/screenshots') },
    port: { type: 'string', default: '4391' },
  },
});
const out = resolve(values.out);
const port = Number(values.port);
const found = findChromium();
if (!found) throw new Error('no Chromium: see scripts/find-browsers.mjs');

const server = spawn(
  process.execPath,
  [join(root, 'out/serve/serve.mjs'), join(root, 'assets/demo_portal.dat'), '--port', String(port)],
  // its entry-count cache in a temp folder, never the user's (node/service/entryCountCache.ts)
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ACSOUND_CACHE_DIR: join(tmpdir(), 'acsound-screenshots-cache') },
  },
);
await new Promise((ok, fail) => {
  server.stdout.on('data', (d) => String(d).includes('http://') && ok());
  server.on('exit', (code) => fail(new Error(`serve exited ${code}`)));
});
const browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, colorScheme: 'light' });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page
    .getByRole('status', { name: 'Status', exact: true })
    .filter({ hasText: /\d+ Waves/ })
    .waitFor();
  const shot = async (name, locator) => {
    await page.waitForTimeout(300);
    await (locator ?? page).screenshot({ path: join(out, `${name}.png`) });
    console.log(`screenshots: ${name}.png`);
  };
  const details = page.getByRole('region', { name: 'Details', exact: true });

  // each shot shows what its README caption says (README "AC Sound Browser", the table under it)
  // soundtable.png: "play as the game would" with every roll — a few plays (their roll lines) and
  // the Roll 100 times histogram of one sound type
  await page.getByRole('tab', { name: 'SoundTables', exact: true }).click();
  await page.getByRole('grid', { name: 'SoundTables', exact: true }).getByRole('row').nth(1).click();
  await details.getByRole('heading', { name: /^SoundTable 0x/ }).waitFor();
  // a sound type with three variants, so the rolls pick between rows and one is never in retail
  const cue = 'Footstep1';
  const play = details.getByRole('button', { name: `Play as the game would: ${cue}`, exact: true });
  for (let i = 0; i < 3; i++) await play.click();
  await details.getByRole('button', { name: `Roll 100 times: ${cue}`, exact: true }).click();
  const outcomes = details.getByRole('table', { name: `Outcomes: ${cue}`, exact: true });
  await outcomes.waitFor();
  // the card from its heading (name, variants, plays, histogram) at the top of the detail pane
  await play.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page
    .getByRole('button', { name: /^Stop/ })
    .first()
    .click()
    .catch(() => undefined);
  await shot('soundtable');

  // wave.png: "Wave view (stereo wave, dark theme)" — the demo's stereo Wave in the dark scheme
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('tab', { name: 'Waves', exact: true }).click();
  await page
    .getByRole('grid', { name: 'Waves', exact: true })
    .getByRole('row')
    .filter({ hasText: STEREO_WAVE })
    .click();
  await details.getByRole('heading', { name: `Wave ${STEREO_WAVE}`, exact: true }).waitFor();
  await shot('wave');
  await page.emulateMedia({ colorScheme: 'light' });

  // listener.png: "Listener at 10 m, +90°"
  const listener = page.getByRole('region', { name: 'Listener', exact: true });
  for (const [name, value] of [
    ['Distance (m)', '10'],
    ['Bearing (°)', '90'],
  ]) {
    const field = listener.getByRole('spinbutton', { name, exact: true });
    await field.fill(value);
    await field.press('Enter');
  }
  await page.waitForFunction(() => document.querySelector('input[type=range][aria-label="Bearing"]')?.value === '90');
  await shot('listener', listener);

  await page.getByRole('button', { name: 'Census', exact: true }).click();
  await shot('census');
  await page.getByRole('button', { name: 'Census', exact: true }).click();

  await page.getByRole('button', { name: 'Export…', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export Waves', exact: true });
  // a naming template, so the File names preview shows folders (docs/export-names.md)
  await exportDialog.getByRole('textbox', { name: 'File names', exact: true }).fill('{table}/{cue}_{id}');
  await shot('export', exportDialog);
} finally {
  await browser.close();
  server.kill();
}
