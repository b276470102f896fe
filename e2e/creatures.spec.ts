/**
 * Issue #7 "e2e": a creature's attack motion played through the Player at its times with the
 * engine's gains, and a Wave's "Used by" naming the Animation and the creature it plays in.
 * The expectations come from the service's own answers over HTTP (getTimeline, getSoundGraph:
 * the engine in the host process), never from the page.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type {
  CreatureDetail,
  CreatureInfo,
  SoundGraphData,
  Timeline,
  TimelineRequest,
  WaveInfo,
} from '../core/contract';
import { DEFAULT_SETTINGS } from '../core/engine/types';
import { hex8 } from '../core/errors';
import { GX, graphFixtureDat, RX, reverseFixtureDat } from '../core/test/graphFixture';
import { fmtClock } from '../renderer/src/lib/format';
import { expect, test } from './fixtures';
import type { AppModel } from './model/app';
import { callService } from './model/serviceCall';

/** The demo's creature with an attack motion, and that motion. */
async function attackingCreature(
  request: APIRequestContext,
): Promise<{ creature: CreatureInfo; motion: CreatureDetail['motions'][number] }> {
  for (const creature of await callService<CreatureInfo[]>(request, 'listCreatures', [])) {
    const detail = await callService<CreatureDetail>(request, 'getCreature', [creature.id]);
    const motion = detail.motions.find((m) => /^Attack/.test(m.name));
    if (motion) return { creature, motion };
  }
  throw new Error('the demo dat has no creature with an attack motion');
}

interface Report {
  index: number;
  t: number;
  at: number;
  played: boolean;
  left: number;
  right: number;
}

/** The Player's sequence as the page holds it (`window.__acsound.player`). */
interface Sequence {
  running: boolean;
  startedAt: number;
  reports: Report[];
}

/** Presses Play motion and waits until the Player's sequence has ended; returns it. */
async function playMotionToEnd(app: AppModel, page: Page, message: string): Promise<Sequence> {
  await app.details.getByRole('button', { name: 'Play motion', exact: true }).click();
  const sequence = (): Promise<Sequence | null> =>
    page.evaluate(() => {
      const s = (
        window as unknown as { __acsound: { player: { getState(): { sequence: Sequence | null } } } }
      ).__acsound.player.getState().sequence;
      return s ? { running: s.running, startedAt: s.startedAt, reports: s.reports } : null;
    });
  await expect.poll(sequence, { message, timeout: 15_000 }).toMatchObject({ running: false });
  return (await sequence())!;
}

/**
 * The demo's first creature motion whose timeline plays a later sound that ends before an earlier
 * one (which then sounds alone), and every Wave's length (s).
 */
async function overlappingMotion(request: APIRequestContext): Promise<{
  creature: CreatureInfo;
  motion: CreatureDetail['motions'][number];
  lengths: Map<number, number>;
}> {
  const lengths = new Map((await callService<WaveInfo[]>(request, 'listWaves', [])).map((w) => [w.id, w.durationSec]));
  const end = (e: Timeline['events'][number]): number => e.t + lengths.get(e.waveId!)!;
  for (const creature of await callService<CreatureInfo[]>(request, 'listCreatures', [])) {
    const detail = await callService<CreatureDetail>(request, 'getCreature', [creature.id]);
    for (const motion of detail.motions) {
      const req: TimelineRequest = {
        setupId: creature.id,
        motion: motion.motion,
        style: motion.style,
        speed: 1,
        seed: 1,
      };
      const played = (await callService<Timeline>(request, 'getTimeline', [req])).events.filter(
        (e) => e.decision.played && e.waveId !== null,
      );
      if (played.some((a, i) => played.slice(i + 1).some((b) => end(b) < end(a)))) return { creature, motion, lengths };
    }
  }
  throw new Error('the demo dat has no motion where a short sound ends over a longer one');
}

test.describe('creatures: Play motion and "Used by"', () => {
  test('open a creature, choose its attack motion, Play motion: each event fires at its time (±30 ms) with the engine’s gains', async ({
    app,
    page,
  }) => {
    const { creature, motion } = await attackingCreature(page.request);
    const hex = hex8(creature.id);
    await app.setListener(10, 90);

    await app.showList('Creatures');
    await app.row('Creatures', hex).click();
    await expect(app.details.getByRole('heading', { name: new RegExp(`^Creature ${hex}`) })).toBeVisible();
    await app.details.getByRole('radio', { name: `${motion.name} (${motion.styleName})`, exact: true }).check();
    await expect(app.details.getByRole('group', { name: `Timeline of ${motion.name}` })).toBeVisible();

    // What the engine in the service decides for this motion under the same Listener (10 m, +90°).
    const req: TimelineRequest = {
      setupId: creature.id,
      motion: motion.motion,
      style: motion.style,
      speed: 1,
      seed: 1,
      settings: { ...DEFAULT_SETTINGS, prefs: { ...DEFAULT_SETTINGS.prefs }, distance: 10, bearingDeg: 90 },
    };
    const timeline = await callService<Timeline>(page.request, 'getTimeline', [req]);
    expect(timeline.events.length, 'the attack makes sounds').toBeGreaterThan(0);
    expect(
      timeline.events.some((e) => e.decision.played),
      'at least one event is heard at 10 m',
    ).toBe(true);
    await expect(app.details.getByRole('table', { name: 'Sound events' }).getByRole('row')).toHaveCount(
      timeline.events.length + 1,
    );

    // Observe the Player: when each report arrives (performance.now(), ms), from its own subscription.
    await page.evaluate(() => {
      const w = window as unknown as {
        __acsound: {
          player: {
            subscribe(f: () => void): () => void;
            getState(): { sequence: { startedAt: number; reports: unknown[] } | null };
          };
        };
        __arrivals: number[];
      };
      w.__arrivals = [];
      const player = w.__acsound.player;
      let seen = 0;
      player.subscribe(() => {
        const n = player.getState().sequence?.reports.length ?? 0;
        for (; seen < n; seen++) w.__arrivals.push(performance.now());
      });
    });
    const played = await playMotionToEnd(app, page, 'the Player reports every event and ends');
    const arrivals = await page.evaluate(() => (window as unknown as { __arrivals: number[] }).__arrivals);
    const state = { ...played, arrivals };
    expect(state.reports).toHaveLength(timeline.events.length);
    state.reports.forEach((r, i) => {
      const e = timeline.events[r.index]!;
      expect(r.t, `event ${r.index}: planned time`).toBeCloseTo(e.t, 6);
      expect(Math.abs(r.at - e.t), `event ${r.index} fired at ${r.at} s, due ${e.t} s`).toBeLessThanOrEqual(0.03);
      // The report comes when the engine decides the event, at most 0.1 s ahead of it (the Player's
      // lookahead) — never all at once at Play. Its sounding time is `at`, on the audio clock.
      const arrived = (state.arrivals[i]! - state.startedAt) / 1000;
      expect(arrived, `event ${r.index} reported at ${arrived} s, due ${e.t} s`).toBeGreaterThanOrEqual(
        e.t - 0.1 - 0.03,
      );
      expect(r.played, `event ${r.index} played`).toBe(e.decision.played);
      expect(r.left, `event ${r.index} left gain`).toBeCloseTo(e.decision.left, 6);
      expect(r.right, `event ${r.index} right gain`).toBeCloseTo(e.decision.right, 6);
    });
    const heard = state.reports.find((r) => r.played)!;
    expect(heard.right, 'a source at +90° is louder on the right').toBeGreaterThan(heard.left);
  });

  test('while a motion plays, the transport names the Wave whose clock it shows, also when a short sound ends over a long one', async ({
    app,
    page,
  }) => {
    const { creature, motion, lengths } = await overlappingMotion(page.request);

    await app.showList('Creatures');
    await app.row('Creatures', hex8(creature.id)).click();
    await app.details.getByRole('radio', { name: `${motion.name} (${motion.styleName})`, exact: true }).check();
    // at every change of the Player's state (each voice's start and end) and every frame, what the
    // transport shows: the Wave it names (the Player line) and the voice whose clock it shows
    // (the Position timer), both read from the Player the page renders
    await page.evaluate(() => {
      type Player = {
        getState(): { playing: boolean; currentWaveId: number | null };
        position(): { duration: number; waveId: number | null };
        subscribe(listener: () => void): () => void;
      };
      const w = window as unknown as {
        __acsound: { player: Player };
        __seen: [number | null, number | null, number][];
      };
      w.__seen = [];
      const sample = (): void => {
        const s = w.__acsound.player.getState();
        const p = w.__acsound.player.position();
        if (s.playing) w.__seen.push([s.currentWaveId, p.waveId, p.duration]);
      };
      w.__acsound.player.subscribe(sample);
      const tick = (): void => {
        sample();
        if (w.__seen.length < 2000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // and what the page shows: after every DOM change of the transport, its Player line and its
    // Position timer as the user reads them (a name and a clock committed a frame apart disagree)
    await page.evaluate(() => {
      const w = window as unknown as { __shown: [string, string][] };
      w.__shown = [];
      const status = document.querySelector('.transport [role="status"][aria-label="Player"]');
      const timer = document.querySelector('.transport [role="timer"][aria-label="Position"]');
      if (!status || !timer) throw new Error('no Player status or Position timer in the transport');
      const take = (): void => {
        w.__shown.push([status.textContent ?? '', timer.textContent ?? '']);
      };
      new MutationObserver(take).observe(document.querySelector('.transport')!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await app.details.getByRole('button', { name: 'Play motion', exact: true }).click();
    await expect(app.page.getByRole('status', { name: 'Player' })).toContainText('Playing');
    await expect(app.page.getByRole('status', { name: 'Player' })).not.toContainText('Playing', { timeout: 10_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: [number | null, number | null, number][] }).__seen,
    );
    const named: number[] = [];
    for (const [name, clockOf, duration] of seen) {
      expect(name, `named ${hex8(name ?? 0)}, clock of ${hex8(clockOf ?? 0)}`).toBe(clockOf);
      expect(Math.abs(duration - lengths.get(clockOf!)!)).toBeLessThanOrEqual(0.002);
      if (named.at(-1) !== name) named.push(name!);
    }
    // the name went back to the longer sound once the short one ended
    expect(named.length, `Waves named in turn: ${named.map(hex8).join(', ')}`).toBeGreaterThanOrEqual(3);
    const shown = await page.evaluate(() => (window as unknown as { __shown: [string, string][] }).__shown);
    const lengthOf = new Map([...lengths].map(([id, sec]) => [hex8(id), fmtClock(sec)]));
    let checked = 0;
    for (const [line, clock] of shown) {
      const m = /^Playing (0x[0-9A-F]{8})/.exec(line);
      if (!m) continue;
      checked++;
      expect(clock.split(' / ')[1], `"${line}" shown with the clock "${clock}"`).toBe(lengthOf.get(m[1]!));
    }
    expect(checked, 'the transport was seen naming Waves').toBeGreaterThan(2);
  });

  test('at 1366×768 the Sound events table fits its panel: every column, Engine and Fired (s) included, is in view', async ({
    app,
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const { creature, motion } = await attackingCreature(page.request);
    await app.showList('Creatures');
    await app.row('Creatures', hex8(creature.id)).click();
    await app.details.getByRole('radio', { name: `${motion.name} (${motion.styleName})`, exact: true }).check();
    const table = app.details.getByRole('table', { name: 'Sound events' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const panel = (await app.details.getByRole('region', { name: `Motion ${motion.name}` }).boundingBox())!;
    for (const name of ['Engine', 'Fired (s)']) {
      const th = (await table.getByRole('columnheader', { name, exact: true }).boundingBox())!;
      expect(th.x + th.width, `${name} ends inside the motion panel`).toBeLessThanOrEqual(panel.x + panel.width);
    }
  });

  test('a Wave’s "Used by" shows the Animation and the creature; the link opens the creature', async ({
    app,
    page,
  }) => {
    const graph = await callService<SoundGraphData>(page.request, 'getSoundGraph', []);
    const creatures = await callService<CreatureInfo[]>(page.request, 'listCreatures', []);
    // A Wave named by an Animation hook (Sound or SoundTweaked) of a creature's MotionTable.
    let pick: { wave: number; animation: number; frame: number; creature: CreatureInfo } | null = null;
    for (const a of graph.animations) {
      const h = a.soundHooks.find((x): x is Extract<typeof x, { waveId: number }> => x.hook !== 'SoundTable');
      if (!h) continue;
      const tables = graph.motionTables.filter((m) => m.animations.includes(a.id)).map((m) => m.id);
      const creature = creatures.find((c) => c.motionTable !== null && tables.includes(c.motionTable));
      if (creature) {
        pick = { wave: h.waveId, animation: a.id, frame: h.frame, creature };
        break;
      }
    }
    expect(pick, 'the demo dat has a creature Animation with a Sound or SoundTweaked hook').not.toBeNull();
    const { wave, animation, frame, creature } = pick!;

    await app.openWave(hex8(wave));
    const usedBy = app.details.getByRole('region', { name: 'Used by', exact: true });
    const row = usedBy.getByRole('listitem').filter({ hasText: `Animation ${hex8(animation)}` });
    await expect(row).toContainText(`frame ${frame}`);
    const link = row.getByRole('link', { name: new RegExp(`^${hex8(creature.id)}`) });
    await expect(link).toBeVisible();
    await link.click();
    await expect(
      app.details.getByRole('heading', { name: new RegExp(`^Creature ${hex8(creature.id)}`) }),
    ).toBeVisible();
    await expect(app.tab('Creatures')).toHaveAttribute('aria-selected', 'true');
  });

  test('the Waves and SoundTables lists carry a "Used by" column once the sound graph is ready', async ({ app }) => {
    await app.showList('Waves');
    await expect(app.grid('Waves').getByRole('columnheader', { name: 'Used by' })).toBeVisible();
    await expect(app.statusBar).toContainText(/sound graph \d+ objects/);
  });
});

test('Reverse plays a motion backwards: its Backward hook is an event, drawn on the strip, and Play motion fires it', async ({
  app,
  page,
  scratchDir,
}) => {
  // the graph fixture's walk cycle (20 frames, 30 fps) has a SoundTweaked hook on frame 9 whose Direction is Backward
  await app.openDatBytes(scratchDir, 'graph_portal.dat', graphFixtureDat());
  await app.showList('Creatures');
  await app.row('Creatures', hex8(GX.setup)).click();
  await app.details.getByRole('radio', { name: 'WalkForward (NonCombat)', exact: true }).check();
  const events = app.details.getByRole('table', { name: 'Sound events' });
  await expect(events.getByRole('row').nth(1)).toContainText('Sound (Forward)');
  await expect(
    events.getByRole('row').filter({ hasText: 'SoundTweaked' }),
    'forward: the Backward hook is silent',
  ).toHaveCount(0);

  await app.details.getByRole('checkbox', { name: 'Reverse', exact: true }).check();
  // at speed −1 the walk runs from frame 20 − 0.0002 down: frame 9 fires as the playhead drops below 9
  // (sound-sources §2.7), then frame 7's Both hook; frame 3's Forward one never
  const due = [(20 - 0.0002 - 9) / 30, (20 - 0.0002 - 7) / 30];
  const rows = events.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('SoundTweaked (Backward)');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(due[0]!.toFixed(3));
  await expect(rows.nth(2)).toContainText('SoundTable (Both)');
  await expect(events).toContainText('at speed -1 (WalkForward), in reverse');
  await expect(
    app.details.getByRole('group', { name: 'Timeline of WalkForward' }).getByRole('link', {
      name: new RegExp(`^${due[0]!.toFixed(3)} s: frame 9, SoundTweaked, Backward → 0x0A000011$`),
    }),
  ).toBeVisible();

  const { reports } = await playMotionToEnd(app, page, 'the Player plays the reversed walk to its end');
  expect(reports.map((r) => r.index).sort()).toEqual([0, 1]);
  const fired = reports.find((r) => r.index === 0)!;
  expect(fired.t, 'the Backward hook fires at its reverse-play time').toBeCloseTo(due[0]!, 6);
  expect(Math.abs(fired.at - fired.t)).toBeLessThanOrEqual(0.03);
  await expect(rows.nth(1).getByRole('cell').last()).not.toHaveText('—');
});

test('Reverse is offered only where the MotionTable has a reverse sequence, and is kept from motion to motion', async ({
  app,
  scratchDir,
}) => {
  // the graph fixture's MotionTable has links from Ready only: AttackHigh1 has no link back to Ready
  await app.openDatBytes(scratchDir, 'graph_portal.dat', graphFixtureDat());
  await app.showList('Creatures');
  await app.row('Creatures', hex8(GX.setup)).click();
  const motionRadio = (name: string) => app.details.getByRole('radio', { name: `${name} (NonCombat)`, exact: true });
  const reverse = app.details.getByRole('checkbox', { name: 'Reverse', exact: true });
  await motionRadio('WalkForward').check();
  await reverse.check();
  const walk = app.details.getByRole('region', { name: 'Motion WalkForward' });
  await expect(walk.getByRole('table', { name: 'Sound events' })).toContainText('in reverse');
  // another motion that plays backwards: Reverse stays checked, as Speed stays
  await app.details.getByRole('spinbutton', { name: 'Speed', exact: true }).fill('2');
  await motionRadio('Dead').check();
  await expect(reverse).toBeChecked();
  await expect(app.details.getByRole('spinbutton', { name: 'Speed', exact: true })).toHaveValue('2');

  // AttackHigh1 has no reverse sequence: Reverse is disabled beforehand and says why; it plays forward
  await motionRadio('AttackHigh1').check();
  const panel = app.details.getByRole('region', { name: 'Motion AttackHigh1' });
  await expect(reverse).toBeDisabled();
  await expect(reverse).not.toBeChecked();
  await expect(reverse).toHaveAccessibleDescription(
    'AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards. ' +
      'Motions it can play backwards: Dead, WalkForward.',
  );
  // one tooltip, the label's (hovering the box shows it too): the box has no title of its own
  await expect(reverse).not.toHaveAttribute('title');
  const reverseLabel = app.details.locator('label', {
    has: app.page.getByRole('checkbox', { name: 'Reverse', exact: true }),
  });
  await expect(reverseLabel).toHaveAttribute(
    'title',
    'AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards. ' +
      'Motions it can play backwards: Dead, WalkForward.',
  );
  // its Sound hook on frame 4 and the Sound hook of the script its CallPES starts
  await expect(panel.getByRole('table', { name: 'Sound events' }).getByRole('row')).toHaveCount(3);
  await expect(app.details.getByRole('alert')).toHaveCount(0);
  await expect(panel).not.toContainText('has no motion AttackHigh1');
  await expect(panel.getByRole('button', { name: 'Play motion', exact: true })).toBeEnabled();
  // back to the walk: the user's Reverse again
  await motionRadio('WalkForward').check();
  await expect(reverse).toBeEnabled();
  await expect(reverse).toBeChecked();
});

test('a motion that sounds only in reverse is listed "in reverse only", starts reversed, and Play motion fires its Backward hook', async ({
  app,
  page,
  scratchDir,
}) => {
  // the reverse fixture's Twitch1: its one sound hook (frame 3 of 8, 30 fps) is Backward
  await app.openDatBytes(scratchDir, 'reverse_portal.dat', reverseFixtureDat());
  await app.showList('Creatures');
  await app.row('Creatures', hex8(RX.setup)).click();
  const radio = app.details.getByRole('radio', { name: 'Twitch1 (NonCombat)', exact: true });
  const label = app.details
    .getByRole('radiogroup', { name: 'Motions' })
    .locator('label')
    .filter({ hasText: 'Twitch1' });
  await expect(label).toContainText('in reverse only');
  await radio.check();
  const panel = app.details.getByRole('region', { name: 'Motion Twitch1' });
  await expect(panel.getByRole('checkbox', { name: 'Reverse', exact: true })).toBeChecked();
  const rows = panel.getByRole('table', { name: 'Sound events' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Sound (Backward)');
  const due = (8 - 0.0002 - 3) / 30;
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(due.toFixed(3));
  const { reports } = await playMotionToEnd(app, page, 'the Player plays Twitch1 in reverse to its end');
  expect(reports.map((r) => r.index)).toEqual([0]);
  expect(reports[0]!.t).toBeCloseTo(due, 6);
  // unchecked, it is silent, and the panel says how to hear it
  await panel.getByRole('checkbox', { name: 'Reverse', exact: true }).uncheck();
  await expect(panel).toContainText('Twitch1 makes a sound only in reverse: check Reverse to hear it.');
  await expect(rows).toHaveCount(1);
});

test('the Creatures list’s Hooks column counts the hooks that can play a sound: its own and those through scripts', async ({
  app,
  scratchDir,
}) => {
  // the graph fixture (built by our writers): the creature's attack has a CallPES of a script with a Sound hook
  await app.openDatBytes(scratchDir, 'graph_portal.dat', graphFixtureDat());
  await app.showList('Creatures');
  const header = app.grid('Creatures').getByRole('columnheader', { name: 'Hooks that can play a sound' });
  await expect(header).toBeVisible();
  await expect(header.getByRole('button')).toHaveAccessibleDescription(/CallPES and DefaultScript hooks/);
  const column = Number(await header.getAttribute('aria-colindex')) - 1;
  // 6 sound hooks + the CallPES (before, the column said 6)
  await expect(app.row('Creatures', hex8(GX.setup)).getByRole('gridcell').nth(column)).toHaveText('7');
  await expect(app.row('Creatures', hex8(GX.setup)).getByRole('gridcell').nth(column)).toHaveAttribute(
    'title',
    '6 sound hooks (Sound, SoundTweaked, SoundTable) + 1 script hook whose PhysicsScript plays a sound (CallPES, DefaultScript)',
  );
});
