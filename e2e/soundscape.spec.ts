/**
 * The Soundscape view (issue 8) against the real browser host on the demo dat, whose Region
 * "Dereth" has the 32 retail terrain type names and ambient sets (scripts/make-demo-dat.sources.ts;
 * Grassland → set 0: Ambient1 continuous every 2 s). Play runs the ambient scheduler through the
 * Player: the output is non-silent and the event log grows; Export writes a WAV the strict reader
 * accepts, and never overwrites.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWavStrict } from '../core/audio';
import type { SoundGraphData } from '../core/contract';
import { AMBIENT_CHOICES } from '../core/engine';
import { hex8 } from '../core/errors';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_DAT } from './model/demoDat';

test.describe('soundscape', () => {
  let dir = '';
  test.beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'acsound-e2e-soundscape-'));
  });
  test.afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("plays a Region's soundscape: non-silent output, a growing event log, emitters; export re-read by the strict reader", async ({
    app,
  }) => {
    const view = await app.openSoundscape();
    await expect(view).toContainText(/Region 0x13000000 “Dereth”: 32 terrain types, \d+ ambient sets/);
    const terrain = view.getByRole('combobox', { name: 'Terrain type' });
    await expect(terrain.getByRole('option')).toHaveCount(32);
    await expect(terrain.getByRole('option').nth(16)).toHaveText('16 WaterRunning');
    await terrain.selectOption({ label: '1 Grassland' });

    // the choices the spec left open are shown
    await view.getByText(/Choices the spec left open/).click();
    await expect(view.getByRole('list', { name: 'Scheduler choices' }).getByRole('listitem')).toHaveCount(
      AMBIENT_CHOICES.length,
    );

    await view.getByRole('button', { name: 'Play soundscape' }).click();
    const rows = view.getByRole('table', { name: 'Soundscape events' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await expect(rows.filter({ hasText: 'Ambient1' }).first()).toContainText(/0x0A000070.*played, voice \d+/);
    await expect
      .poll(() => app.meterLevel(), { message: 'Output level meter above 0', timeout: 10_000 })
      .toBeGreaterThan(0);
    const first = await rows.count();
    // Ambient1 re-fires every 2 s: the log grows while it runs
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(first);
    await view.getByRole('button', { name: 'Stop soundscape' }).click();
    await expect(view.getByRole('button', { name: 'Play soundscape' })).toBeVisible();

    // paint a landblock
    await view.getByRole('radio', { name: 'Paint landblocks' }).check();
    await terrain.selectOption({ label: '16 WaterRunning' });
    await view.getByRole('button', { name: 'Landblock north: Grassland, scene 0' }).click();
    await expect(view.getByRole('button', { name: 'Landblock north: WaterRunning, scene 0' })).toBeVisible();
    await view.getByRole('radio', { name: 'Whole ring' }).check();
    await terrain.selectOption({ label: '1 Grassland' });

    // export 5 s: a stereo 16-bit 22050 Hz WAV and its sidecar; a second export writes nothing
    await view.getByRole('spinbutton', { name: 'Export seconds' }).fill('5');
    await view.getByRole('textbox', { name: 'Soundscape export folder' }).fill(dir);
    await view.getByRole('button', { name: 'Export soundscape' }).click();
    const status = view.getByRole('status', { name: 'Soundscape export result' });
    await expect(status).toContainText('Wrote soundscape_t1s0_seed1_5s.wav and soundscape_t1s0_seed1_5s.json');
    const wav = parseWavStrict(new Uint8Array(await readFile(join(dir, 'soundscape_t1s0_seed1_5s.wav'))));
    expect(wav).toMatchObject({ channels: 2, bitsPerSample: 16, sampleRate: 22050, frames: 5 * 22050 });
    const pcm = new Int16Array(wav.data.buffer.slice(wav.data.byteOffset, wav.data.byteOffset + wav.data.length));
    expect(
      pcm.some((v) => Math.abs(v) > 100),
      'the render is not silent',
    ).toBe(true);
    const sidecar = JSON.parse(await readFile(join(dir, 'soundscape_t1s0_seed1_5s.json'), 'utf8')) as {
      events: { name: string }[];
    };
    expect(sidecar.events.filter((e) => e.name === 'Ambient1')).toHaveLength(3); // t = 0, 2 and 4 s
    await view.getByRole('button', { name: 'Export soundscape' }).click();
    // the message names the file that is there: the WAV, or the sidecar alone
    await expect(status).toContainText(
      `Not written: soundscape_t1s0_seed1_5s.wav already exists in ${dir}, so neither file was written.`,
    );
    await rm(join(dir, 'soundscape_t1s0_seed1_5s.wav'));
    await view.getByRole('button', { name: 'Export soundscape' }).click();
    await expect(status).toContainText('Not written: soundscape_t1s0_seed1_5s.json already exists');
    // Overwrite (the Export dialog's option, the CLI's --force): the pair is written again
    await view.getByRole('checkbox', { name: 'Overwrite existing files', exact: true }).check();
    await view.getByRole('button', { name: 'Export soundscape' }).click();
    await expect(status).toContainText('Wrote soundscape_t1s0_seed1_5s.wav and soundscape_t1s0_seed1_5s.json');
    expect(parseWavStrict(new Uint8Array(await readFile(join(dir, 'soundscape_t1s0_seed1_5s.wav'))))).toMatchObject({
      frames: 5 * 22050,
    });
  });

  test('Seed says at once how a value it cannot take is used (−1, 1.5), as Scene and Seconds do', async ({ app }) => {
    const view = await app.openSoundscape();
    const seed = view.getByRole('spinbutton', { name: 'Soundscape seed', exact: true });
    for (const [typed, hint] of [
      ['-1', 'Below 0: using 0'],
      ['1.5', '1.5 is 2 in 0…4294967295, whole numbers: using 2'],
      ['4294967296', 'Above 4294967295: using 4294967295'],
    ] as const) {
      await seed.fill(typed);
      await expect(seed).toHaveAttribute('aria-invalid', 'true');
      await expect(seed).toHaveAccessibleDescription(hint);
    }
    await seed.fill('7');
    await expect(seed).not.toHaveAttribute('aria-invalid', 'true');
    await expect(view.getByRole('status').filter({ hasText: 'using' })).toHaveCount(0);
  });

  test("the SoundTable view's Seed takes a typed seed as the Soundscape's seed does (one seed rule)", async ({
    app,
    facts,
  }) => {
    const page = app.page;
    const cases = [
      ['-1', 'Below 0: using 0', '0'],
      ['1.5', '1.5 is 2 in 0…4294967295, whole numbers: using 2', '2'],
      ['4294967296', 'Above 4294967295: using 4294967295', '4294967295'],
    ] as const;
    const expectOneRule = async (field: Locator): Promise<void> => {
      for (const [typed, hint, used] of cases) {
        await field.fill(typed);
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(hint);
        await field.press('Enter');
        await expect(field).toHaveValue(used);
      }
      await field.fill('7');
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    };
    const soundscape = await app.openSoundscape();
    await expectOneRule(soundscape.getByRole('spinbutton', { name: 'Soundscape seed', exact: true }));
    await soundscape.getByRole('button', { name: 'Close', exact: true }).click();

    await app.openSoundTable(facts.table.hex);
    await expectOneRule(app.details.getByRole('spinbutton', { name: 'Seed', exact: true }));
    // the seed used is the one kept: a reload's SoundTable view shows it
    await page.reload();
    await app.waitLoaded();
    await app.openSoundTable(facts.table.hex);
    await expect(app.details.getByRole('spinbutton', { name: 'Seed', exact: true })).toHaveValue('7');
  });

  test('Export seconds is an ordinary number field: cleared and retyped as typed; an invalid length is flagged and Export waits', async ({
    app,
  }) => {
    const view = await app.openSoundscape();
    const seconds = view.getByRole('spinbutton', { name: 'Export seconds' });
    const exportButton = view.getByRole('button', { name: 'Export soundscape', exact: true });
    await view.getByRole('textbox', { name: 'Soundscape export folder' }).fill(dir);
    await expect(exportButton).toBeEnabled();

    // select all, Backspace: the field stays empty (the old value does not come back)
    await seconds.click();
    await seconds.press('ControlOrMeta+a');
    await seconds.press('Backspace');
    await expect(seconds).toHaveValue('');
    await expect(seconds).toHaveAttribute('aria-invalid', 'true');
    await expect(seconds).toHaveAccessibleDescription('Export seconds: Enter how many seconds to export.');
    await expect(exportButton).toBeDisabled();
    // typing replaces, not appends ("30", not "6030")
    await seconds.pressSequentially('30');
    await expect(seconds).toHaveValue('30');
    await expect(seconds).toHaveAttribute('aria-invalid', 'false');
    await expect(exportButton).toBeEnabled();

    for (const [typed, why] of [
      ['0', 'Must be more than 0 seconds.'],
      ['-3', 'Must be more than 0 seconds.'],
      ['3601', 'At most 3600 seconds (one hour).'],
    ] as const) {
      await seconds.fill(typed);
      await expect(seconds).toHaveValue(typed);
      await expect(seconds).toHaveAttribute('aria-invalid', 'true');
      await expect(seconds).toHaveAccessibleDescription(`Export seconds: ${why}`);
      await expect(exportButton).toBeDisabled();
    }
    await seconds.fill('3600');
    await expect(seconds).toHaveAttribute('aria-invalid', 'false');
    await expect(exportButton).toBeEnabled();
  });

  test('while Export seconds is invalid the Folder names no file (never the last valid length’s); a valid one names its own', async ({
    app,
  }) => {
    const view = await app.openSoundscape();
    const seconds = view.getByRole('spinbutton', { name: 'Export seconds' });
    const folder = view.getByRole('textbox', { name: 'Soundscape export folder' });
    await folder.fill(dir);
    await seconds.fill('30');
    await expect(folder).toHaveAccessibleDescription(
      new RegExp(`^Writes soundscape_t\\d+s\\d+_seed1_30s\\.wav and its \\.json sidecar in `),
    );
    for (const typed of ['4000', '3601', '1e308', '']) {
      await seconds.fill(typed);
      await expect(seconds).toHaveAttribute('aria-invalid', 'true');
      await expect(folder).toHaveAccessibleDescription(
        `Writes the WAV, named for its length, and its .json sidecar in ${dir} once Export seconds is valid`,
      );
      await expect(view.getByText(/soundscape_t\d+s\d+_seed/)).toHaveCount(0);
    }
    await seconds.fill('45');
    await expect(folder).toHaveAccessibleDescription(/^Writes soundscape_t\d+s\d+_seed1_45s\.wav /);
  });

  test('a failed export\'s "Export failed: …" goes once its Folder or Seconds change', async ({ app }) => {
    const view = await app.openSoundscape();
    const seconds = view.getByRole('spinbutton', { name: 'Export seconds' });
    const folder = view.getByRole('textbox', { name: 'Soundscape export folder' });
    const status = view.getByRole('status', { name: 'Soundscape export result' });
    const fail = async (): Promise<void> => {
      await folder.fill('/proc/nope');
      await seconds.fill('1');
      await view.getByRole('button', { name: 'Export soundscape', exact: true }).click();
      await expect(status).toContainText('Export failed: ');
    };
    await fail();
    await folder.fill(dir);
    await expect(status).not.toContainText('Export failed');
    await expect(view.getByRole('alert')).toHaveCount(0);

    await fail();
    await seconds.fill('2');
    await expect(status).not.toContainText('Export failed');
    await fail();
    await seconds.fill('4000'); // an invalid length is a change too
    await expect(status).not.toContainText('Export failed');
  });

  test('the transport names a playing soundscape; Esc and the transport’s Stop stop it (one rule)', async ({ app }) => {
    const page = app.page;
    const view = await app.openSoundscape();
    await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '1 Grassland' });
    const player = page.getByRole('status', { name: 'Player', exact: true });
    const rows = view.getByRole('table', { name: 'Soundscape events' }).locator('tbody tr');

    await view.getByRole('button', { name: 'Play soundscape' }).click();
    await expect(player).toHaveText('Playing soundscape: Dereth, Grassland, scene 0');
    // the soundscape's own elapsed time, past the 2 s of the Wave it plays (not that Wave's position)
    await expect(page.getByRole('timer', { name: 'Position', exact: true })).toHaveText(/^elapsed 0:0[2-9]\.\d{3}$/, {
      timeout: 6000,
    });
    // between two plays (Ambient1 every 2 s) it is still the soundscape that plays
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(view.getByRole('button', { name: 'Play soundscape' })).toBeVisible();
    await expect(player).toHaveText(/^Stopped/);
    const afterEsc = await rows.count();
    await page.waitForTimeout(2500); // longer than Ambient1's 2 s: nothing more is scheduled
    expect(await rows.count()).toBe(afterEsc);

    await view.getByRole('button', { name: 'Play soundscape' }).click();
    await expect(player).toHaveText('Playing soundscape: Dereth, Grassland, scene 0');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(view.getByRole('button', { name: 'Play soundscape' })).toBeVisible();
    await expect(player).toHaveText(/^Stopped/);
  });

  test('at 1366×768 the event log needs no sideways scrolling and the landblock grid keeps its text inside', async ({
    app,
  }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const view = await app.openSoundscape();
    const terrain = view.getByRole('combobox', { name: 'Terrain type' });
    await view.getByRole('radio', { name: 'Paint landblocks' }).check();
    await terrain.selectOption({ label: '16 WaterRunning' });
    await view.getByRole('button', { name: /^Landblock north:/ }).click();
    const cells = view.getByRole('group', { name: /^Landblocks/ }).getByRole('button');
    await expect(cells).toHaveCount(9);
    for (const cell of await cells.all()) {
      const [sw, cw, sh, ch] = await cell.evaluate((b) => [
        b.scrollWidth,
        b.clientWidth,
        b.scrollHeight,
        b.clientHeight,
      ]);
      expect(sw, `${await cell.getAttribute('aria-label')}: text wider than its cell`).toBeLessThanOrEqual(cw!);
      expect(sh, `${await cell.getAttribute('aria-label')}: text taller than its cell`).toBeLessThanOrEqual(ch!);
    }
    await view.getByRole('button', { name: 'Play soundscape' }).click();
    const table = view.getByRole('table', { name: 'Soundscape events' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await view.getByRole('button', { name: 'Stop soundscape' }).click();
    const [sw, cw] = await table.evaluate((t) => [t.parentElement!.scrollWidth, t.parentElement!.clientWidth]);
    expect(sw, 'the event log scrolls sideways').toBeLessThanOrEqual(cw!);
    const viewBox = await view.boundingBox();
    const tableBox = await table.boundingBox();
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(viewBox!.x + viewBox!.width);
  });

  for (const size of [
    { width: 1366, height: 768 },
    { width: 1024, height: 700 },
  ] as const) {
    test(`at ${size.width}×${size.height} the event log's headers, numbers and outcomes stay on one line, the whole reason kept`, async ({
      app,
    }) => {
      const page = app.page;
      await page.setViewportSize(size);
      const view = await app.openSoundscape();
      await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '1 Grassland' });
      await view.getByRole('button', { name: 'Play soundscape' }).click();
      const table = view.getByRole('table', { name: 'Soundscape events' });
      // seed 1 on Grassland: Ambient2 is placed past the −50 dB floor at once
      const inaudible = table.getByRole('cell', { name: 'inaudible (below −50 dB)', exact: true }).first();
      await expect(inaudible).toBeVisible({ timeout: 10_000 });
      await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      await view.getByRole('button', { name: 'Stop soundscape' }).click();
      // the short words shown, the whole reason in its title (and read, above, as the cell's name)
      await expect(inaudible).toHaveAttribute('title', 'inaudible (below −50 dB)');
      expect(await inaudible.evaluate((td) => (td.firstChild as Text).data)).toBe('inaudible');
      // the rest is in the text, drawn at no width: the cell's text is the whole reason
      await expect(inaudible).toHaveText('inaudible (below −50 dB)');
      expect(await inaudible.evaluate((td) => (td.lastChild as HTMLElement).getBoundingClientRect().width)).toBe(0);
      await expect(table.getByRole('columnheader', { name: 'Time', exact: true })).toHaveAttribute(
        'title',
        'Time since Play (s)',
      );
      // every header and every cell but the sound's (name over kind) lays its visible text on one line
      const wrapped = await table.evaluate((t) =>
        [...t.querySelectorAll('th, td')]
          .filter((cell) => !cell.classList.contains('sound'))
          .filter((cell) => {
            const tops = new Set<number>();
            for (const node of cell.childNodes) {
              if (node instanceof Element && node.classList.contains('reason-rest')) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              if (node.nodeType === Node.TEXT_NODE) range.selectNode(node);
              for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
            }
            return tops.size > 1;
          })
          .map((cell) => cell.textContent),
      );
      expect(wrapped, 'cells laid out on more than one line').toEqual([]);
      // no sideways scrolling, with room to spare for wider values (voice 15, times past 100 s)
      const fit = await table.evaluate((t) => {
        const box = t.parentElement!;
        const was = t.style.width;
        t.style.width = 'min-content';
        const least = t.getBoundingClientRect().width;
        t.style.width = was;
        return { least, room: box.clientWidth, scroll: box.scrollWidth };
      });
      expect(fit.scroll, 'the event log scrolls sideways').toBeLessThanOrEqual(fit.room);
      expect(fit.least + 14, 'room for "played, voice 15" and "100.00 s"').toBeLessThanOrEqual(fit.room);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });
  }

  test('Export’s Folder shows where the files go: the whole path readable, the end of a long one in the field', async ({
    app,
  }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const view = await app.openSoundscape();
    await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '1 Grassland' });
    const folder = view.getByRole('textbox', { name: 'Soundscape export folder' });
    await expect(folder).not.toHaveValue('');
    const dir = await folder.inputValue();
    // the default path fits the field whole, and the field says which files it gets
    const [sw, cw] = await folder.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(sw, `“${dir}” is cut in the field`).toBeLessThanOrEqual(cw!);
    await expect(folder).toHaveAccessibleDescription(
      `Writes soundscape_t1s0_seed1_60s.wav and its .json sidecar in ${dir}`,
    );
    // a path longer than the field: the field shows its end once left; the whole path is written under it
    const long = `${dir}/${'a-long-folder-name/'.repeat(8)}soundscapes`;
    await folder.fill(long);
    await folder.press('Tab');
    const [left, width, scroll] = await folder.evaluate((e) => [e.scrollLeft, e.clientWidth, e.scrollWidth]);
    expect(scroll).toBeGreaterThan(width!);
    expect(left! + width!, 'the end of the path is in view').toBeGreaterThanOrEqual(scroll! - 1);
    await expect(folder).toHaveAttribute('title', long);
    await expect(folder).toHaveAccessibleDescription(
      `Writes soundscape_t1s0_seed1_60s.wav and its .json sidecar in ${long}`,
    );
    const where = view.getByText(`Writes soundscape_t1s0_seed1_60s.wav and its .json sidecar in ${long}`);
    await expect(where).toBeVisible();
    const [wsw, wcw] = await where.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(wsw, 'the whole path wraps inside the view').toBeLessThanOrEqual(wcw!);
  });

  test('the picture draws plays nobody hears as hollow marks named with why, and says nothing was heard', async ({
    app,
  }) => {
    // the ambient slider at 0.05 (×0.0025 in retail): every play is below −50 dB
    await app.listener.getByRole('slider', { name: 'Ambient volume', exact: true }).fill('0.05');
    const view = await app.openSoundscape();
    await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '1 Grassland' });
    await view.getByRole('button', { name: 'Play soundscape' }).click();
    // seed 1: Ambient2 (birds) is placed at once, 106.8 m away: the log lists it as inaudible
    const log = view.getByRole('table', { name: 'Soundscape events' });
    const birds = log.getByRole('row').filter({ hasText: 'Ambient2' }).first();
    await expect(birds).toContainText(/106\.8.*inaudible \(below −50 dB\)/);
    // not heard: no level and no side (dB and Pan "—", as the CLI's table; its JSON keeps the pan)
    await expect(birds.getByRole('cell')).toContainText(['106.8 m', '—', '—', 'inaudible']);
    await view.getByRole('button', { name: 'Stop soundscape' }).click();
    const picture = view.getByRole('group', { name: /^Emitters around the listener/ });
    await expect(picture).toHaveAccessibleName(
      'Emitters around the listener: 1 recent positional play, 0 heard, 1 made no sound',
    );
    await expect(
      picture.getByRole('img', { name: 'Ambient2 at 106.8 m, bearing -42.6°: inaudible (below −50 dB)', exact: true }),
    ).toBeVisible();
    await expect(picture.getByText('No positional play heard', { exact: true })).toBeVisible();
    await expect(picture.getByText('1 play: inaudible (below −50 dB)', { exact: true })).toBeVisible();
  });

  test('the picture’s ring labels, as the browser draws them, cross no ring’s line and touch no other label', async ({
    app,
  }) => {
    const page = app.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const picture = (await app.openSoundscape()).getByRole('group', { name: /^Emitters around/ });
    // each "N m" label's text box (SVG user units) and each ring's radius
    const { labels, rings } = await picture.evaluate((svg) => {
      const texts = [...svg.querySelectorAll('text')].filter((t) => / m$/.test(t.textContent ?? ''));
      return {
        labels: texts.map((t) => {
          const b = t.getBBox();
          return { text: t.textContent, left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
        }),
        rings: [...svg.querySelectorAll('circle:not(.emitter)')].map((c) => Number(c.getAttribute('r'))),
      };
    });
    expect(labels.map((l) => l.text)).toEqual(['10 m', '20 m', '50 m', '120 m']);
    expect(rings).toHaveLength(4);
    for (const l of labels) {
      const dx = l.left > 0 ? l.left : l.right < 0 ? -l.right : 0;
      const dy = l.top > 0 ? l.top : l.bottom < 0 ? -l.bottom : 0;
      const near = Math.hypot(dx, dy);
      const far = Math.hypot(Math.max(-l.left, l.right), Math.max(-l.top, l.bottom));
      for (const r of rings) expect(near > r || far < r, `"${l.text}" crosses the ring of radius ${r}`).toBe(true);
      for (const o of labels)
        if (o !== l)
          expect(
            l.left > o.right || o.left > l.right || l.top > o.bottom || o.top > l.bottom,
            `"${l.text}" touches "${o.text}"`,
          ).toBe(true);
    }
  });
});

test('a SoundTable’s "Used by" links its Region: the link opens the Soundscape on a terrain that reaches that set', async ({
  app,
  page,
}) => {
  const graph = (
    (await (await page.request.post('api/getSoundGraph', { data: [] })).json()) as { result: SoundGraphData }
  ).result;
  const region = graph.regions[0]!;
  const set = region.ambientSets[region.ambientSets.length - 1]!;
  // the first terrain type and scene whose chain reaches the set (docs/ambient.md)
  let expected: { terrain: string; scene: number } | null = null;
  for (const t of region.terrainTypes) {
    const scene = t.sceneTypes.findIndex(
      (g) => g !== null && region.sceneTypes.find((s) => s.index === g)?.ambientSet === set.index,
    );
    if (scene >= 0) {
      expected = { terrain: `${t.index} ${t.name}`, scene };
      break;
    }
  }
  expect(expected, 'a terrain reaches the set').not.toBeNull();

  await app.openSoundTable(hex8(set.soundTable));
  const usedBy = app.details.getByRole('region', { name: 'Used by', exact: true });
  await usedBy
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`ambient set ${set.index}$`) })
    .getByRole('link', { name: hex8(region.id), exact: true })
    .click();
  const view = page.getByRole('region', { name: 'Soundscape' });
  await expect(view).toBeVisible();
  await expect(view.getByRole('radio', { name: 'Whole ring' })).toBeChecked();
  const terrain = view.getByRole('combobox', { name: 'Terrain type' });
  await expect(terrain.locator('option:checked')).toHaveText(expected!.terrain);
  await expect(view.getByRole('spinbutton', { name: 'Scene value' })).toHaveValue(String(expected!.scene));
});

test('Scene: the terrain type’s valid range is shown; a scene it does not have is refused with the reason', async ({
  app,
}) => {
  const view = await app.openSoundscape();
  const terrain = view.getByRole('combobox', { name: 'Terrain type' });
  await terrain.selectOption({ label: '1 Grassland' });
  const scene = view.getByRole('spinbutton', { name: 'Scene value' });
  await expect(scene).toHaveAccessibleDescription('valid: 0–2');
  await expect(scene).not.toHaveAttribute('aria-invalid', 'true');
  for (const bad of ['3', '-1', '99', '1.5']) {
    const why =
      bad === '1.5' ? '1.5 is not an integer' : `${bad} is not a scene of terrain type 1 Grassland (valid: 0–2)`;
    await scene.fill(bad);
    await expect(scene).toHaveAttribute('aria-invalid', 'true');
    await expect(scene).toHaveAccessibleDescription(`valid: 0–2 ${why}; keeping 0`);
    // as Seed does: the field shows the value kept when it loses focus, and still says why
    await scene.press('Tab');
    await expect(scene).toHaveValue('0');
    await expect(scene).toHaveAttribute('aria-invalid', 'true');
    await expect(scene).toHaveAccessibleDescription(`valid: 0–2 ${why}; keeping 0`);
    await expect(view.getByRole('status').filter({ hasText: `${why}; keeping 0` })).toBeVisible();
  }
  await scene.fill('2');
  await expect(scene).not.toHaveAttribute('aria-invalid', 'true');
  await expect(scene).toHaveAccessibleDescription('valid: 0–2');
  // a terrain type without that scene: the kept value is flagged, and Play says why instead of playing silence
  await terrain.selectOption({ label: '30 Olthoi' });
  await expect(scene).toHaveAttribute('aria-invalid', 'true');
  await expect(scene).toHaveAccessibleDescription(
    'valid: only 0 2 is not a scene of terrain type 30 Olthoi (valid: only 0)',
  );
  await view.getByRole('button', { name: 'Play soundscape' }).click();
  await expect(view.getByRole('alert')).toContainText('2 is not a scene of terrain type 30 Olthoi (valid: only 0)');
  await expect(view.getByRole('button', { name: 'Play soundscape' })).toBeVisible();
});

test('a play whose Wave is still being read says "reading…", never "played"; a broken Wave then says "cannot play"', async ({
  app,
  scratchDir,
}) => {
  const page = app.page;
  // the QA repro: 4 bytes at 0x3E800 break the chain of Wave 0x0A000072 (Waterfall, which
  // WaterRunning plays at once) after its first block. The host's answer for its bytes is held
  // until the log has been looked at, then passed on.
  const bytes = new Uint8Array(await readFile(DEMO_DAT));
  bytes.set([0xbe, 0x29, 0x17, 0x5b], 0x3e800);
  await app.openDatBytes(scratchDir, 'link_portal.dat', bytes);
  const broken = 0x0a000072;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/api/getWaveBytes', async (route) => {
    if ((JSON.parse(route.request().postData() ?? '[]') as unknown[])[0] === broken) {
      asked = true;
      await held;
    }
    await route.continue();
  });
  const view = await app.openSoundscape();
  await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '16 WaterRunning' });
  await view.getByRole('button', { name: 'Play soundscape' }).click();
  const first = view.getByRole('table', { name: 'Soundscape events' }).locator('tbody tr').last(); // newest first
  await expect(first).toContainText('Waterfall');
  await expect.poll(() => asked, { message: 'the Player asked for the Wave’s bytes' }).toBe(true);
  await expect(first.getByRole('cell').last()).toHaveText('reading…');
  await expect(view).toContainText(/\d+ events, 0 played/);
  release();
  await expect(first.getByRole('cell').last()).toHaveText(
    new RegExp(`^cannot play: Corrupt dat: block chain of ${hex8(broken)}`),
  );
  await expect(view).toContainText(/\d+ events, 0 played/);
  await view.getByRole('button', { name: 'Stop soundscape' }).click();
});
