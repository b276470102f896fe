/**
 * The one playability rule (core/audio playable.ts, docs/formats/wave.md §5) at every door, on a
 * copy of the demo dat rebuilt with the project's writer whose PCM and ADPCM Waves have sample
 * rates of 0, 1 and 4,000,000,000 Hz: the Waves list and the Wave view say "Cannot decode" with
 * the reason (never "decodes"), a bare play says "cannot play" and takes no voice, and a
 * creature's timeline and the ambient soundscape skip such Waves visibly, in the same words,
 * without a voice.
 */
import type { Page } from '@playwright/test';
import type { CreatureDetail, CreatureInfo } from '../core/contract';
import { hex8 } from '../core/errors';
import { expect, test } from './fixtures';
import { callService } from './model/serviceCall';
import type { AppModel } from './model/app';
import { writeBadRateDat } from './model/brokenDats';
import type { DemoFacts } from './model/demoDat';

const RATES = [0, 1, 4_000_000_000];
const reason = (rate: number) => `sample rate ${rate} Hz is outside 100..384000 Hz`;

/** The Wave ids holding a voice in the Player's 16-voice pool now (window.__acsound.player, docs/ui-contract.md). */
function heldWaves(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const p = (
      window as unknown as {
        __acsound: {
          player: {
            clockSec(): number;
            pool: { snapshot(now: number): { slots: { voice: { waveId: number } | null }[] } };
          };
        };
      }
    ).__acsound.player;
    return p.pool.snapshot(p.clockSec()).slots.flatMap((s) => (s.voice ? [s.voice.waveId] : []));
  });
}

/** Opens, in the page, a copy of the demo dat whose PCM and ADPCM Waves have {@link RATES}: Wave id → its rate. */
async function openBadRateDat(app: AppModel, facts: DemoFacts, dir: string): Promise<Map<number, number>> {
  const { path, rates } = await writeBadRateDat(dir, RATES);
  await app.openDatPath(path);
  await expect(app.statusBar).toContainText(`${facts.waves.length} Waves`);
  return rates;
}

test.describe('a Wave of an absurd sample rate', () => {
  test('the Waves list and the Wave view say "Cannot decode" with the reason; a bare play says "cannot play", no voice', async ({
    app,
    facts,
    scratchDir,
  }) => {
    const rates = await openBadRateDat(app, facts, scratchDir);
    await app.showList('Waves');
    for (const rate of RATES) {
      const id = [...rates].find(([, r]) => r === rate)![0];
      const hex = hex8(id);
      await expect(
        app.row('Waves', hex).getByRole('img', { name: `Error: Cannot decode: ${reason(rate)}` }),
      ).toBeVisible();
      await app.openWave(hex);
      await expect(app.details.getByRole('alert')).toContainText(`Cannot decode (format tag 0x0001): ${reason(rate)}`);
      await expect(app.details.getByText('decodes', { exact: true })).toHaveCount(0);
      await expect(app.details.getByRole('button', { name: 'Export original…' })).toBeVisible();
      await expect(app.playButton).toBeDisabled();
      await expect(app.playButton).toHaveAccessibleDescription(`Cannot play ${hex}: Cannot decode: ${reason(rate)}`);
    }

    // ▶ with a SoundTable open plays its first Wave bare: decided "cannot play" before a voice is taken
    const first = parseInt(facts.table.waveHex, 16);
    expect(rates.has(first), `${facts.table.waveHex} is one of the changed Waves`).toBe(true);
    await app.openSoundTable(facts.table.hex);
    await app.playButton.click();
    await expect(app.playerStatus).toHaveText(
      `No sound from ${facts.table.waveHex}: cannot play: ${reason(rates.get(first)!)}`,
    );
    await expect(app.listener.getByText(/^0\/16 busy/)).toBeVisible();
  });

  test('a creature’s timeline and Play motion skip such a Wave with the reason, and take no voice', async ({
    app,
    page,
    facts,
    scratchDir,
  }) => {
    const rates = await openBadRateDat(app, facts, scratchDir);
    // the first creature with a motion that makes sounds (the service's answer on this dat)
    let found: { creature: CreatureInfo; motion: CreatureDetail['motions'][number] } | null = null;
    for (const creature of await callService<CreatureInfo[]>(page.request, 'listCreatures', [])) {
      const motion = (await callService<CreatureDetail>(page.request, 'getCreature', [creature.id])).motions[0];
      if (motion) {
        found = { creature, motion };
        break;
      }
    }
    expect(found, 'a creature makes sounds').not.toBeNull();
    const { creature, motion } = found!;
    const hex = hex8(creature.id);
    await app.showList('Creatures');
    await app.row('Creatures', hex).click();
    await app.details.getByRole('radio', { name: `${motion.name} (${motion.styleName})`, exact: true }).check();
    const events = app.details.getByRole('table', { name: 'Sound events' });
    const rows = events.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    let skipped = 0;
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).getByRole('cell');
      const wave = (await cells.nth(4).innerText()).match(/0x0A[0-9A-F]{6}/)?.[0];
      if (!wave || !rates.has(parseInt(wave, 16))) continue;
      await expect(cells.nth(5)).toHaveText(`cannot play: ${reason(rates.get(parseInt(wave, 16))!)}`);
      skipped++;
    }
    expect(skipped, 'the motion names a changed Wave').toBeGreaterThan(0);

    await app.details.getByRole('button', { name: 'Play motion' }).click();
    // every event fires (its "Fired" cell fills) and none that names a changed Wave sounds or takes a voice
    await expect(rows.last().getByRole('cell').nth(6)).not.toHaveText('—', { timeout: 10_000 });
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).getByRole('cell');
      const wave = (await cells.nth(4).innerText()).match(/0x0A[0-9A-F]{6}/)?.[0];
      if (wave && rates.has(parseInt(wave, 16))) await expect(cells.nth(6)).toHaveText(/ silent$/);
    }
    expect((await heldWaves(page)).filter((id) => rates.has(id))).toEqual([]);
  });

  test('the soundscape logs such a Wave as skipped with the reason, and takes no voice for it', async ({
    app,
    page,
    facts,
    scratchDir,
  }) => {
    const rates = await openBadRateDat(app, facts, scratchDir);
    await page.getByRole('button', { name: 'Soundscape', exact: true }).click();
    const view = page.getByRole('region', { name: 'Soundscape' });
    await view.getByRole('combobox', { name: 'Terrain type' }).selectOption({ label: '1 Grassland' });
    await view.getByRole('button', { name: 'Play soundscape' }).click();
    const rows = view.getByRole('table', { name: 'Soundscape events' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await page.waitForTimeout(2500); // a few more deadlines
    // no voice was ever taken for a changed Wave (a finished voice stays in its slot until reclaimed)
    expect((await heldWaves(page)).filter((id) => rates.has(id))).toEqual([]);
    await view.getByRole('button', { name: 'Stop soundscape' }).click();
    const count = await rows.count();
    let skipped = 0;
    for (let i = 0; i < count; i++) {
      const cells = rows.nth(i).getByRole('cell');
      const wave = await cells.nth(3).innerText();
      if (!/^0x0A/.test(wave) || !rates.has(parseInt(wave, 16))) continue;
      // never played; a sound too quiet to hear is "inaudible" first (the engine's order), else the reason
      const why = await cells.nth(8).innerText();
      expect(why).not.toMatch(/^played/);
      if (why.startsWith('cannot play')) {
        expect(why).toBe(`cannot play: ${reason(rates.get(parseInt(wave, 16))!)}`);
        skipped++;
      }
    }
    expect(skipped, 'the ambient set plays a changed Wave').toBeGreaterThan(0);
  });
});
