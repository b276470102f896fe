/** Search (issue #10): regular expressions, -term, pasted id lists, Ctrl+C, the format quick filters. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const searchbox = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });
const shown = (page: Page) => page.getByRole('status', { name: 'Shown', exact: true });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Quick filters', exact: true }).getByRole('button', { name, exact: true });

test.describe('search (issue #10)', () => {
  test('regular-expression mode filters by pattern; an invalid one is explained inline, not a crash', async ({
    app,
    facts,
  }) => {
    await app.showList('Waves');
    const toggle = app.page.getByRole('button', { name: 'Regular expression', exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await searchbox(app.page).fill('^0x0a00001[0-2]$');
    const expected = facts.waves.filter((w) => /^0x0A00001[0-2]$/.test(w.hex));
    expect(expected.length).toBeGreaterThan(1);
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(expected.length + 1));
    await expect(shown(app.page)).toContainText(`${expected.length} of ${facts.waves.length} Waves shown`);

    await searchbox(app.page).fill('[unclosed');
    await expect(searchbox(app.page)).toHaveAttribute('aria-invalid', 'true');
    await expect(searchbox(app.page)).toHaveAccessibleDescription(
      /“\[unclosed” is not a valid regular expression \(.+\): that term is left out of the filter/,
    );
    // the term is left out: every Wave shows, the app keeps working
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(facts.waves.length + 1));
    await toggle.click();
    await expect(searchbox(app.page)).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a row shows why it matched: "12" keeps what shows 12 or names sound type 12, and says which', async ({
    app,
  }) => {
    await app.showList('SoundTables');
    await searchbox(app.page).fill('12');
    // 0x2000000C defines UI_IconSuccessfulDrop (112): a part of a value is not the value, and its
    // row could not have shown why; the tables that define Wound1 (12) show it beside their label
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', '3');
    await expect(app.row('SoundTables', '0x2000000C')).toHaveCount(0);
    for (const id of ['0x20000001', '0x20000007']) await expect(app.row('SoundTables', id)).toContainText('Wound1');

    await app.showList('Waves');
    // 0x0A000012 shows "12" in its id; a Wave played by Wound1 says so in place of its Used by count
    await expect(app.row('Waves', '0x0A000012').getByLabel(/^Matched:/)).toHaveCount(0);
    const byCue = app.row('Waves', '0x0A000030');
    await expect(byCue.getByLabel('Matched: Wound1', { exact: true })).toBeVisible();
    for (const row of await app.grid('Waves').getByRole('row').all()) {
      const text = (await row.textContent()) ?? '';
      if (/^Id/.test(text)) continue; // the header row
      expect(/0x[0-9A-F]*12/.test(text) || /Wound1/.test(text), text).toBe(true);
    }
    // Creatures speak the same language: "12" is Wound1 of the creature's SoundTable, never a part
    // of an Animation id (0x03000012); a whole Animation id keeps the creature and says so
    await app.showList('Creatures');
    const drudge = app.row('Creatures', '0x02000002');
    await expect(drudge.getByLabel('Matched: Wound1', { exact: true })).toBeVisible();
    await expect(app.grid('Creatures').getByLabel(/^Matched: Animation/)).toHaveCount(0);
    await searchbox(app.page).fill('0x03000012');
    await expect(drudge.getByLabel('Matched: Animation 0x03000012', { exact: true })).toBeVisible();
    await searchbox(app.page).fill('12');
    await app.showList('Waves');
    // a value in hex names the same sound type; hex and label search still work
    await searchbox(app.page).fill('0x0C');
    await expect(byCue.getByLabel('Matched: Wound1', { exact: true })).toBeVisible();
    await searchbox(app.page).fill('0a000012');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', '2');
    await app.showList('SoundTables');
    await searchbox(app.page).fill('drudge');
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', '2');
    await expect(app.row('SoundTables', '0x20000007')).toBeVisible();
  });

  test('a creature\'s "Matched:" pill is never clipped at its cell: the label gives way, then the pill ends in …', async ({
    app,
  }) => {
    // at 1366×768 "Human (male)" and "MotionTable 0x09000001" do not both fit in the Label column
    await app.showList('Creatures');
    await searchbox(app.page).fill('0x09000001');
    const row = app.row('Creatures', '0x02000001');
    const pill = row.getByLabel('Matched: MotionTable 0x09000001', { exact: true });
    await expect(pill).toBeVisible();
    await expect(pill).toHaveAttribute('title', 'Matched: MotionTable 0x09000001');
    const cell = (await row.getByRole('gridcell').nth(1).boundingBox())!;
    const box = (await pill.boundingBox())!;
    expect(box.x + box.width, 'the pill ends inside the Label cell').toBeLessThanOrEqual(cell.x + cell.width + 0.5);
    expect(box.width, 'the pill keeps most of the cell').toBeGreaterThan(cell.width / 2);
  });

  test('-term excludes: "-mp3" hides the MP3 Waves, "pcm -22050" keeps the other rates', async ({ app, facts }) => {
    await app.showList('Waves');
    const mp3 = facts.waves.filter((w) => w.formatTag === 0x55);
    expect(mp3.length).toBeGreaterThan(0);
    await searchbox(app.page).fill('-mp3');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(facts.waves.length - mp3.length + 1));
    await expect(app.row('Waves', mp3[0]!.hex)).toHaveCount(0);
    // "pcm" is a substring: PCM, MS ADPCM and IMA ADPCM
    const pcmNot22k = facts.waves.filter((w) => [0x01, 0x02, 0x11].includes(w.formatTag) && w.sampleRate !== 22050);
    await searchbox(app.page).fill('pcm -22050');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(pcmNot22k.length + 1));
  });

  test('pasting a list of ids selects those rows and says how many were found and not found', async ({
    app,
    facts,
  }) => {
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const [a, b] = facts.waves;
    const table = facts.table.hex;
    const text = `${a!.hex}, ${b!.hex.slice(2)}\n${table.slice(2)}\n0x0A00FFFF`;
    await app.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await searchbox(app.page).focus();
    await app.page.keyboard.press('Control+V');
    await expect(app.tab('Waves')).toHaveAttribute('aria-selected', 'true');
    for (const w of [a!, b!]) await expect(app.row('Waves', w.hex)).toHaveAttribute('aria-selected', 'true');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', '3');
    await expect(shown(app.page)).toContainText(
      '4 ids pasted: 3 found (2 Waves selected, 1 SoundTable), 1 not found: 0x0A00FFFF',
    );
    await expect(app.page.getByRole('status', { name: 'Selection', exact: true })).toContainText(
      '2 of 2 Waves selected',
    );
    // the same id list shows the SoundTable in its list
    await app.showList('SoundTables');
    await expect(app.grid('SoundTables')).toHaveAttribute('aria-rowcount', '2');
    await expect(app.row('SoundTables', table)).toBeVisible();
  });

  test('Ctrl+C in the list copies the selected ids, one per line, 0x + 8 hex digits', async ({ app, facts }) => {
    await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const [a, b, c] = facts.waves;
    await app.openWave(a!.hex);
    await app.row('Waves', c!.hex).click({ modifiers: ['Shift'] });
    await app.grid('Waves').focus();
    await app.page.keyboard.press('Control+C');
    await expect(shown(app.page)).toContainText('Copied 3 ids to the clipboard');
    const copied = await app.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe([a!.hex, b!.hex, c!.hex].join('\n'));
    expect(copied).toMatch(/^(0x[0-9A-F]{8}\n?)+$/);
    // in the SoundTables list: the open table
    await app.openSoundTable(facts.table.hex);
    await app.grid('SoundTables').focus();
    await app.page.keyboard.press('Control+C');
    await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toBe(facts.table.hex);
  });

  test('format quick filters: toggle buttons that combine with AND and with the search; the count shown', async ({
    app,
    facts,
  }) => {
    await app.showList('Waves');
    const total = facts.waves.length;
    const expectRows = async (n: number) => {
      await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', String(n + 1));
      await expect(shown(app.page)).toContainText(n === total ? `${total} Waves` : `${n} of ${total} Waves shown`);
    };
    for (const name of ['PCM', 'MP3', '8-bit', 'Stereo', '22 kHz', 'Has warnings'])
      await expect(chip(app.page, name)).toHaveAttribute('aria-pressed', 'false');
    await chip(app.page, 'PCM').click();
    await expect(chip(app.page, 'PCM')).toHaveAttribute('aria-pressed', 'true');
    await expectRows(facts.waves.filter((w) => w.formatTag === 1).length);
    await chip(app.page, '22 kHz').click();
    const pcm22 = facts.waves.filter((w) => w.formatTag === 1 && w.sampleRate === 22050);
    await expectRows(pcm22.length);
    await chip(app.page, 'Stereo').click();
    await expectRows(facts.waves.filter((w) => w.formatTag === 1 && w.sampleRate === 22050 && w.channels === 2).length);
    await chip(app.page, 'Stereo').click();
    await chip(app.page, '22 kHz').click();
    await chip(app.page, '8-bit').click();
    await expectRows(facts.waves.filter((w) => w.formatTag === 1 && w.bitsPerSample === 8).length);
    await chip(app.page, '8-bit').click();
    await chip(app.page, 'PCM').click();
    await chip(app.page, 'MP3').click();
    await expectRows(facts.waves.filter((w) => w.formatTag === 0x55).length);
    // with the search: AND
    await searchbox(app.page).fill('-mp3');
    await expect(app.grid('Waves')).toHaveAttribute('aria-rowcount', '1');
    await expect(app.grid('Waves')).toContainText('No Waves match “-mp3” with the quick filters (MP3)');
    await searchbox(app.page).fill('');
    await chip(app.page, 'MP3').click();
    await chip(app.page, 'Has warnings').click();
    await expect(chip(app.page, 'Has warnings')).toHaveAttribute('aria-pressed', 'true');
    await chip(app.page, 'Has warnings').click();
    await expectRows(total);
  });

  test('at 1366×768 the search box, its toggle and the chips fit beside each other; the toolbar stays one row', async ({
    app,
  }) => {
    await app.page.setViewportSize({ width: 1366, height: 768 });
    const pane = await app.grid('SoundTables').boundingBox();
    const toolbar = await app.page.getByRole('toolbar', { name: 'Main', exact: true }).boundingBox();
    expect(toolbar!.height).toBeLessThan(44); // one row of 24-px controls
    const group = await app.page.getByRole('group', { name: 'Quick filters', exact: true }).boundingBox();
    for (const name of ['PCM', 'MP3', '8-bit', 'Stereo', '22 kHz', 'Has warnings']) {
      const box = await chip(app.page, name).boundingBox();
      expect(box!.x + box!.width, `${name} inside the list pane`).toBeLessThanOrEqual(pane!.x + pane!.width);
      expect(box!.y, `${name} on the chips' one row`).toBeLessThan(group!.y + 4);
    }
    const box = await searchbox(app.page).boundingBox();
    expect(box!.width).toBeGreaterThan(200);
  });
});
