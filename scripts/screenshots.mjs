#!/usr/bin/env node
/**
 * Takes the README screenshots (docs/screenshots/*.png) from the BUILT app in the browser host on
 * the demo dat, in Chromium at 1366×768 (the smallest window the layout is checked at):
 *
 *   npm run build && node scripts/screenshots.mjs [--out docs/screenshots]
 *
 * soundtable.png (a SoundTable open), wave.png (a Wave open), listener.png (the Listener pane),
 * export.png (the Export dialog), census.png (the Census). Elements are found by role and name,
 * as the e2e tests find them (docs/ui-contract.md).
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-browsers.mjs';

const root = resolve(import.meta.dirname, '..');
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

  await page.getByRole('tab', { name: 'SoundTables', exact: true }).click();
  await page.getByRole('grid', { name: 'SoundTables', exact: true }).getByRole('row').nth(1).click();
  await details.getByRole('heading', { name: /^SoundTable 0x/ }).waitFor();
  await shot('soundtable');

  await page.getByRole('tab', { name: 'Waves', exact: true }).click();
  await page.getByRole('grid', { name: 'Waves', exact: true }).getByRole('row').nth(2).click();
  await details.getByRole('heading', { name: /^Wave 0x/ }).waitFor();
  await shot('wave');
  await shot('listener', page.getByRole('region', { name: 'Listener', exact: true }));

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
