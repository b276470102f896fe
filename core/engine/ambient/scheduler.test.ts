import { describe, expect, it } from 'vitest';
import {
  AMBIENT1,
  AMBIENT2,
  AMBIENT3,
  ambientRegion,
  ambientTable,
  WATERFALL,
  WAVE_OF,
} from '../../test/ambientFixtures';
import { decide } from '../decide';
import { FixedRandom, type RandomSources, SeededRandom } from '../random';
import { DEFAULT_PREFS, type EnginePrefs } from '../types';
import { VoicePool } from '../VoicePool';
import { AMBIENT_EVENT_KEYS } from './event';
import type { AmbientRegion } from './resolve';
import { type RingCell, ringOfLandblocks } from './ring';
import { type AmbientConfig, type AmbientPlay, AmbientScheduler, runAmbient } from './scheduler';
import { cellWeight } from './weight';

const GRASS: RingCell = { terrainType: 1, scene: 0 }; // set 0: Ambient1 continuous, Ambient2 intermittent
const GRASS1: RingCell = { terrainType: 1, scene: 1 }; // set 1: Ambient3 continuous 0.06
const WATER: RingCell = { terrainType: 2, scene: 0 }; // set 2: Waterfall intermittent base 1
const QUIET: RingCell = { terrainType: 0, scene: 0 }; // no set

function config(over: Partial<AmbientConfig> = {}): AmbientConfig {
  return {
    region: ambientRegion(),
    ring: ringOfLandblocks(GRASS),
    soundTable: ambientTable,
    random: new SeededRandom(1),
    pool: new VoicePool(),
    durationSec: () => 1,
    ...over,
  };
}
const ofType = (plays: AmbientPlay[], soundType: number) => plays.filter((p) => p.event.soundType === soundType);
const gaps = (plays: AmbientPlay[]) => plays.slice(1).map((p, i) => p.timeSec - plays[i]!.timeSec);

describe('§5.3 continuous sounds re-fire every min_rate', () => {
  it('Ambient1 (min_rate 3 s) plays at 0, 3, 6, … exactly', () => {
    const a1 = ofType(runAmbient(config(), 60), AMBIENT1);
    expect(a1.map((p) => p.timeSec)).toEqual(Array.from({ length: 20 }, (_, i) => i * 3));
    expect(a1.every((p) => p.event.kind === 'continuous' && p.event.played)).toBe(true);
  });

  it('they play from the centre: distance 0, bearing null, pan 0 (path 6)', () => {
    const p = ofType(runAmbient(config(), 1), AMBIENT1)[0]!;
    expect(p.decision?.path).toBe('ambient-center');
    expect(p.event).toMatchObject({ distance: 0, bearing: null, pan: 0 });
    expect(p.emitter).toBeNull();
  });
});

describe('§5.3 intermittent sounds re-queue at now + RollDice(min_rate, max_rate)', () => {
  it('Ambient2 (10–30 s): every deadline gap lies in [10, 30], and the gaps vary', () => {
    const a2 = ofType(runAmbient(config(), 600), AMBIENT2);
    const g = gaps(a2);
    expect(g.length).toBeGreaterThan(15);
    for (const x of g) {
      expect(x).toBeGreaterThanOrEqual(10);
      expect(x).toBeLessThanOrEqual(30);
    }
    expect(new Set(g.map((x) => x.toFixed(3))).size).toBeGreaterThan(5);
    expect(a2.every((p, i) => i === 0 || p.timeSec === a2[i - 1]!.nextSec)).toBe(true);
  });

  it('a deadline fires iff ran2 ≤ play chance; a failed roll is an event with reason "probability"', () => {
    const a2 = ofType(runAmbient(config(), 2000), AMBIENT2);
    const failed = a2.filter((p) => !p.event.played);
    expect(failed.length).toBeGreaterThan(0);
    for (const p of a2) {
      const fired = p.playRoll! <= p.chance!;
      expect(p.decision !== null).toBe(fired);
      if (!fired)
        expect(p.event).toMatchObject({
          played: false,
          reason: 'probability',
          waveId: null,
          distance: null,
          slot: null,
        });
    }
    // base_chance 0.2 over a uniform ring: about one in five deadlines fires.
    const rate = (a2.length - failed.length) / a2.length;
    expect(rate).toBeGreaterThan(0.08);
    expect(rate).toBeLessThan(0.35);
  });
});

describe('§5.3 chance and volume scale with the terrain mix', () => {
  it('a Water middle landblock in a Grass ring: Waterfall chance = Σ water weights / Σ all', () => {
    const blocks = [GRASS, GRASS, GRASS, GRASS, WATER, GRASS, GRASS, GRASS, GRASS];
    const s = new AmbientScheduler(config({ ring: ringOfLandblocks(blocks) }));
    s.start(0);
    let water = 0;
    let all = 0;
    for (let cy = 0; cy < 24; cy++)
      for (let cx = 0; cx < 24; cx++) {
        const w = cellWeight({ x: cx * 24 - 288, y: cy * 24 - 288, z: 0 });
        all += w;
        if (cx >= 8 && cx < 16 && cy >= 8 && cy < 16) water += w;
      }
    const sounds = s.sounds();
    const wf = sounds.find((x) => x.desc.soundType === WATERFALL)!;
    const a2 = sounds.find((x) => x.desc.soundType === AMBIENT2)!;
    expect(wf.chance).toBeCloseTo(water / all, 5);
    expect(a2.chance).toBeCloseTo((0.2 * (all - water)) / all, 5);
    expect(s.totalWeight).toBeCloseTo(all, 3);
  });

  it('cells without an ambient set do not count: a Quiet ring around Water gives Waterfall chance 1', () => {
    const blocks = [QUIET, QUIET, QUIET, QUIET, WATER, QUIET, QUIET, QUIET, QUIET];
    const s = new AmbientScheduler(config({ ring: ringOfLandblocks(blocks) }));
    s.start(0);
    expect(s.sounds().map((x) => [x.desc.soundType, x.chance])).toEqual([[WATERFALL, 1]]);
  });

  it('≥ 0.03: Ambient3 (0.06) plays over a uniform ring, not when it holds under half the weight', () => {
    expect(ofType(runAmbient(config({ ring: ringOfLandblocks(GRASS1) }), 20), AMBIENT3).map((p) => p.timeSec)).toEqual([
      0, 4, 8, 12, 16,
    ]);
    const mixed = ringOfLandblocks([WATER, WATER, WATER, GRASS1, WATER, WATER, WATER, WATER, WATER]);
    const s = new AmbientScheduler(config({ ring: mixed }));
    const plays = [...s.start(0), ...s.advanceTo(20)];
    const a3 = s.sounds().find((x) => x.desc.soundType === AMBIENT3)!;
    expect(a3.volume).toBeLessThan(0.03);
    expect(a3.volume).toBeGreaterThan(0);
    expect(ofType(plays, AMBIENT3)).toEqual([]);
  });
});

describe('§5.3 plays go through the engine’s ambient paths and the shared voice pool', () => {
  it('the ambient slider counts twice in retail, once in authored (Ambient1 weighted 0.5, slider 0.5)', () => {
    const prefs: EnginePrefs = { ...DEFAULT_PREFS, ambientVolume: 0.5 };
    const retail = ofType(runAmbient(config({ prefs }), 1), AMBIENT1)[0]!;
    const authored = ofType(runAmbient(config({ prefs, mode: 'authored' }), 1), AMBIENT1)[0]!;
    expect(retail.decision).toMatchObject({ volume: 0.25, slider: 0.5, dB: -18 });
    expect(authored.decision).toMatchObject({ volume: 0.5, slider: 0.5, dB: -12 });
  });

  it('16 effect voices busy → ambience is dropped ("no-voice"), and ambience holds voices effects then cannot have', () => {
    const pool = new VoicePool();
    const effect = {
      path: 'table-hook' as const,
      rows: [{ waveId: 0x0a000001, priority: 0, probability: 1, volume: 1 }],
      durationSec: 5,
    };
    const fx = new SeededRandom(99);
    for (let i = 0; i < 16; i++) expect(decide(effect, fx, pool, 0).slot).toBe(i);
    const s = new AmbientScheduler(config({ pool, durationSec: () => 10 }));
    const first = s.start(0);
    expect(first.find((p) => p.event.soundType === AMBIENT1)!.event).toMatchObject({
      played: false,
      reason: 'no-voice',
      slot: null,
    });
    // At 6 s the effects have ended; Ambient1 (due every 3 s) takes a voice at 6 s and keeps it to 16 s.
    const later = s.advanceTo(6.5);
    const a1 = ofType(later, AMBIENT1).find((p) => p.timeSec === 6)!;
    expect(a1.event.played).toBe(true);
    expect(a1.event.slot).toBe(0);
    expect(pool.voice(0)).toMatchObject({ path: 'ambient-center', startSec: 6, endSec: 16 });
    expect(decide(effect, fx, pool, 6.5).slot).toBe(1);
  });

  it('intermittent plays are positional (path 5): bearing and pan agree with the emitter', () => {
    const plays = runAmbient(
      config({ ring: ringOfLandblocks(WATER), listener: { x: 300, y: 250, heading: 90 } }),
      300,
    ).filter((p) => p.emitter && p.decision);
    expect(plays.length).toBeGreaterThan(20);
    for (const p of plays) {
      const dx = p.emitter!.x - 300;
      const dy = p.emitter!.y - 250;
      expect(p.decision!.path).toBe('ambient');
      expect(p.decision!.distance).toBeCloseTo(Math.hypot(dx, dy), 3);
      // θ = compass heading to the emitter − listener heading (90: facing east).
      const theta = (((Math.atan2(dx, dy) * 180) / Math.PI - 90 + 540) % 360) - 180;
      expect(Math.abs(((p.event.bearing! - theta + 540) % 360) - 180)).toBeLessThan(0.06);
      if (
        p.decision!.played &&
        Math.trunc(p.decision!.distance) >= 5 &&
        Math.abs(Math.sin((theta * Math.PI) / 180)) > 0.1
      ) {
        expect(Math.sign(p.event.pan!)).toBe(Math.sign(Math.sin((theta * Math.PI) / 180)));
      }
    }
  });
});

describe('draw order (docs/ambient.md)', () => {
  const one = (baseChance: number, minRate: number, maxRate: number): AmbientRegion => ({
    ambientSets: [
      { soundTableId: 0x20000003, sounds: [{ soundType: WATERFALL, volume: 1, baseChance, minRate, maxRate }] },
    ],
    sceneTypes: [{ stbIndex: 0, scenes: [] }],
    terrainTypes: [{ name: 'Water', color: 0, sceneTypes: [0] }],
  });
  const ring = ringOfLandblocks({ terrainType: 0, scene: 0 });

  it('a firing deadline: play roll, direction, jitter, radius, variant (ran2), gate (crtRand), interval', () => {
    const random = new FixedRandom({ ran2: [0.1, 0.5, 0.5, 0.5, 0.5, 0.9], crtRand: [0] });
    const plays = new AmbientScheduler(config({ region: one(1, 10, 30), ring, random })).start(0);
    expect(random.drawn).toEqual({ ran2: 6, crtRand: 1 });
    expect(plays[0]!.playRoll).toBe(0.1);
    expect(plays[0]!.decision!.variantRoll).toBe(0.5);
    expect(plays[0]!.nextSec).toBeCloseTo(10 + 0.9 * 20, 9);
  });

  it('a failed roll draws only the roll and the interval; min_rate = max_rate draws no interval', () => {
    const r1 = new FixedRandom({ ran2: [0.9, 0.5] });
    const p1 = new AmbientScheduler(config({ region: one(0.5, 10, 30), ring, random: r1 })).start(0)[0]!;
    expect(r1.drawn).toEqual({ ran2: 2, crtRand: 0 });
    expect(p1.nextSec).toBe(20);
    const r2 = new FixedRandom({ ran2: [0.9] });
    const p2 = new AmbientScheduler(config({ region: one(0.5, 7, 7), ring, random: r2 })).start(0)[0]!;
    expect(r2.drawn).toEqual({ ran2: 1, crtRand: 0 });
    expect(p2.nextSec).toBe(7);
  });
});

describe('determinism, rebuilds, indoors', () => {
  const events = (seed: number, random?: RandomSources) =>
    runAmbient(
      config({
        ring: ringOfLandblocks([GRASS, WATER, GRASS, WATER, GRASS, WATER, GRASS, GRASS1, GRASS]),
        random: random ?? new SeededRandom(seed),
      }),
      300,
    ).map((p) => p.event);

  it('the same seed reproduces the run exactly; another seed does not', () => {
    const a = events(7);
    expect(a.length).toBeGreaterThan(50);
    expect(events(7)).toEqual(a);
    expect(events(8)).not.toEqual(a);
    expect(a.every((e) => Object.keys(e).join() === AMBIENT_EVENT_KEYS.join())).toBe(true);
    expect(a.every((e, i) => i === 0 || e.t >= a[i - 1]!.t)).toBe(true);
  });

  it('the result does not depend on how time is advanced', () => {
    const c = () =>
      config({
        ring: ringOfLandblocks([GRASS, WATER, GRASS, WATER, GRASS, WATER, GRASS, GRASS1, GRASS]),
        random: new SeededRandom(7),
      });
    const s = new AmbientScheduler(c());
    const stepped = [...s.start(0)];
    for (let t = 0.05; t < 300; t += 0.05) stepped.push(...s.advanceTo(Math.min(t, 300)));
    stepped.push(...s.advanceTo(300));
    expect(stepped.map((p) => p.event)).toEqual(events(7));
  });

  it('rebuilds when the listener’s cell changes, not when it moves within a cell', () => {
    const ring = ringOfLandblocks([WATER, GRASS, GRASS, WATER, GRASS, GRASS, WATER, GRASS, GRASS]);
    const s = new AmbientScheduler(config({ ring, listener: { x: 380, y: 288, heading: 0 } }));
    s.start(0);
    expect(s.sounds().some((x) => x.desc.soundType === WATERFALL)).toBe(false);
    expect(s.moveListener({ x: 381, y: 289, heading: 0 }, 1)).toEqual([]);
    const plays = s.moveListener({ x: 200, y: 288, heading: 0 }, 2);
    const wf = plays.filter((p) => p.event.soundType === WATERFALL);
    expect(wf).toHaveLength(1);
    expect(wf[0]!.timeSec).toBe(2);
    expect(s.sounds().find((x) => x.desc.soundType === WATERFALL)!.chance).toBeGreaterThan(0);
  });

  it('indoors nothing plays; going indoors stops everything', () => {
    expect(runAmbient(config({ indoors: true }), 120)).toEqual([]);
    const s = new AmbientScheduler(config());
    s.start(0);
    s.advanceTo(10);
    expect(s.setIndoors(true, 10)).toEqual([]);
    expect(s.advanceTo(200)).toEqual([]);
    expect(s.deadlines()).toEqual([]);
  });

  it('ambient disabled: nothing plays; held deadlines fire when it is enabled again', () => {
    const off: EnginePrefs = { ...DEFAULT_PREFS, ambientEnabled: false };
    expect(runAmbient(config({ prefs: off }), 60)).toEqual([]);
    const s = new AmbientScheduler(config());
    s.start(0);
    s.setPrefs(off, 1);
    expect(s.advanceTo(10)).toEqual([]);
    s.setPrefs(DEFAULT_PREFS, 10);
    const resumed = ofType(s.advanceTo(10.5), AMBIENT1);
    expect(resumed.map((p) => p.timeSec)).toEqual([10]);
  });

  it('rejects a listener outside the ring and time going backwards', () => {
    expect(() => new AmbientScheduler(config({ listener: { x: 600, y: 0, heading: 0 } }))).toThrow(RangeError);
    const s = new AmbientScheduler(config());
    s.start(5);
    expect(() => s.advanceTo(4)).toThrow(RangeError);
  });
});

describe('a Wave the Wave list knows cannot play (waveProblem)', () => {
  it('is skipped as "cannot-play" with its reason, every time, and never takes a voice; the other sounds play', () => {
    const problem = 'sample rate 1 Hz is outside 100..384000 Hz';
    const bad = WAVE_OF[AMBIENT1]!;
    const pool = new VoicePool();
    const plays = runAmbient(
      config({ pool, durationSec: () => 1000, waveProblem: (id) => (id === bad ? problem : null) }),
      300,
    );
    const a1 = ofType(plays, AMBIENT1);
    expect(a1.length).toBe(100);
    for (const p of a1) {
      expect(p.event).toMatchObject({
        played: false,
        reason: 'cannot-play',
        waveId: '0x0A000101',
        dB: null, // no level or pan: the engine's one cannot-play rule (the app's Plays log says the same)
        pan: null,
        slot: null,
      });
      expect(p.decision).toMatchObject({ played: false, reason: 'cannot-play', problem, slot: null });
    }
    // the Wave holds no voice: every slot in use belongs to another Wave
    const held = pool.snapshot(300).slots.flatMap((x) => (x.voice ? [x.voice.waveId] : []));
    expect(held.length).toBeGreaterThan(0);
    expect(held).not.toContain(bad);
    expect(ofType(plays, AMBIENT2).some((p) => p.event.played)).toBe(true);
  });
});
