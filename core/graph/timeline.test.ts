import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from '../dat';
import { DEFAULT_SETTINGS } from '../engine';
import { entryData, indexDat } from '../index';
import { GX, graphFixtureDat } from '../test/graphFixture';
import { buildSoundGraph } from './buildGraph';
import { motionByName, motionName } from './motionNames';
import { creatureDetail, motionCandidates, motionTimeline, type TimelineContext } from './timeline';
import { parseMotionTable } from '../objects';

async function context(): Promise<TimelineContext> {
  const dat = await DatFile.open(new MemoryByteSource(graphFixtureDat()));
  const index = await indexDat(dat);
  const graph = await buildSoundGraph(dat, {
    soundTables: index.soundTables.rows,
    labels: new Map([[GX.table, 'Drudge']]),
  });
  return {
    graph,
    readObject: (id) => dat.readObject(id),
    soundTypeRows: (tableId, soundType) => {
      const t = index.soundTables.parsed.get(tableId);
      if (!t || t instanceof Error) return null;
      return t.sounds.find((s) => s.key === soundType)?.entries.map(entryData) ?? null;
    },
    waveExists: (id) => index.waves.byId.has(id),
    waveDuration: (id) => index.waves.byId.get(id)?.durationSec ?? 0,
  };
}

const M = { Walk: 0x45000005, Attack: 0x10000062, Dead: 0x40000011, Ready: 0x41000003, NonCombat: 0x8000003d };

describe('creature motions (sound-sources §3.3 keys, §3.4 recipe)', () => {
  it('motionCandidates: each cycle substate and each link action, by stance then motion', async () => {
    const ctx = await context();
    const table = parseMotionTable(await ctx.readObject(GX.motionTable));
    expect(motionCandidates(table)).toEqual([
      { style: M.NonCombat, motion: M.Attack },
      { style: M.NonCombat, motion: M.Dead },
      { style: M.NonCombat, motion: M.Ready },
      { style: M.NonCombat, motion: M.Walk },
    ]);
  });
  it('creatureDetail lists the motions whose recipe fires a sound hook forward (the silent idle is left out)', async () => {
    const d = await creatureDetail(await context(), GX.setup);
    expect(d).toMatchObject({
      id: GX.setup,
      label: 'Drudge',
      soundTable: GX.table,
      motionTable: GX.motionTable,
      physicsScriptTable: GX.scriptTable,
      defaultScript: null,
    });
    expect(d.motions).toEqual([
      {
        motion: M.Attack,
        name: 'AttackHigh1',
        style: M.NonCombat,
        styleName: 'NonCombat',
        cyclic: false,
        reverseOnly: false,
        reversible: false,
        soundHookCount: 1,
        scriptCallCount: 1,
        defaultScriptCount: 0,
      },
      {
        motion: M.Dead,
        name: 'Dead',
        style: M.NonCombat,
        styleName: 'NonCombat',
        cyclic: true,
        reverseOnly: false,
        reversible: true,
        soundHookCount: 1,
        scriptCallCount: 0,
        defaultScriptCount: 0,
      },
      {
        motion: M.Walk,
        name: 'WalkForward',
        style: M.NonCombat,
        styleName: 'NonCombat',
        cyclic: true,
        reverseOnly: false,
        reversible: true,
        soundHookCount: 2,
        scriptCallCount: 0,
        defaultScriptCount: 0,
      },
    ]);
  });
  it('an unknown Setup is NotFoundError', async () => {
    await expect(creatureDetail(await context(), 0x020000ff)).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('timelines (sound-sources §2.7)', () => {
  it('a hook on frame k fires at t = (k + 1 − low) / r; Backward hooks do not fire forward', async () => {
    const t = await motionTimeline(await context(), { setupId: GX.setup, motion: M.Walk });
    expect(t.events.map((e) => [e.t, e.frame, e.hook, e.direction])).toEqual([
      [4 / 30, 3, 'Sound', 'Forward'],
      [8 / 30, 7, 'SoundTable', 'Both'],
    ]);
    expect(t).toMatchObject({ motion: M.Walk, motionName: 'WalkForward', style: M.NonCombat, cyclic: true, speed: 1 });
    expect(t.duration).toBeCloseTo(20 / 30, 12);
  });
  it('hooks on the high frame never fire in forward play; the next AnimData starts when the previous ends', async () => {
    const t = await motionTimeline(await context(), { setupId: GX.setup, motion: M.Attack });
    // the Sound on frame 9 (high) is silent; the CallPES on frame 5 brings its script's Sound (scriptCalls.test.ts)
    expect(t.events.filter((e) => e.script === null).map((e) => [e.frame, e.animation])).toEqual([[4, GX.attack]]);
    expect(t.animations.map((a) => [a.animation, a.role, a.start, a.duration])).toEqual([
      [GX.attack, 'link', 0, 10 / 30],
      [GX.idle, 'cycle', 10 / 30, 10 / 30],
    ]);
    expect(t.cyclic).toBe(false);
  });
  it('the speed modifier scales the frame rate', async () => {
    const ctx = await context();
    const one = await motionTimeline(ctx, { setupId: GX.setup, motion: M.Walk });
    const two = await motionTimeline(ctx, { setupId: GX.setup, motion: M.Walk, speed: 2 });
    expect(two.events.map((e) => e.t)).toEqual(one.events.map((e) => e.t / 2));
    expect(two.animations[0]!.framerate).toBe(60);
    await expect(motionTimeline(ctx, { setupId: GX.setup, motion: M.Walk, speed: 0 })).rejects.toBeInstanceOf(
      RangeError,
    );
  });
  it('path 4 resolves through the Setup SoundTable rows (variants), path 1 plays the hook wave; each decided by the engine', async () => {
    const t = await motionTimeline(await context(), { setupId: GX.setup, motion: M.Walk });
    const [sound, table] = t.events;
    expect(sound).toMatchObject({
      path: 'sound-hook',
      waveId: GX.wave10,
      candidates: [{ waveId: GX.wave10, priority: 0, probability: 1, volume: 1 }],
    });
    expect(sound!.decision).toMatchObject({ played: true, path: 'sound-hook', dB: 0, pan: 0 });
    expect(table).toMatchObject({ path: 'table-hook', soundType: GX.Footstep1, name: 'Footstep1' });
    expect(table!.candidates.map((c) => c.waveId)).toEqual([GX.wave12, GX.wave13]);
    // retail never picks the last of n ≥ 2 rows (variant rule), so the pick is the first row
    expect(table!.decision).toMatchObject({ played: true, variantCount: 2, variantIndex: 0, waveId: GX.wave12 });
    expect(table!.waveId).toBe(GX.wave12);
  });
  it('a Wave the Wave list knows cannot play (waveProblem) is a "cannot-play" event with its reason, and takes no voice', async () => {
    const problem = 'sample rate 4000000000 Hz is outside 100..384000 Hz';
    const ctx = { ...(await context()), waveProblem: (id: number) => (id === GX.wave10 ? problem : null) };
    const t = await motionTimeline(ctx, { setupId: GX.setup, motion: M.Walk });
    const [sound, table] = t.events;
    expect(sound!.decision).toMatchObject({ played: false, reason: 'cannot-play', problem, slot: null });
    expect(sound!.waveId).toBe(GX.wave10);
    // the next event still plays, and takes the first voice (none was taken for the skipped one)
    expect(table!.decision).toMatchObject({ played: true, slot: 0 });
  });
  it('the Listener settings reach the engine (distance 10 m, bearing +90 → −12 dB, panned right)', async () => {
    const t = await motionTimeline(await context(), {
      setupId: GX.setup,
      motion: M.Walk,
      settings: { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 },
    });
    expect(t.events[0]!.decision).toMatchObject({ played: true, pan: 14, dB: -12, setVolume: -1200 }); // 25 / 10² = 0.25 → −12 dB
  });
  it('a motion the table cannot play, or a creature without a MotionTable, is NotFoundError', async () => {
    const ctx = await context();
    await expect(motionTimeline(ctx, { setupId: GX.setup, motion: 0x10000063 })).rejects.toMatchObject({
      name: 'NotFoundError',
    });
    await expect(motionTimeline(ctx, { setupId: GX.plainSetup })).rejects.toMatchObject({ name: 'NotFoundError' });
  });
  it('not-found messages name what is missing and where, each id once (issue #10: garbled messages)', async () => {
    const ctx = await context();
    const unknown = motionTimeline(ctx, { setupId: GX.setup, motion: 0xdead });
    await expect(unknown).rejects.toThrow(/^MotionTable 0x[0-9A-F]{8} has no motion 0x0000DEAD$/);
    await expect(motionTimeline(ctx, { setupId: GX.plainSetup })).rejects.toThrow(
      `Setup 0x${GX.plainSetup.toString(16).toUpperCase().padStart(8, '0')} has no MotionTable`,
    );
    await expect(motionTimeline(ctx, { setupId: GX.setup, motion: 0x10000063 })).rejects.toThrow(
      /has no motion [A-Za-z]\w+ \(0x10000063\)$/,
    );
  });
  it('a SoundTable hook whose sound type the table lacks is "missing-sound-type", not "missing-wave"', async () => {
    const ctx = { ...(await context()), soundTypeRows: () => null };
    const t = await motionTimeline(ctx, { setupId: GX.setup, motion: M.Walk });
    const table = t.events.find((e) => e.path === 'table-hook')!;
    expect(table.decision).toMatchObject({ played: false, reason: 'missing-sound-type' });
  });
});

describe('motion names (sound-sources §3.3)', () => {
  it('names, reverse lookup any case, and a fallback for unknown commands', () => {
    expect(motionName(0x45000005)).toBe('WalkForward');
    expect(motionByName('attackhigh1')).toBe(0x10000062);
    expect(motionName(0x10000999)).toBe('Motion_0x10000999');
  });
});

describe('an unreadable Setup (issue #7 bad input)', () => {
  it('creatureDetail and motionTimeline give its read error (id, offset), not "not in the dat"', async () => {
    const ctx = await context();
    const detail = creatureDetail(ctx, GX.badSetup);
    await expect(detail).rejects.toMatchObject({ name: 'ObjectFormatError' });
    await expect(detail).rejects.toMatchObject({ details: { objectId: GX.badSetup } });
    await expect(motionTimeline(ctx, { setupId: GX.badSetup })).rejects.toMatchObject({ name: 'ObjectFormatError' });
  });
  it('a Setup id the dat does not hold is still NotFoundError', async () => {
    await expect(creatureDetail(await context(), 0x0200fff0)).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
