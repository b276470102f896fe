/** A Wave whose dat chain is broken: "Corrupt dat", a ⚠ badge in its row, no export offered, and Play says why. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  writeBrokenChainDat,
  writeCorruptWaveDat,
  writeDataSet2Dat,
  writeGraphFailsDat,
  writeSalvagedWaveDat,
} from './model/brokenDats';
import { DEMO_DAT } from './model/demoDat';
import { expect, test } from './fixtures';
import { OwnHost } from './model/ownHost';
import type { AppModel } from './model/app';

/** Opens a copy of the demo dat (written in `dir`) whose `wave` does not parse; returns its Waves row. */
async function openCorruptWave(app: AppModel, dir: string, waves: number, wave: { id: number; hex: string }) {
  await app.openDatPath(await writeCorruptWaveDat(dir, wave.id));
  await expect(app.statusBar).toContainText(`${waves} Waves`);
  await app.showList('Waves');
  return app.row('Waves', wave.hex);
}

test.describe('Wave errors', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('a broken block chain is "Corrupt dat" (not a decode failure): badge, no export, Play disabled with the reason', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    const path = await writeBrokenChainDat(dir, wave.id);
    await app.openDatPath(path);
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    await expect(app.page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(path);

    await app.openWave(wave.hex);
    const alert = app.details.getByRole('alert');
    await expect(alert).toContainText(/Corrupt dat:.*block chain of/);
    await expect(app.details).not.toContainText('Cannot decode');
    await expect(app.details.getByRole('button', { name: 'Export original…' })).toHaveCount(0);
    await expect(app.row('Waves', wave.hex).getByRole('img', { name: /^Error: Corrupt dat: / })).toBeVisible();

    // Play is disabled for a Wave known not to play, and says why (issue #10 defect 5).
    await expect(app.playButton).toBeDisabled();
    await expect(app.playButton).toHaveAccessibleDescription(new RegExp(`^Cannot play ${wave.hex}: Corrupt dat: `));
  });

  test('a failed play on the transport line has "Copy details" with the class and details, as other errors', async ({
    app,
    facts,
  }) => {
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await app.openDatPath(await writeBrokenChainDat(dir, parseInt(facts.table.waveHex, 16)));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    // a SoundTable is open: ▶ plays its first Wave, whose chain is broken
    await app.openSoundTable(facts.table.hex);
    await app.playButton.click();
    await expect(app.playerStatus).toHaveText(
      new RegExp(`^Stopped — Cannot play ${facts.table.waveHex}: Corrupt dat: block chain of`),
    );
    const copy = app.page.getByRole('button', { name: 'Copy details', exact: true });
    await expect(copy).toHaveCount(1);
    await copy.click();
    await expect(app.page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    const report = JSON.parse(await app.page.evaluate(() => navigator.clipboard.readText())) as {
      name: string;
      details?: { offset?: number };
    };
    expect(report.name).toBe('DatFormatError');
    expect(typeof report.details?.offset).toBe('number');
  });
});

test.describe('a Wave whose chain breaks past its first block (QA round 6, #1 and #2)', () => {
  test('"Play as the game would" logs "cannot play", holds no voice, and Has warnings keeps its ⚠ row', async ({
    app,
    facts,
    scratchDir,
  }) => {
    // the QA repro: 4 bytes at 0x3E800 break the chain of Wave 0x0A000072 after its first block
    const bytes = new Uint8Array(await readFile(DEMO_DAT));
    bytes.set([0xbe, 0x29, 0x17, 0x5b], 0x3e800);
    await app.openDatBytes(scratchDir, 'link_portal.dat', bytes);
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    await app.openSoundTable('0x200000DB');
    await app.page.getByRole('button', { name: 'Play as the game would: Waterfall', exact: true }).click();
    const log = app.details.getByRole('list', { name: 'Play log' });
    await expect(log.getByRole('listitem').first()).toContainText(
      'silent: cannot play: Corrupt dat: block chain of 0x0A000072 continues with link 0x5B1729BE',
    );
    await expect(log).not.toContainText('slot');
    await expect(app.playerStatus).toHaveText(/^Stopped — Cannot play 0x0A000072: Corrupt dat: block chain/);
    await expect(app.listener.getByText(/^0\/16 busy/)).toBeVisible();
    // known broken now: its row has the ⚠, and Has warnings keeps it
    await app.showList('Waves');
    const row = app.row('Waves', '0x0A000072');
    await expect(row.getByRole('img', { name: /^Error: Corrupt dat: / })).toBeVisible();
    await app.page.getByRole('button', { name: 'Has warnings', exact: true }).click();
    await expect(row).toBeVisible();
    await app.page.getByRole('button', { name: 'Has warnings', exact: true }).click();
  });
});

test.describe('problems the index knows (issue #10 defect 5)', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('a salvaged Wave (declared size beyond its record) shows the bytes present, the declared size beside', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    const { path, present, declared } = await writeSalvagedWaveDat(dir, wave.id, 205);
    await app.openDatPath(path);
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    const b = (n: number): string => `${n.toLocaleString('en-US')} B`;
    await app.openWave(wave.hex);
    const dataSize = app.details.getByRole('definition').filter({ hasText: /declared/ });
    await expect(dataSize).toHaveText(`${b(present)} (declared ${b(declared)})`);
    // the list's Size cell: the bytes present (no room beside them at 1366), both in its tooltip
    const size = app.row('Waves', wave.hex).getByTitle(`${b(present)} (declared ${b(declared)})`);
    await expect(size).toHaveText(`${(present / 1024).toFixed(1)} KiB`);
  });

  test('a Wave whose object does not parse shows a badge and "—" in the list before it is opened; Play says why it cannot', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    const row = await openCorruptWave(app, dir, facts.waves.length, wave);
    await expect(row.getByRole('img', { name: /^Error: Corrupt Wave: / })).toBeVisible();
    const cells = row.getByRole('gridcell');
    // Format cells "—"; the last is the sound graph's "Used by" count (issue #7), still known.
    await expect(cells).toHaveText([new RegExp(wave.hex), '—', '—', '—', '—', '—', '—', /^(\d+|…)$/]);
    await row.click();
    await expect(app.playButton).toBeDisabled();
    await expect(app.playButton).toHaveAccessibleDescription(new RegExp(`^Cannot play ${wave.hex}: Corrupt Wave: `));
    // the context names the Wave; its message does not say the id again (issue #10: each id once)
    await expect(app.playButton).toHaveAccessibleDescription(new RegExp(`^Cannot play ${wave.hex}: (?!.*${wave.hex})`));
    const alert = app.details.getByRole('alert');
    await expect(alert).toContainText('Corrupt Wave');
    await expect(alert).not.toContainText(wave.hex);
  });

  test('a bare play of a Wave the list knows cannot play takes the "cannot play" path: no voice, the skip says why', async ({
    app,
    facts,
  }) => {
    const waveId = parseInt(facts.table.waveHex, 16);
    await app.openDatPath(await writeCorruptWaveDat(dir, waveId));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    // a SoundTable is open: ▶ plays its first Wave bare (not through the table), and that Wave does not parse
    await app.openSoundTable(facts.table.hex);
    await app.playButton.click();
    // decided before a voice is taken: the player status says why (not a failed read), no voice in the pool
    await expect(app.playerStatus).toHaveText(new RegExp(`^No sound from ${facts.table.waveHex}: cannot play: `));
    await expect(app.listener).toContainText(new RegExp(`Last play: ${facts.table.waveHex} via \\S+ — cannot play: `));
    await expect(app.listener.getByText(/^0\/16 busy/)).toBeVisible();
  });

  test('a Wave that cannot play: its badge shows beside the id, Play and the Listener say why, the transport once on one line', async ({
    app,
    facts,
  }) => {
    const wave = facts.monoPcm;
    const row = await openCorruptWave(app, dir, facts.waves.length, wave);
    // the badge is inside its cell, not cut off by the id's ellipsis
    const badge = row.getByRole('img', { name: /^Error: Corrupt Wave: / });
    const [b, cell] = await Promise.all([badge.boundingBox(), row.getByRole('gridcell').first().boundingBox()]);
    expect(b!.x + b!.width).toBeLessThanOrEqual(cell!.x + cell!.width + 0.5);
    await expect(row.getByRole('gridcell').first()).toContainText(wave.hex);
    // at 1366×768 the id beside its badge is whole, and the row needs no sideways scrolling
    const fits = await row.evaluate((r) => ({
      row: r.scrollWidth <= r.clientWidth,
      id: [...r.querySelectorAll('[role="gridcell"]:first-child *')].every((e) => e.scrollWidth <= e.clientWidth),
    }));
    expect(fits).toEqual({ row: true, id: true });
    // Enter tries to play it: the reason shows once, on the transport's one line
    await row.click();
    await app.grid('Waves').press('Enter');
    await expect(app.playButton).toBeDisabled();
    await expect(app.playButton).toHaveAttribute('title', new RegExp(`^Cannot play ${wave.hex}: Corrupt Wave: `));
    await expect(app.playerStatus).toHaveText(new RegExp(`^Cannot play ${wave.hex}: Corrupt Wave: `));
    await expect(app.page.getByText(new RegExp(`Cannot play ${wave.hex}`))).toHaveCount(1);
    const [line, play] = await Promise.all([app.playButton.locator('..').boundingBox(), app.playButton.boundingBox()]);
    expect(line!.height).toBeLessThan(play!.height * 2);
    await expect(app.listener.getByRole('status', { name: 'Outcome', exact: true })).toHaveText(
      'cannot play — corrupt wave',
    );
  });
});

test.describe('dat warnings', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('a dat with dataSet 2 opens with a dismissable note saying so, also in the status bar', async ({
    app,
    facts,
  }) => {
    const path = await writeDataSet2Dat(dir);
    await app.openDatPath(path);
    await expect(app.page.getByRole('textbox', { name: 'Dat path', exact: true })).toHaveValue(path);
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    const note = app.page.getByRole('note', { name: 'Dat warnings', exact: true });
    await expect(note).toContainText(/dataSet is 2.*probably holds no sounds/);
    await expect(app.statusBar).toContainText('dataSet is 2');
    await app.page.getByRole('button', { name: 'Dismiss dat warnings', exact: true }).click();
    await expect(note).toHaveCount(0);
  });

  test('the open error and the dat warnings: one banner each with one close button, alike, each closing its own', async ({
    app,
    facts,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    await app.openDatPath(await writeDataSet2Dat(dir));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    await app.openDatPath(join(dir, 'missing_portal.dat'));
    const alert = app.page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
    const note = app.page.getByRole('note', { name: 'Dat warnings', exact: true });
    await expect(alert).toBeVisible();
    await expect(note).toBeVisible();
    const closeError = app.page.getByRole('button', { name: 'Dismiss error', exact: true });
    const closeWarnings = app.page.getByRole('button', { name: 'Dismiss dat warnings', exact: true });
    await expect(closeError).toHaveCount(1);
    await expect(closeWarnings).toHaveCount(1);
    await expect(app.page.getByRole('button', { name: /^Dismiss/ })).toHaveCount(2);
    const [a, b] = [(await closeError.boundingBox())!, (await closeWarnings.boundingBox())!];
    expect([a.width, a.height, a.x]).toEqual([b.width, b.height, b.x]);
    expect(a.x + a.width).toBeLessThanOrEqual(1366);
    await closeWarnings.click();
    await expect(note).toHaveCount(0);
    await expect(alert).toBeVisible();
    await closeError.click();
    await expect(alert).toHaveCount(0);
  });
});

test.describe('plain words (issue #10 defect 7)', () => {
  let host: OwnHost | null = null;
  test.afterEach(async () => {
    await host?.stop();
    host = null;
  });

  test('a browser host that stopped is said to have stopped, with how to restart it, not that the Wave is unreadable', async ({
    app,
    facts,
  }) => {
    // a host of the test's own: the page on it, then the real process stopped
    host = await OwnHost.start();
    await app.page.goto(host.url);
    await app.waitLoaded();
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    // another Wave first: the Wave view's code is loaded (views load on first use), not its bytes
    await app.openWave(facts.beforeMonoPcm.hex);
    await host.stop();
    await app.openWave(facts.monoPcm.hex);
    // said once, by one banner: not again in the Wave view, Used by, the transport or the status bar
    const alert = app.page.getByRole('alert').filter({ hasText: 'The browser host is not answering' });
    await expect(alert).toContainText(/The browser host is not answering: .*npm run serve.*reload this page/);
    await expect(alert).not.toContainText(/cannot be read|Cannot read|TransportError|getWaveBytes/);
    await expect(app.page.getByRole('button', { name: 'Copy details', exact: true })).toHaveCount(1);
    await expect(app.details.getByRole('alert')).toHaveCount(0);
    await expect(app.page.getByText(/The browser host is not answering/)).toHaveCount(1);
    await expect(app.page.getByText(/Host not answering: The browser host/)).toHaveCount(0);
    // an open while it is down: no claim that the old dat is "still open" (nothing can be read)
    await app.openDatPath('/tmp/acsound-e2e-none.dat');
    await expect(alert).toContainText(/^Could not open the dat \/tmp\/acsound-e2e-none.dat: The browser host/);
    await expect(app.page.getByText(/Still open/)).toHaveCount(0);
    await expect(app.page.getByText(/The browser host is not answering/)).toHaveCount(1);
    // what the banner says to do: start the host again and reload
    await host.restart();
    await app.page.reload();
    await app.waitLoaded();
    await expect(app.page.getByText(/The browser host is not answering/)).toHaveCount(0);
    await app.openWave(facts.monoPcm.hex);
    await expect(app.playButton).toBeEnabled();
  });
});

test.describe('an open error by its kind (core/errors ErrorKind)', () => {
  test('a folder given as the dat says in plain words that it is not a dat file, with the path and a hint; Copy details stays', async ({
    app,
    scratchDir,
  }) => {
    await app.openDatPath(scratchDir);
    const alert = app.page.getByRole('alert').filter({ hasText: "not an Asheron's Call dat file" });
    await expect(alert).toContainText(`This is not an Asheron's Call dat file: ${scratchDir}`);
    await expect(alert).toContainText(
      "It is a folder (or a device or pipe), not a file. Open the dat file itself, such as client_portal.dat in the game's folder.",
    );
    // no plumbing words in front (the errno stays in the details)
    await expect(alert).not.toContainText('EISDIR');
    await expect(alert).not.toContainText('IoError');
    await expect(alert).toContainText(/Still open: /);
    // the banner's actions, beside its text: the report (class, path, errno) stays one click away
    await expect(app.page.getByRole('button', { name: 'Copy details', exact: true })).toBeVisible();
    await app.page.getByRole('button', { name: 'Dismiss error', exact: true }).click();
    await expect(alert).toHaveCount(0);
  });
});

test.describe('a sound graph that cannot be built', () => {
  let dir = '';
  test.beforeEach(async ({ scratchDir }) => {
    dir = scratchDir;
  });

  test('every place says it failed (no "…" for ever); "Build sound graph" stays in the 1366×768 window', async ({
    app,
    facts,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    await app.openDatPath(await writeGraphFailsDat(dir));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    const retry = app.statusBar.getByRole('button', { name: 'Build sound graph', exact: true });
    await expect(retry).toBeVisible({ timeout: 30_000 });
    await expect(app.statusBar).toContainText('Sound graph failed');
    const box = (await retry.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1366);

    // the tab counts and the "Used by" cells say so, not "…"
    await expect(app.tab('Creatures')).toHaveText('Creaturesfailed');
    await expect(app.tab('Effects')).toHaveText('Effectsfailed');
    await app.showList('SoundTables');
    const usedBy = app.row('SoundTables', facts.table.hex).getByRole('gridcell').last();
    await expect(usedBy).toHaveText('—');

    // the Creatures list says why it is empty, not that it is reading
    await app.showList('Creatures');
    const panel = app.page.getByRole('tabpanel');
    await expect(panel).toContainText('The Creatures cannot be listed: the sound graph could not be built.');
    await expect(panel).not.toContainText('Reading the sound graph');
  });

  test('the count under the search says the graph failed, never "0 Creatures" or "0 Effects"', async ({
    app,
    facts,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    await app.openDatPath(await writeGraphFailsDat(dir));
    await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    await expect(app.statusBar.getByRole('button', { name: 'Build sound graph', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    const shown = app.page.getByRole('status', { name: 'Shown', exact: true });
    await app.showList('Creatures');
    await expect(shown).toHaveText('Creatures: count not known (the sound graph could not be built)');
    await app.showList('Effects');
    await expect(shown).toHaveText('Effects: count not known (the sound graph could not be built)');
    await expect(shown).not.toContainText(/\b0\b/);
    // the lists that do not come from the graph still count
    await app.showList('Waves');
    await expect(shown).toHaveText(`${facts.waves.length} Waves`);
  });
});

test.describe('a dat path of 5000 characters (ENAMETOOLONG)', () => {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1024, height: 700 },
  ]) {
    test(`at ${size.width}×${size.height} the reason and "Still open" are in sight, the path shortened as the CLI does`, async ({
      app,
    }) => {
      await app.page.setViewportSize(size);
      const long = `/${'a'.repeat(5000)}/client_portal.dat`;
      const field = app.page.getByRole('textbox', { name: 'Dat path', exact: true });
      await field.fill(long);
      await field.press('Enter');
      const alert = app.page.getByRole('alert').filter({ hasText: 'Could not open the dat' });
      await expect(alert).toContainText('path too long (ENAMETOOLONG)');
      await expect(alert).toContainText(/Still open: /);
      await expect(alert).toContainText(/^Could not open the dat \/a+…a+\/client_portal\.dat: /);
      // the whole text fits its box: nothing scrolled out of sight
      const { scroll, client } = await alert.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
      expect(scroll).toBeLessThanOrEqual(client + 1);
      await expect(app.page.getByRole('button', { name: 'Copy details', exact: true })).toBeVisible();
    });
  }
});
