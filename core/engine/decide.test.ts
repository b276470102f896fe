import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cannotPlayAfterRead, decide, pathLevels, settingsAudibleRadius } from './decide';
import { FixedRandom, SeededRandom } from './random';
import {
  DEFAULT_PREFS,
  DEFAULT_SETTINGS,
  SOUND_PATHS,
  type EnginePrefs,
  type PlayRequest,
  type SoundPath,
  type SoundRow,
} from './types';
import { VoicePool } from './VoicePool';

const WAVE = 0x0a000012;
const row = (volume = 1, probability = 1, waveId = WAVE, priority = 0): SoundRow => ({
  waveId,
  priority,
  probability,
  volume,
});
const prefs = (p: Partial<EnginePrefs> = {}): EnginePrefs => ({ ...DEFAULT_PREFS, ...p });
/** A source that allows one draw of each kind (n = 1, p = 1 make the values irrelevant). */
const rolls = () => new FixedRandom({ ran2: [0.5], crtRand: [0] });

describe('§6.1 distance sweep through decide (table-hook, V = 1, bearing 0)', () => {
  it.each([
    [2, 0, 0, 1, 1],
    [5, 0, 0, 1, 1],
    [10, -12, -1200, 0.251189, 0.251189],
    [50, -40, -4000, 0.01, 0.01],
    [94, -50, -5000, 0.003162, 0.003162],
  ])('%s m → dB %s, SetVolume %s, pan 0, no SetPan, L %s R %s', (distance, dB, setVolume, l, r) => {
    const d = decide({ path: 'table-hook', rows: [row()], placement: { distance, bearingDeg: 0 } }, rolls());
    expect(d.played).toBe(true);
    expect(d.dB).toBe(dB);
    expect(d.setVolume).toBe(setVolume);
    expect(d.pan).toBe(0);
    expect(d.setPan).toBe(null);
    expect(Number(d.left.toFixed(6))).toBe(l);
    expect(Number(d.right.toFixed(6))).toBe(r);
  });

  it('95 m → inaudible: no voice allocated, gains 0', () => {
    const pool = new VoicePool();
    const d = decide(
      { path: 'table-hook', rows: [row()], placement: { distance: 95, bearingDeg: 0 } },
      rolls(),
      pool,
      0,
    );
    expect(d).toMatchObject({
      played: false,
      reason: 'inaudible',
      dB: null,
      setVolume: null,
      left: 0,
      right: 0,
      slot: null,
    });
    expect(pool.busyCount(0)).toBe(0);
    expect(pool.cursor).toBe(0);
  });
});

describe('§6.2 bearing sweep through decide (10 m and 3 m)', () => {
  it.each([
    [10, 0, -12, 0, null, 0.251189, 0.251189],
    [10, 30, -12, 7, 700, 0.112202, 0.251189],
    [10, 90, -12, 14, 1400, 0.050119, 0.251189],
    [10, -90, -12, -14, -1400, 0.251189, 0.050119],
    [10, 180, -12, 0, null, 0.251189, 0.251189],
    [3, 0, 0, 0, null, 1, 1],
    [3, 30, 0, 0, null, 1, 1],
    [3, 90, 0, 0, null, 1, 1],
    [3, -90, 0, 0, null, 1, 1],
    [3, 180, 0, 0, null, 1, 1],
  ])('%s m, θ = %s → dB %s, pan %s, SetPan %s, L %s, R %s', (distance, theta, dB, pan, setPan, l, r) => {
    const d = decide({ path: 'table-hook', rows: [row()], placement: { distance, bearingDeg: theta } }, rolls());
    expect(d.dB).toBe(dB);
    expect(d.pan).toBe(pan);
    expect(d.setPan).toBe(setPan);
    expect(Number(d.left.toFixed(6))).toBe(l);
    expect(Number(d.right.toFixed(6))).toBe(r);
  });

  it('native form: heading 270, listener 0 at 10 m → pan +14', () => {
    const d = decide(
      {
        path: 'table-hook',
        rows: [row()],
        placement: { distance: 10, headingSourceToListener: 270, listenerHeading: 0 },
      },
      rolls(),
    );
    expect(d.pan).toBe(14);
    expect(d.delta).toBe(-90);
  });

  it('mono (Sound Features = 1) forces pan 0 but keeps the volume', () => {
    const d = decide(
      { path: 'table-hook', rows: [row()], placement: { distance: 10, bearingDeg: 90 }, prefs: prefs({ mono: true }) },
      rolls(),
    );
    expect(d.pan).toBe(0);
    expect(d.setPan).toBe(null);
    expect(d.dB).toBe(-12);
  });
});

describe('§6.3 volume stack through decide', () => {
  const at = (distance: number) => ({ distance, bearingDeg: 0 });

  it('SoundHook (path 1), effect slider 0.5, 2 m: V = 0.5 (the slider) → g 0.25, −12 dB (the effect slider counts twice)', () => {
    const d = decide(
      { path: 'sound-hook', waveId: WAVE, placement: at(2), prefs: prefs({ effectVolume: 0.5 }) },
      new FixedRandom(),
    );
    expect(d.volume).toBe(0.5);
    expect(d.g).toBe(0.25);
    expect(d.dB).toBe(-12);
  });

  it('SoundHook in authored mode applies the slider once → −6 dB', () => {
    const d = decide(
      { path: 'sound-hook', mode: 'authored', waveId: WAVE, placement: at(2), prefs: prefs({ effectVolume: 0.5 }) },
      new FixedRandom(),
    );
    expect(d.dB).toBe(-6);
  });

  it('SoundTableHook (path 4), row vol 1, effect 0.5, 2 m → −6 dB', () => {
    const d = decide(
      { path: 'table-hook', rows: [row(1)], placement: at(2), prefs: prefs({ effectVolume: 0.5 }) },
      rolls(),
    );
    expect(d.g).toBe(0.5);
    expect(d.dB).toBe(-6);
  });

  it('Network 0xF750, wire 0.5, 10 m, slider 1 → g 0.125, −18 dB (the wire volume replaces the row volume)', () => {
    const d = decide({ path: 'network', rows: [row(0.9)], wireVolume: 0.5, placement: at(10) }, rolls());
    expect(d.volume).toBe(0.5);
    expect(d.g).toBe(0.125);
    expect(d.dB).toBe(-18);
  });

  it('Interface (path 7), row vol 1, effect 0.5, interface slider 0 → 0.5, −6 dB (still plays in retail)', () => {
    const p = prefs({ effectVolume: 0.5, interfaceVolume: 0 });
    const d = decide({ path: 'interface-table', rows: [row(1)], placement: at(50), prefs: p }, rolls());
    expect(d.played).toBe(true);
    expect(d.distance).toBe(0);
    expect(d.g).toBe(0.5);
    expect(d.dB).toBe(-6);
    expect(d.pan).toBe(0);
    // authored: the interface slider applies → slider 0 → inaudible
    const a = decide({ path: 'interface-table', mode: 'authored', rows: [row(1)], prefs: p }, rolls());
    expect(a.reason).toBe('inaudible');
  });

  it('Interface wave (path 8) uses volume 1.0 at distance 0 and no rolls', () => {
    const d = decide(
      {
        path: 'interface-wave',
        waveId: WAVE,
        placement: { distance: 80, bearingDeg: 90 },
        prefs: prefs({ effectVolume: 0.5 }),
      },
      new FixedRandom(),
    );
    expect(d).toMatchObject({
      played: true,
      volume: 1,
      dB: -6,
      pan: 0,
      setPan: null,
      variantRoll: null,
      gateRoll: null,
      audibleRadius: null,
    });
  });

  it('Ambient from centre, desc 1, ambient slider 0.5 → V 0.5, g 0.25, −12 dB (twice); authored −6', () => {
    const p = prefs({ ambientVolume: 0.5 });
    const d = decide({ path: 'ambient-center', rows: [row()], ambientVolume: 1, prefs: p }, rolls());
    expect(d.volume).toBe(0.5);
    expect(d.g).toBe(0.25);
    expect(d.dB).toBe(-12);
    const a = decide({ path: 'ambient-center', mode: 'authored', rows: [row()], ambientVolume: 1, prefs: p }, rolls());
    expect(a.dB).toBe(-6);
  });

  it('Ambient positional, desc 0.6, ambient 0.5, 30 m → V 0.3, g 0.0041667, −47 dB', () => {
    const d = decide(
      { path: 'ambient', rows: [row()], ambientVolume: 0.6, placement: at(30), prefs: prefs({ ambientVolume: 0.5 }) },
      rolls(),
    );
    expect(d.volume).toBeCloseTo(0.3, 6);
    expect(d.g).toBeCloseTo(0.0041667, 7);
    expect(d.dB).toBe(-47);
  });

  it('Same, ambient slider 1 → V 0.6, g 0.016667, −35 dB', () => {
    const d = decide(
      { path: 'ambient', rows: [row()], ambientVolume: 0.6, placement: at(30), prefs: prefs({ ambientVolume: 1 }) },
      rolls(),
    );
    expect(d.volume).toBeCloseTo(0.6, 6);
    expect(d.g).toBeCloseTo(0.016667, 6);
    expect(d.dB).toBe(-35);
  });

  it('Tweaked hook vol 0.3, effect 0.8, 12 m → g 0.052083 × 0.8, −27 dB', () => {
    const d = decide(
      {
        path: 'tweaked-hook',
        waveId: WAVE,
        hook: { probability: 1, priority: 0, volume: 0.3 },
        placement: at(12),
        prefs: prefs({ effectVolume: 0.8 }),
      },
      new FixedRandom({ crtRand: [0] }),
    );
    expect(d.volume).toBe(0.3);
    expect(d.g).toBeCloseTo(0.052083 * 0.8, 6);
    expect(d.dB).toBe(-27);
  });

  it('Clamp-first check: V = 10, slider 0.5, 1 m → −6 dB (not 0)', () => {
    const d = decide(
      { path: 'table-hook', rows: [row(10)], placement: at(1), prefs: prefs({ effectVolume: 0.5 }) },
      rolls(),
    );
    expect(d.g).toBe(0.5);
    expect(d.dB).toBe(-6);
  });

  it('V = 10, 200 m, slider 1 → g 0.00625, −44 dB', () => {
    const d = decide({ path: 'table-hook', rows: [row(10)], placement: at(200) }, rolls());
    expect(d.g).toBeCloseTo(0.00625, 12);
    expect(d.dB).toBe(-44);
  });

  it.each([
    [8, 1, 0],
    [10, 1, 0],
    [12, 0.694, -3],
  ])('V = 4 at %s m → g %s, %s dB', (distance, g, dB) => {
    const d = decide({ path: 'table-hook', rows: [row(4)], placement: at(distance) }, rolls());
    expect(d.g).toBeCloseTo(g, 3);
    expect(d.dB).toBe(dB);
  });

  const zeroSlider: Record<SoundPath, Partial<EnginePrefs>> = {
    'sound-hook': { effectVolume: 0 },
    'tweaked-hook': { effectVolume: 0 },
    network: { effectVolume: 0 },
    'table-hook': { effectVolume: 0 },
    ambient: { ambientVolume: 0 },
    'ambient-center': { ambientVolume: 0 },
    'interface-table': { effectVolume: 0 },
    'interface-wave': { effectVolume: 0 },
  };
  it.each(SOUND_PATHS)('any path, slider 0 → inaudible, no voice (%s)', (path) => {
    const pool = new VoicePool();
    const req: PlayRequest = {
      path,
      rows: [row()],
      waveId: WAVE,
      hook: { probability: 1, priority: 0, volume: 1 },
      placement: at(2),
      prefs: prefs(zeroSlider[path]),
      durationSec: 1,
    };
    const d = decide(req, new FixedRandom({ ran2: [0.5], crtRand: [0] }), pool, 0);
    expect(d.reason).toBe('inaudible');
    expect(d.g).toBe(0);
    expect(d.slot).toBe(null);
    expect(pool.busyCount(0)).toBe(0);
  });
});

describe('§6.4 variant and gate through decide (every roll is reported)', () => {
  const rows3 = [row(1, 1, 0xa000001), row(1, 1, 0xa000002), row(1, 1, 0xa000003)];
  it.each([
    [0.25, 0, 0xa000001],
    [0.5, 1, 0xa000002],
    [0.99999988, 1, 0xa000002],
  ])('n = 3, U = %s → idx %s', (u, idx, waveId) => {
    const d = decide({ path: 'table-hook', rows: rows3 }, new FixedRandom({ ran2: [u], crtRand: [123] }));
    expect(d).toMatchObject({
      variantCount: 3,
      variantRoll: u,
      variantIndex: idx,
      waveId,
      gateRoll: 123,
      gateProbability: 1,
      gatePassed: true,
      played: true,
    });
  });

  it('authored mode reaches the last row: n = 3, U = 0.99999988 → idx 2', () => {
    const d = decide(
      { path: 'table-hook', mode: 'authored', rows: rows3 },
      new FixedRandom({ ran2: [0.99999988], crtRand: [0] }),
    );
    expect(d.variantIndex).toBe(2);
  });

  it('n = 1 still draws U (the client always calls RollDice) and picks 0', () => {
    const r = rolls();
    const d = decide({ path: 'table-hook', rows: [row()] }, r);
    expect(d.variantIndex).toBe(0);
    expect(r.drawn).toEqual({ ran2: 1, crtRand: 1 });
  });

  it.each([
    [16383, true],
    [16384, false],
  ])('gate p = 0.5, k = %s → plays %s', (k, plays) => {
    const d = decide({ path: 'table-hook', rows: [row(1, 0.5)] }, new FixedRandom({ ran2: [0.5], crtRand: [k] }));
    expect(d.gateRoll).toBe(k);
    expect(d.gatePassed).toBe(plays);
    expect(d.reason).toBe(plays ? null : 'probability');
  });

  it.each([
    [1638, true],
    [1639, false],
  ])('gate p = 0.05, k = %s → plays %s', (k, plays) => {
    const d = decide({ path: 'table-hook', rows: [row(1, 0.05)] }, new FixedRandom({ ran2: [0.5], crtRand: [k] }));
    expect(d.played).toBe(plays);
  });

  it('gate p = 1.0, k = 32767 → plays', () => {
    const d = decide({ path: 'table-hook', rows: [row(1, 1)] }, new FixedRandom({ ran2: [0.5], crtRand: [32767] }));
    expect(d.played).toBe(true);
  });

  it('the tweaked hook gates on its FIRST float (probability), not the second', () => {
    const d = decide(
      { path: 'tweaked-hook', waveId: WAVE, hook: { probability: 0.05, priority: 1, volume: 1 } },
      new FixedRandom({ crtRand: [2000] }),
    );
    expect(d).toMatchObject({ reason: 'probability', gateRoll: 2000, gateProbability: 0.05, variantRoll: null });
  });

  it('sound-hook and interface-wave draw nothing', () => {
    for (const path of ['sound-hook', 'interface-wave'] as const) {
      const r = new FixedRandom();
      expect(decide({ path, waveId: WAVE }, r).played).toBe(true);
      expect(r.drawn).toEqual({ ran2: 0, crtRand: 0 });
    }
  });
});

describe('§5.2 step 1 gates and their order', () => {
  it('disabled: no draws at all', () => {
    const cases: [SoundPath, Partial<EnginePrefs>][] = [
      ['table-hook', { effectsEnabled: false }],
      ['ambient', { ambientEnabled: false }],
      ['interface-table', { interfaceEnabled: false }],
      ['interface-wave', { interfaceEnabled: false }],
    ];
    for (const [path, p] of cases) {
      const r = new FixedRandom();
      const d = decide({ path, rows: [row()], waveId: WAVE, prefs: prefs(p) }, r);
      expect(d.reason).toBe('disabled');
      expect(r.drawn).toEqual({ ran2: 0, crtRand: 0 });
    }
  });

  it('the effects flag does not gate interface sounds (and vice versa)', () => {
    expect(
      decide({ path: 'interface-wave', waveId: WAVE, prefs: prefs({ effectsEnabled: false }) }, new FixedRandom())
        .played,
    ).toBe(true);
    expect(
      decide({ path: 'sound-hook', waveId: WAVE, prefs: prefs({ interfaceEnabled: false }) }, new FixedRandom()).played,
    ).toBe(true);
  });

  it('inactive (play only when active, app not active): effect and interface paths stop before any draw', () => {
    for (const path of ['table-hook', 'network', 'interface-table'] as const) {
      const r = new FixedRandom();
      const d = decide({ path, rows: [row()], prefs: prefs({ appActive: false }) }, r);
      expect(d.reason).toBe('inactive');
      expect(r.drawn).toEqual({ ran2: 0, crtRand: 0 });
    }
  });

  it('inactive: ambient paths meet the focus test only after their draws (in the allocator)', () => {
    for (const path of ['ambient', 'ambient-center'] as const) {
      const r = new FixedRandom({ ran2: [0.3], crtRand: [5] });
      const d = decide(
        { path, rows: [row()], placement: { distance: 10, bearingDeg: 0 }, prefs: prefs({ appActive: false }) },
        r,
      );
      expect(d.reason).toBe('inactive');
      expect(r.drawn).toEqual({ ran2: 1, crtRand: 1 });
      expect(d.variantRoll).toBe(0.3);
      expect(d.gateRoll).toBe(5);
    }
  });

  it('ambient-center: an inaudible sound is reported inaudible before the allocator focus test', () => {
    const d = decide(
      { path: 'ambient-center', rows: [row()], prefs: prefs({ appActive: false, ambientVolume: 0 }) },
      rolls(),
    );
    expect(d.reason).toBe('inaudible');
  });

  it('playOnlyWhenActive off: an inactive app still plays', () => {
    const d = decide(
      { path: 'table-hook', rows: [row()], prefs: prefs({ appActive: false, playOnlyWhenActive: false }) },
      rolls(),
    );
    expect(d.played).toBe(true);
  });

  it('no rows is missing-sound-type (no draw), not missing-wave; a row with wave id 0 or an absent wave is missing-wave', () => {
    const r = new FixedRandom();
    expect(decide({ path: 'table-hook', rows: [] }, r).reason).toBe('missing-sound-type');
    expect(decide({ path: 'table-hook' }, r).reason).toBe('missing-sound-type');
    expect(r.drawn.ran2).toBe(0);
    const r2 = new FixedRandom({ ran2: [0.5] });
    const d = decide({ path: 'table-hook', rows: [row(1, 1, 0)] }, r2);
    expect(d).toMatchObject({ reason: 'missing-wave', variantIndex: 0, variantRoll: 0.5, gateRoll: null });
    expect(decide({ path: 'sound-hook', waveId: 0 }, new FixedRandom()).reason).toBe('missing-wave');
    expect(decide({ path: 'sound-hook', waveId: WAVE, waveExists: () => false }, new FixedRandom()).reason).toBe(
      'missing-wave',
    );
  });

  it('the tweaked-hook path without hook floats is a programming error', () => {
    expect(() => decide({ path: 'tweaked-hook', waveId: WAVE }, new FixedRandom())).toThrow(TypeError);
  });
});

describe('§6.5 voice allocation through decide', () => {
  it('the 17th concurrent sound is dropped in retail (reason no-voice, cursor unchanged)', () => {
    const pool = new VoicePool();
    const rnd = new SeededRandom(7);
    for (let i = 0; i < 16; i++) {
      const d = decide({ path: 'table-hook', rows: [row()], durationSec: 3 }, rnd, pool, 0);
      expect(d.slot).toBe(i);
    }
    const d = decide({ path: 'table-hook', rows: [row(1, 1, WAVE, 5)], durationSec: 3 }, rnd, pool, 1);
    expect(d).toMatchObject({
      played: false,
      reason: 'no-voice',
      dropped: true,
      slot: null,
      evicted: null,
      dB: 0,
      setVolume: null,
      left: 0,
    });
    expect(pool.cursor).toBe(0);
    // once they finish, the next claim succeeds
    expect(decide({ path: 'table-hook', rows: [row()], durationSec: 3 }, rnd, pool, 3).slot).toBe(0);
  });

  it('authored mode evicts by DAT priority and reports the evicted voice', () => {
    const pool = new VoicePool();
    const rnd = new SeededRandom(7);
    for (let i = 0; i < 16; i++)
      decide(
        { path: 'table-hook', mode: 'authored', rows: [row(1, 1, 0xa000100 + i, i === 4 ? 0 : 1)], durationSec: 3 },
        rnd,
        pool,
        0,
      );
    const d = decide(
      { path: 'table-hook', mode: 'authored', rows: [row(1, 1, WAVE, 0.5)], durationSec: 3 },
      rnd,
      pool,
      1,
    );
    expect(d).toMatchObject({ played: true, slot: 4, evicted: { slot: 4, waveId: 0xa000104 }, dropped: false });
  });

  it('durationSec may be looked up by the chosen wave id', () => {
    const pool = new VoicePool();
    decide({ path: 'table-hook', rows: [row()], durationSec: (id) => (id === WAVE ? 2.5 : 0) }, rolls(), pool, 10);
    expect(pool.voice(0)).toMatchObject({ waveId: WAVE, path: 'table-hook', startSec: 10, endSec: 12.5, priority: 0 });
  });
});

describe('decision shape and properties', () => {
  it('the decision is plain JSON (round-trips unchanged)', () => {
    const d = decide(
      { path: 'table-hook', rows: [row()], placement: { distance: 10, bearingDeg: 90 } },
      rolls(),
      new VoicePool(),
      0,
    );
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
  });

  it('pathLevels: the double applications in retail, single in authored', () => {
    const p = prefs({ effectVolume: 0.5, ambientVolume: 0.5, interfaceVolume: 0.25 });
    expect(pathLevels('sound-hook', 'retail', 9, p)).toEqual({ volume: 0.5, slider: 0.5 });
    expect(pathLevels('sound-hook', 'authored', 9, p)).toEqual({ volume: 1, slider: 0.5 });
    expect(pathLevels('ambient', 'retail', 0.6, p).volume).toBeCloseTo(0.3, 6);
    expect(pathLevels('ambient', 'authored', 0.6, p)).toEqual({ volume: 0.6, slider: 0.5 });
    expect(pathLevels('interface-table', 'retail', 1, p)).toEqual({ volume: 1, slider: 0.5 });
    expect(pathLevels('interface-table', 'authored', 1, p)).toEqual({ volume: 1, slider: 0.25 });
    expect(pathLevels('interface-wave', 'retail', 7, p)).toEqual({ volume: 1, slider: 0.5 });
  });

  it('§4b radius on ambient paths uses v = slider × descriptor and m = slider in retail', () => {
    const s = { ...DEFAULT_SETTINGS, path: 'ambient' as const, volume: 1, prefs: prefs({ ambientVolume: 0.5 }) };
    // v·m = 0.25 → 94.18245 × 0.5
    expect(settingsAudibleRadius(s)).toBeCloseTo(47.091, 3);
    expect(settingsAudibleRadius({ ...s, mode: 'authored' })).toBeCloseTo(66.597, 3);
    expect(settingsAudibleRadius({ ...s, path: 'ambient-center' })).toBe(null);
  });

  it('property: left and right never exceed 1, and played ⇔ reason null', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SOUND_PATHS),
        fc.constantFrom('retail' as const, 'authored' as const),
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 1e6 }),
        (path, mode, distance, bearingDeg, volume, slider, seed) => {
          const d = decide(
            {
              path,
              mode,
              rows: [row(volume, 0.7), row(volume, 0.7)],
              waveId: WAVE,
              hook: { probability: 0.7, priority: 0, volume },
              wireVolume: volume,
              ambientVolume: volume,
              placement: { distance, bearingDeg },
              prefs: prefs({ effectVolume: slider, ambientVolume: slider, interfaceVolume: slider }),
            },
            new SeededRandom(seed),
          );
          return (
            d.left <= 1 &&
            d.right <= 1 &&
            d.left >= 0 &&
            d.right >= 0 &&
            d.played === (d.reason === null) &&
            (d.dB === null || d.dB <= 0)
          );
        },
      ),
    );
  });
});

describe('cannotPlayAfterRead: a played decision whose Wave data cannot be read (QA #1)', () => {
  it('becomes "cannot-play" with the problem, gives its voice back, keeps the rolls; a skip stays as it is', () => {
    const pool = new VoicePool();
    const rows = [{ waveId: 0x0a000072, priority: 0, probability: 1, volume: 1 }];
    const d = decide({ path: 'table-hook', rows }, new SeededRandom(1), pool, 0);
    expect(d).toMatchObject({ played: true, slot: 0 });
    const failed = cannotPlayAfterRead(d, 'Corrupt dat: block chain …', pool);
    expect(failed).toMatchObject({
      played: false,
      reason: 'cannot-play',
      problem: 'Corrupt dat: block chain …',
      slot: null,
      left: 0,
      right: 0,
      variantIndex: d.variantIndex,
      gateRoll: d.gateRoll,
    });
    expect(d.played).toBe(true); // the decision given is unchanged
    expect(pool.snapshot(0).slots.filter((s) => s.voice !== null)).toEqual([]);
    const skipped = decide({ path: 'table-hook', rows: [] }, new SeededRandom(1));
    expect(cannotPlayAfterRead(skipped, 'x')).toBe(skipped);
  });
});

describe('a cannot-play decision has no level or pan (the one rule of every log)', () => {
  const rows = [{ waveId: 0x0a000072, priority: 0, probability: 1, volume: 1 }];
  const placement = { distance: 10, bearingDeg: 90 };
  it('step 7 (request.waveProblem): dB and pan null; the rolls and the attenuation stay', () => {
    const heard = decide({ path: 'table-hook', rows, placement }, new SeededRandom(1));
    expect(heard).toMatchObject({ played: true, dB: -12, pan: 14 });
    const d = decide({ path: 'table-hook', rows, placement, waveProblem: () => 'empty Wave' }, new SeededRandom(1));
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', problem: 'empty Wave', dB: null, pan: null });
    expect(d).toMatchObject({ setVolume: null, setPan: null, left: 0, right: 0 });
    expect(d).toMatchObject({ variantRoll: heard.variantRoll, gateRoll: heard.gateRoll, g: heard.g });
  });
  it('cannotPlayAfterRead: the same, from a decision that played', () => {
    const played = decide({ path: 'table-hook', rows, placement }, new SeededRandom(1), new VoicePool(), 0);
    const d = cannotPlayAfterRead(played, 'Corrupt dat: block chain …');
    expect(d).toMatchObject({ reason: 'cannot-play', dB: null, pan: null, setVolume: null, setPan: null });
    expect(played).toMatchObject({ dB: -12, pan: 14 });
  });
});
