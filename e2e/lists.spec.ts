import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readPng } from './model/png';
import { DEMO_DAT } from './model/demoDat';

test.describe('lists and navigation', () => {
  test('the lists show every SoundTable and Wave of the dat', async ({ app, facts }) => {
    const tables = facts.soundTableIds.length;
    const waves = facts.waves.length;
    await expect(app.statusBar).toContainText(`${tables} SoundTables`);
    await expect(app.statusBar).toContainText(`${waves} Waves`);
    await expect(app.statusBar).toContainText(`${facts.entryCount} entries`);
    await expect(app.page.getByText('Demo data — open your client_portal.dat')).toBeVisible();

    await app.showList('SoundTables');
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', String(tables + 1));
    await app.showList('Waves');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(waves + 1));
    const first = facts.waves[0];
    if (first) await expect(app.row('Waves', first.hex)).toBeVisible();
  });

  test('opening a dat by path: the entry count ("—" at open) arrives in the status bar in the background', async ({
    app,
    facts,
  }) => {
    await app.openDatPath(DEMO_DAT);
    await expect(app.statusBar).toContainText(`${facts.entryCount} entries`);
    await expect(app.statusBar).not.toContainText('entry count unknown');
  });

  test('open a SoundTable, see its sound types, follow a wave link to the Wave view', async ({ app, facts }) => {
    const { table } = facts;
    await app.openSoundTable(table.hex);
    await expect(app.details.getByRole('heading', { level: 3, name: table.soundType, exact: true })).toBeVisible();
    const link = app.details.getByRole('link', { name: table.waveHex, exact: true }).first();
    await link.click();
    await expect(app.waveHeading(table.waveHex)).toBeVisible();
    // The Wave view lists where it is used: this SoundTable is among them.
    await expect(app.details.getByText(table.hex).first()).toBeVisible();
  });

  test('the tab counts follow the search ("1 / 3"), and an empty result says why', async ({ app, facts }) => {
    const tables = facts.soundTableIds.length;
    const waves = facts.waves.length;
    const search = app.page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(facts.table.hex);
    await expect(app.tab('SoundTables')).toContainText(`1 / ${tables}`);
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', '2');
    await search.fill('xyzzy');
    await expect(app.tab('Waves')).toContainText(`0 / ${waves}`);
    await app.showList('Waves');
    await expect(app.grid('Waves')).toContainText('No Waves match “xyzzy”');
    await search.fill('');
    await expect(app.tab('Waves')).not.toContainText('/');
  });

  test('a SoundTable that did not parse shows its types and entries unknown ("—"), as a Wave that did not, never 0', async ({
    app,
    scratchDir,
  }) => {
    await app.openDatBytes(scratchDir, 'truncated_portal.dat', (await readFile(DEMO_DAT)).subarray(0, 500_000));
    await app.showList('SoundTables');
    const cells = app.row('SoundTables', '0x2000000C').getByRole('gridcell');
    await expect(cells.nth(1)).toContainText('⚠');
    await expect(cells.nth(2)).toHaveText('—');
    await expect(cells.nth(3)).toHaveText('—');
  });

  test('an MP3 Wave shows "—" for bits and its MPEGLAYER3WAVEFORMAT and MPEG stream facts', async ({ app, facts }) => {
    const mp3 = facts.waves.find((w) => w.formatTag === 0x55);
    test.skip(!mp3, 'the demo dat has no MP3 Wave');
    await app.openWave(mp3!.hex);
    await expect(app.row('Waves', mp3!.hex).getByRole('gridcell').nth(4)).toHaveText('—');
    await expect(app.details).not.toContainText('0-bit');
    await expect(
      app.details.getByRole('definition').filter({ hasText: /^— \(none: MP3 frames have no sample size\)$/ }),
    ).toBeVisible();
    const ext = app.details.getByRole('definition').filter({ hasText: /samples$/ });
    await expect(ext.first()).toBeVisible();
    for (const field of [
      'wID',
      'fdwFlags',
      'nBlockSize',
      'nFramesPerBlock',
      'nCodecDelay',
      'MPEG version',
      'Bitrate',
      'Channel mode',
      'Header size',
      'cbSize',
    ]) {
      await expect(app.details.getByRole('term').filter({ hasText: new RegExp(`^${field}$`) })).toBeVisible();
    }
    await expect(app.details).toContainText(/MPEG-(1|2|2\.5) Layer III/);
  });
});

test.describe('Waves list columns at 1366×768', () => {
  test('no header or format name is cut off; ADPCM bits are 4, as acsound list prints them, full names in the tooltip', async ({
    app,
    facts,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    for (const list of ['Waves', 'SoundTables'] as const) {
      await app.showList(list);
      const grid = app.page.getByRole('grid', { name: list, exact: true });
      await expect(grid.getByRole('row').nth(1)).toBeVisible();
      const cut = await grid.evaluate((g) =>
        [...g.querySelectorAll('[role="columnheader"], [role="gridcell"]')]
          .filter((c) => c.scrollWidth > c.clientWidth + 0.5)
          .map((c) => c.textContent ?? ''),
      );
      expect(cut, `${list}: cells whose text is cut off`).toEqual([]);
    }
    await app.showList('Waves');
    for (const [tag, name] of [
      [0x0002, 'MS ADPCM'],
      [0x0011, 'IMA ADPCM'],
    ] as const) {
      const wave = facts.waves.find((w) => w.formatTag === tag);
      expect(wave, `the demo dat has a ${name} Wave`).toBeDefined();
      const cells = app.row('Waves', wave!.hex).getByRole('gridcell');
      await expect(cells.nth(1)).toHaveText(name);
      await expect(cells.nth(1)).toHaveAttribute('title', new RegExp(`^${name} \\(wFormatTag 0x00`));
      await expect(cells.nth(4)).toHaveText('4');
    }
  });
});

test.describe('Creatures and Effects rows (issue #9: one element per cell)', () => {
  test('each value is its cell’s own text, its full label and hook breakdown in the cell’s title', async ({ app }) => {
    await expect(app.tab('Effects')).not.toContainText('…');
    for (const list of ['Creatures', 'Effects'] as const) {
      await app.showList(list);
      const rows = app.grid(list).getByRole('rowgroup').last().getByRole('row');
      await expect(rows.first()).toBeVisible();
      const cells = await rows.evaluateAll((rs) =>
        rs.flatMap((r) =>
          [...r.querySelectorAll('[role=gridcell]')].map((c) => ({
            text: c.textContent ?? '',
            elements: c.childElementCount,
            title: c.getAttribute('title'),
          })),
        ),
      );
      expect(cells.length, `${list} has cells`).toBeGreaterThan(0);
      expect(
        cells.filter((c) => c.elements > 0),
        `${list}: cells holding elements`,
      ).toEqual([]);
    }
    await app.showList('Creatures');
    const drudge = app.row('Creatures', '0x02000002').getByRole('gridcell');
    await expect(drudge.nth(1)).toHaveAttribute('title', 'Drudge');
    await expect(drudge.nth(3)).toHaveAttribute('title', /^5 sound hooks \(Sound, SoundTweaked, SoundTable\)/);
  });
});

test.describe('paths as users type them (issue #10 defect 4)', () => {
  test('a quoted path and a file:// URL open the dat; the export folder says what a relative folder is relative to', async ({
    app,
    facts,
  }) => {
    const field = app.page.getByRole('textbox', { name: 'Dat path', exact: true });
    for (const typed of [`"${DEMO_DAT}"`, pathToFileURL(DEMO_DAT).href]) {
      await field.fill(typed);
      await app.page.getByRole('button', { name: 'Open…', exact: true }).click();
      await expect(field).toHaveValue(DEMO_DAT);
      await expect(app.page.getByRole('alert')).toHaveCount(0);
      await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
    }
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    await expect(app.exportDialog.getByRole('textbox', { name: 'Folder', exact: true })).toHaveAccessibleDescription(
      /relative to \//,
    );
  });
});

test.describe('keyboard selection (issue #10 defect 9)', () => {
  test('Shift+↓ extends the selection, Ctrl+A selects all with a count, ↓ from the search box enters the list', async ({
    app,
    facts,
  }) => {
    const [a, b, c] = facts.waves;
    await app.openWave(a!.hex);
    await app.row('Waves', a!.hex).focus();
    await app.page.keyboard.press('Shift+ArrowDown');
    await app.page.keyboard.press('Shift+ArrowDown');
    for (const w of [a!, b!, c!]) await expect(app.row('Waves', w.hex)).toHaveAttribute('aria-selected', 'true');
    const count = app.page.getByRole('status', { name: 'Selection', exact: true });
    await expect(count).toContainText(`3 of ${facts.waves.length} Waves selected`);
    await app.page.keyboard.press('Control+a');
    await expect(count).toContainText(`${facts.waves.length} of ${facts.waves.length} Waves selected`);
    await app.page.getByRole('searchbox', { name: 'Search', exact: true }).focus();
    await app.page.keyboard.press('ArrowDown');
    await expect(app.grid('Waves')).toBeFocused();
  });

  test('one ↓ from the search box opens the first row the search shows', async ({ app, facts }) => {
    const [, second] = facts.waves;
    await app.showList('Waves');
    const search = app.page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(second!.hex);
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', '2');
    await app.page.keyboard.press('ArrowDown');
    await expect(app.waveHeading(second!.hex)).toBeVisible();
    await expect(app.row('Waves', second!.hex)).toHaveAttribute('aria-selected', 'true');
    await expect(app.grid('Waves')).toBeFocused();
  });
});

test.describe('a filtered selection (lib/selection: actions act on the rows shown)', () => {
  test('Ctrl+A then a search: the count, Ctrl+C and Export count only the selected rows shown', async ({
    app,
    facts,
  }) => {
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const first = facts.waves[0]!;
    const term = first.hex.slice(2, 9).toLowerCase(); // "0a00001": a few of the Waves
    const kept = facts.waves.filter((w) => w.hex.toLowerCase().slice(2).startsWith(term));
    const hidden = facts.waves.length - kept.length;
    expect(kept.length).toBeGreaterThan(1);
    expect(hidden).toBeGreaterThan(0);
    await app.openWave(first.hex);
    await app.row('Waves', first.hex).focus();
    await app.page.keyboard.press('Control+a');
    const search = app.page.getByRole('searchbox', { name: 'Search', exact: true });
    await search.fill(term);
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(kept.length + 1));
    const count = app.page.getByRole('status', { name: 'Selection', exact: true });
    await expect(count).toContainText(`${kept.length} of ${kept.length} Waves selected`);
    await expect(count).toContainText(`${hidden} more hidden by the search`);
    await app.row('Waves', first.hex).focus();
    await app.page.keyboard.press('Control+c');
    const copied = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim().split('\n')).toEqual(kept.map((w) => w.hex));
    await app.page.getByRole('button', { name: 'Export…', exact: true }).click();
    await expect(app.exportDialog.getByRole('radio', { name: `Selected Waves (${kept.length})` })).toBeVisible();
  });
});

test('a focused list has one clean focus ring: its left and right edges are one colour down every row', async ({
  app,
}) => {
  await app.showList('Waves');
  await app.page.reload();
  const grid = app.grid('Waves');
  await expect(grid.getByRole('row').nth(5)).toBeVisible();
  await grid.focus();
  await expect(grid).toBeFocused();
  const px = readPng(await grid.screenshot());
  for (const x of [0, px.width - 1]) {
    const colours = new Set<string>();
    for (let y = 0; y < px.height; y++) colours.add(px.at(x, y).join(','));
    expect([...colours], `column ${x} of the focused grid`).toHaveLength(1);
  }
});

test.describe('list gestures are not text selections', () => {
  /** The page's text selection (what the browser highlights), "" when none. */
  const selectedText = (app: { page: Page }): Promise<string> =>
    app.page.evaluate(() => window.getSelection()?.toString() ?? '');

  test('Shift-click selects a range of rows and double-click opens one, without selecting cell text', async ({
    app,
    facts,
  }) => {
    const [a, b, c] = facts.waves;
    await app.showList('Waves');
    await app.row('Waves', a!.hex).click();
    await app.row('Waves', c!.hex).click({ modifiers: ['Shift'] });
    for (const w of [a!, b!, c!]) await expect(app.row('Waves', w.hex)).toHaveAttribute('aria-selected', 'true');
    expect(await selectedText(app), 'Shift-click left no text selection').toBe('');
    await expect(app.row('Waves', c!.hex)).toBeFocused();

    await app.row('Waves', b!.hex).getByRole('gridcell').last().dblclick();
    await expect(app.waveHeading(b!.hex)).toBeVisible();
    expect(await selectedText(app), 'double-click left no text selection').toBe('');

    // a drag over a cell still selects its text (copying a label by hand)
    const cell = app.row('Waves', a!.hex).getByRole('gridcell').first();
    const box = (await cell.boundingBox())!;
    await app.page.mouse.move(box.x + 2, box.y + box.height / 2);
    await app.page.mouse.down();
    await app.page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await app.page.mouse.up();
    expect(await selectedText(app), 'a drag selects cell text').not.toBe('');
  });
});
