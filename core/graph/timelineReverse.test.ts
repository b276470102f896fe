/**
 * Reverse playback of a creature's motion (shared spec sound-sources §2.7, §3.3 "With negative
 * speeds the outer/inner roles swap"; pitfalls §21–23), and golden timelines of the fixture
 * creatures at speed 1.0, 1.5 and −0.65: the exact multiset of (Animation, frame, hook, direction)
 * per pass, each at its time.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from '../dat';
import { entryData, indexDat } from '../index';
import { errorToData, rebuildError } from '../errors';
import { BACKWARD_START_EPSILON as E } from '../objects';
import { GX, RX, reverseFixtureDat } from '../test/graphFixture';
import { buildSoundGraph } from './buildGraph';
import {
  isNoReverseSequence,
  NO_REVERSE_SEQUENCE,
  NoReverseSequenceError,
  noReverseSequenceText,
  reversibleNames,
} from './reversePlay';
import { creatureDetail, motionTimeline, type TimelineContext } from './timeline';
import type { Timeline } from './types';

let shared: Promise<TimelineContext> | null = null;
function context(): Promise<TimelineContext> {
  shared ??= (async () => {
    const dat = await DatFile.open(new MemoryByteSource(reverseFixtureDat()));
    const index = await indexDat(dat);
    const graph = await buildSoundGraph(dat, { soundTables: index.soundTables.rows });
    return {
      graph,
      readObject: (id: number) => dat.readObject(id),
      soundTypeRows: (tableId: number, soundType: number) => {
        const t = index.soundTables.parsed.get(tableId);
        if (!t || t instanceof Error) return null;
        return t.sounds.find((s) => s.key === soundType)?.entries.map(entryData) ?? null;
      },
      waveExists: (id: number) => index.waves.byId.has(id),
    };
  })();
  return shared;
}

const M = { Walk: 0x45000005, Attack: 0x10000062, Dead: 0x40000011, Twitch: 0x10000051 };

/** The animation's own hooks (not those of called scripts), as [Animation, frame, hook, direction, t], sorted by time. */
function own(t: Timeline): [number, number, string, string, number][] {
  return t.events
    .filter((e) => e.script === null)
    .map((e): [number, number, string, string, number] => [e.animation, e.frame, e.hook, e.direction, e.t])
    .sort((a, b) => a[4] - b[4] || a[0] - b[0] || a[1] - b[1]);
}

/** Exact hooks, times to 1e-12 s. */
function expectEvents(t: Timeline, expected: [number, number, string, string, number][]): void {
  const got = own(t);
  expect(got.map((e) => e.slice(0, 4))).toEqual(expected.map((e) => e.slice(0, 4)));
  got.forEach((e, i) =>
    expect(e[4], `event ${i} (frame ${e[1]} of ${e[0].toString(16)})`).toBeCloseTo(expected[i]![4], 12),
  );
}

const timeline = async (setupId: number, motion: number, speed: number): Promise<Timeline> =>
  motionTimeline(await context(), { setupId, motion, speed });

describe('reverse play (speed < 0): which hooks fire (pitfalls §22–23)', () => {
  it('Backward hooks fire and Forward ones do not at a negative speed; Both fire in both directions', async () => {
    const back = await timeline(GX.setup, M.Walk, -1);
    // GX.walk: Sound Forward on 3, SoundTable Both on 7, SoundTweaked Backward on 9 (20 frames)
    expect(own(back).map((e) => [e[1], e[2], e[3]])).toEqual([
      [9, 'SoundTweaked', 'Backward'],
      [7, 'SoundTable', 'Both'],
    ]);
    const fwd = await timeline(GX.setup, M.Walk, 1);
    expect(own(fwd).map((e) => [e[1], e[2], e[3]])).toEqual([
      [3, 'Sound', 'Forward'],
      [7, 'SoundTable', 'Both'],
    ]);
  });

  it('the terminal frame: a hook on low never fires backward, one on high fires backward only', async () => {
    const back = await timeline(RX.setup, M.Walk, -1);
    const walk = own(back).filter((e) => e[0] === RX.walk);
    expect(walk.map((e) => e[1])).toEqual([9, 6, 4]); // not 0 (low, Backward), not 2 (Forward)
    const fwd = await timeline(RX.setup, M.Walk, 1);
    expect(
      own(fwd)
        .filter((e) => e[0] === RX.walk)
        .map((e) => e[1]),
    ).toEqual([2, 4]); // not 9 (high), not the Backward ones
  });

  it('each hook fires exactly once per pass: no frame of a node fires twice, at a speed of either sign', async () => {
    for (const speed of [1, 1.5, -0.65, -3]) {
      for (const motion of [M.Walk, M.Attack]) {
        const keys = own(await timeline(RX.setup, motion, speed)).map((e) => `${e[0]}:${e[1]}`);
        // every (Animation, frame) is played by one node here: a hook seen twice would have fired twice in a pass
        expect(new Set(keys).size, `${motion.toString(16)} at ${speed}`).toBe(keys.length);
      }
    }
  });

  it('times scale with |speed|: at −1.3 every event and the duration are half those at −0.65', async () => {
    const slow = await timeline(RX.setup, M.Walk, -0.65);
    const fast = await timeline(RX.setup, M.Walk, -1.3);
    expect(fast.events.map((e) => [e.frame, e.hook])).toEqual(slow.events.map((e) => [e.frame, e.hook]));
    fast.events.forEach((e, i) => expect(e.t).toBeCloseTo(slow.events[i]!.t / 2, 12));
    expect(fast.duration).toBeCloseTo(slow.duration / 2, 12);
  });

  it('speed 0 or a non-finite speed is a RangeError (a node at rate 0 never ends and fires nothing)', async () => {
    const ctx = await context();
    for (const speed of [0, -0, Number.NaN, Infinity, -Infinity])
      await expect(motionTimeline(ctx, { setupId: RX.setup, motion: M.Walk, speed })).rejects.toBeInstanceOf(
        RangeError,
      );
  });
});

describe('reverse play: the sequence the client plays (sound-sources §3.3, pitfalls §21)', () => {
  it('WalkForward at −0.65 plays the reverse link links[WalkForward][Ready] backwards, then the walk cycle backwards', async () => {
    const t = await timeline(RX.setup, M.Walk, -0.65);
    const r = 30 * -0.65;
    expect(t.animations.map((a) => [a.animation, a.role, a.framerate])).toEqual([
      [RX.stop, 'link', r],
      [RX.walk, 'cycle', r],
    ]);
    expect(t.animations[1]!.start).toBeCloseTo((5 - E) / 19.5, 12);
    expect(t.duration).toBeCloseTo((5 - E + 10 - E) / 19.5, 12);
    expect(t).toMatchObject({ speed: -0.65, cyclic: true, motion: M.Walk });
  });

  it('an action at a negative speed plays its reverse link backwards, then returns to the Ready cycle at speed 1', async () => {
    const t = await timeline(RX.setup, M.Attack, -0.65);
    expect(t.animations.map((a) => [a.animation, a.role, a.framerate])).toEqual([
      [RX.attack, 'link', 30 * -0.65],
      [RX.idle, 'cycle', 30],
    ]);
  });

  it('a motion without a reverse sequence is NotFoundError naming the motion "in reverse"', async () => {
    // GX's table has links from Ready only: AttackHigh1 has no link back to Ready
    await expect(timeline(GX.setup, M.Attack, -0.65)).rejects.toMatchObject({
      name: 'NotFoundError',
      message: expect.stringMatching(/AttackHigh1 \(0x10000062\) in reverse/),
    });
  });

  it('no reverse sequence is told from bad data by its kind (NotFoundError, code ENOREVERSE), also across the wire', async () => {
    const err = await timeline(GX.setup, M.Attack, -1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoReverseSequenceError);
    expect(errorToData(err)).toMatchObject({ name: 'NotFoundError', code: NO_REVERSE_SEQUENCE });
    expect(isNoReverseSequence(err)).toBe(true);
    expect(isNoReverseSequence(rebuildError(errorToData(err)))).toBe(true);
    // a motion the table cannot play at all, forward, is not that note: a plain NotFoundError
    const missing = await timeline(GX.setup, 0x10000063, 1).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'NotFoundError' });
    expect(isNoReverseSequence(missing)).toBe(false);
    expect(isNoReverseSequence(rebuildError(errorToData(missing)))).toBe(false);
  });

  it('the note says what the client can play backwards instead: the reversible motions, or none', async () => {
    // GX: its table plays Dead and WalkForward backwards (links from Ready), never AttackHigh1
    const err = await timeline(GX.setup, M.Attack, -1).catch((e: unknown) => e);
    const names = reversibleNames((await creatureDetail(await context(), GX.setup)).motions);
    expect(names).toEqual(['Dead', 'WalkForward']);
    expect(err).toMatchObject({
      reversible: names,
      message: expect.stringMatching(/AttackHigh1 \(0x10000062\) in reverse; it has Dead, WalkForward$/),
    });
    expect(noReverseSequenceText('AttackHigh1', names)).toBe(
      'AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards. ' +
        'Motions it can play backwards: Dead, WalkForward.',
    );
    expect(noReverseSequenceText('AttackHigh1', [])).toBe(
      'AttackHigh1 has no reverse sequence in this MotionTable: the client cannot play it backwards, ' +
        'nor any other motion of this creature.',
    );
    // each name once (a motion in two stances), and never the motion itself
    const m = (name: string, reversible: boolean) => ({ name, reversible });
    expect(reversibleNames([m('Dead', true), m('AttackHigh1', false), m('Dead', true), m('Ready', true)])).toEqual([
      'Dead',
      'Ready',
    ]);
    expect(noReverseSequenceText('Dead', ['Dead'])).toMatch(/, nor any other motion of this creature\.$/);
  });

  it('isNoReverseSequence is a type guard: past it, code and motion are typed, no cast (tsc checks this test)', async () => {
    const thrown: unknown = await timeline(GX.setup, M.Attack, -1).catch((e: unknown) => e);
    const rebuilt: unknown = rebuildError(errorToData(thrown));
    if (!isNoReverseSequence(thrown) || !isNoReverseSequence(rebuilt)) throw new Error('not a NoReverseSequence');
    expectTypeOf(thrown.code).toEqualTypeOf<'ENOREVERSE'>();
    expectTypeOf(thrown.motion).toEqualTypeOf<number | undefined>();
    // thrown in this process it names its motion; rebuilt from the wire it does not
    expect([thrown.code, thrown.motion]).toEqual([NO_REVERSE_SEQUENCE, M.Attack]);
    expect([rebuilt.code, rebuilt.motion]).toEqual([NO_REVERSE_SEQUENCE, undefined]);
  });
});

describe('reversible: a motion is offered in reverse exactly when motionTimeline can play it backwards', () => {
  it('creatureDetail marks it reversible iff its reverse timeline is not a NoReverseSequenceError', async () => {
    const ctx = await context();
    for (const setupId of [RX.setup, GX.setup]) {
      for (const m of (await creatureDetail(ctx, setupId)).motions) {
        const back = await motionTimeline(ctx, { setupId, motion: m.motion, style: m.style, speed: -1 }).catch(
          (e: unknown) => e,
        );
        expect(m.reversible, `${m.name} of ${setupId.toString(16)}`).toBe(!isNoReverseSequence(back));
      }
    }
    const gx = await creatureDetail(ctx, GX.setup);
    expect(gx.motions.map((m) => [m.name, m.reversible])).toContainEqual(['AttackHigh1', false]);
  });
});

describe('a motion that makes a sound only in reverse (docs/sound-graph.md §3 step 1)', () => {
  it('creatureDetail lists it as reverseOnly, counted as played in reverse; forward-sounding ones are not', async () => {
    const d = await creatureDetail(await context(), RX.setup);
    expect(d.motions.map((m) => [m.name, m.reverseOnly, m.soundHookCount])).toEqual([
      ['Twitch1', true, 1], // RX.twitch: its one hook is Backward
      ['AttackHigh1', false, 1],
      ['WalkForward', false, 3],
    ]);
    expect(d.motions[0]).toMatchObject({ style: 0x8000003d, styleName: 'NonCombat', cyclic: false });
  });

  it('motionTimeline plays it in reverse (its Backward hook fires), and forward it is silent', async () => {
    const back = await timeline(RX.setup, M.Twitch, -1);
    expect(own(back).map((e) => [e[0], e[1], e[2], e[3]])).toEqual([[RX.twitch, 3, 'Sound', 'Backward']]);
    expect((await timeline(RX.setup, M.Twitch, 1)).events).toEqual([]);
  });

  it('the default motion is the first that makes a sound played that way: a reverse-only one only backwards', async () => {
    const ctx = await context();
    expect((await motionTimeline(ctx, { setupId: RX.setup, speed: 1 })).motionName).toBe('AttackHigh1');
    expect((await motionTimeline(ctx, { setupId: RX.setup, speed: -1 })).motionName).toBe('Twitch1');
  });

  it('backwards, the default is never a motion the table cannot play in reverse (the app disables its Reverse)', async () => {
    const ctx = await context();
    const d = await creatureDetail(ctx, GX.setup);
    // AttackHigh1 comes first but has no reverse link; Dead plays backwards but its corpse cycle is silent
    expect(d.motions.map((m) => [m.name, m.reversible])).toEqual([
      ['AttackHigh1', false],
      ['Dead', true],
      ['WalkForward', true],
    ]);
    expect((await motionTimeline(ctx, { setupId: GX.setup, speed: 1 })).motionName).toBe('AttackHigh1');
    const back = await motionTimeline(ctx, { setupId: GX.setup, speed: -0.65 });
    expect(back.motionName).toBe('WalkForward');
    expect(back.events.length).toBeGreaterThan(0);
  });
});

describe('golden timelines of the fixture creatures at speed 1.0, 1.5 and −0.65 (pitfalls §22)', () => {
  const W = GX.walk;
  const D = GX.death;
  const A = GX.attack;
  it('GX creature WalkForward', async () => {
    expectEvents(await timeline(GX.setup, M.Walk, 1), [
      [W, 3, 'Sound', 'Forward', 4 / 30],
      [W, 7, 'SoundTable', 'Both', 8 / 30],
    ]);
    expectEvents(await timeline(GX.setup, M.Walk, 1.5), [
      [W, 3, 'Sound', 'Forward', 4 / 45],
      [W, 7, 'SoundTable', 'Both', 8 / 45],
    ]);
    // no link into the walk backwards: the cycle alone, from frame 20 − ε down
    expectEvents(await timeline(GX.setup, M.Walk, -0.65), [
      [W, 9, 'SoundTweaked', 'Backward', (20 - E - 9) / 19.5],
      [W, 7, 'SoundTable', 'Both', (20 - E - 7) / 19.5],
    ]);
  });
  it('GX creature Dead', async () => {
    expectEvents(await timeline(GX.setup, M.Dead, 1), [[D, 0, 'SoundTable', 'Forward', 1 / 30]]);
    expectEvents(await timeline(GX.setup, M.Dead, 1.5), [[D, 0, 'SoundTable', 'Forward', 1 / 45]]);
    const back = await timeline(GX.setup, M.Dead, -0.65);
    expectEvents(back, []); // the corpse cycle alone (no link from Dead back to Ready), no hooks
    expect(back.animations.map((a) => a.animation)).toEqual([GX.corpse]);
  });
  it('GX creature AttackHigh1 (forward only: its table has no reverse link)', async () => {
    expectEvents(await timeline(GX.setup, M.Attack, 1), [[A, 4, 'SoundTable', 'Forward', 5 / 30]]);
    expectEvents(await timeline(GX.setup, M.Attack, 1.5), [[A, 4, 'SoundTable', 'Forward', 5 / 45]]);
  });
  it('RX creature WalkForward', async () => {
    expectEvents(await timeline(RX.setup, M.Walk, 1), [
      [RX.start, 2, 'Sound', 'Forward', 3 / 30],
      [RX.walk, 2, 'Sound', 'Forward', 4 / 30 + 3 / 30],
      [RX.walk, 4, 'SoundTable', 'Both', 4 / 30 + 5 / 30],
    ]);
    expectEvents(await timeline(RX.setup, M.Walk, 1.5), [
      [RX.start, 2, 'Sound', 'Forward', 3 / 45],
      [RX.walk, 2, 'Sound', 'Forward', 4 / 45 + 3 / 45],
      [RX.walk, 4, 'SoundTable', 'Both', 4 / 45 + 5 / 45],
    ]);
    const d0 = (5 - E) / 19.5;
    expectEvents(await timeline(RX.setup, M.Walk, -0.65), [
      [RX.stop, 3, 'Sound', 'Backward', (5 - E - 3) / 19.5],
      [RX.stop, 1, 'Sound', 'Both', (5 - E - 1) / 19.5],
      [RX.walk, 9, 'SoundTweaked', 'Backward', d0 + (10 - E - 9) / 19.5],
      [RX.walk, 6, 'Sound', 'Backward', d0 + (10 - E - 6) / 19.5],
      [RX.walk, 4, 'SoundTable', 'Both', d0 + (10 - E - 4) / 19.5],
    ]);
  });
  it('RX creature AttackHigh1', async () => {
    expectEvents(await timeline(RX.setup, M.Attack, 1), [[RX.attack, 2, 'Sound', 'Both', 3 / 30]]);
    expectEvents(await timeline(RX.setup, M.Attack, 1.5), [[RX.attack, 2, 'Sound', 'Both', 3 / 45]]);
    expectEvents(await timeline(RX.setup, M.Attack, -0.65), [
      [RX.attack, 5, 'Sound', 'Backward', (6 - E - 5) / 19.5],
      [RX.attack, 2, 'Sound', 'Both', (6 - E - 2) / 19.5],
    ]);
  });
});
