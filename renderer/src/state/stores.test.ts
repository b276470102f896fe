import { beforeEach, describe, expect, it } from 'vitest';
import { clampDistance, normalizeBearing, setPlacementXY, useListener } from './listenerStore';
import {
  goBack,
  goForward,
  navigateTo,
  openTarget,
  resetNav,
  selectOnlyWave,
  selectWaveRange,
  toggleWaveSelected,
  useNav,
} from './navStore';
import { loadPrefs } from './prefsStore';
import { rollHistogram, SeededRandom, type RollHistogram } from '../../../core/engine';
import { outcomeLines, type HistogramPair } from './rollsStore';

describe('listener store', () => {
  it('clamps distance to 0..200 m and wraps bearing to −180..180°', () => {
    expect(clampDistance(-3)).toBe(0);
    expect(clampDistance(250)).toBe(200);
    expect(clampDistance(Number.NaN)).toBe(0);
    expect(normalizeBearing(270)).toBe(-90);
    expect(normalizeBearing(-190)).toBe(170);
    expect(normalizeBearing(180)).toBe(180);
  });
  it('sets distance and bearing from a panner point (x right, y forward)', () => {
    setPlacementXY(10, 0);
    expect(useListener.getState().distance).toBeCloseTo(10);
    expect(useListener.getState().bearingDeg).toBeCloseTo(90);
    setPlacementXY(0, -4);
    expect(useListener.getState().bearingDeg).toBeCloseTo(180);
  });
});

describe('nav store', () => {
  beforeEach(() => resetNav());
  it('records history and walks back and forward', () => {
    openTarget({ kind: 'table', id: 1 });
    navigateTo({ kind: 'wave', id: 2 });
    openTarget({ kind: 'wave', id: 3 });
    expect(useNav.getState().tab).toBe('waves');
    goBack();
    expect(useNav.getState().current).toEqual({ kind: 'wave', id: 2 });
    goBack();
    expect(useNav.getState().current).toEqual({ kind: 'table', id: 1 });
    expect(useNav.getState().tab).toBe('soundTables');
    goBack();
    expect(useNav.getState().current).toEqual({ kind: 'table', id: 1 });
    goForward();
    expect(useNav.getState().current).toEqual({ kind: 'wave', id: 2 });
    openTarget({ kind: 'wave', id: 9 });
    goForward();
    expect(useNav.getState().current).toEqual({ kind: 'wave', id: 9 });
  });
  it('Shift-click ranges from the anchor; Ctrl-click moves the anchor (Explorer-style)', () => {
    const ids = [0x12, 0x31, 0x40, 0x63, 0x64, 0x70];
    openTarget({ kind: 'wave', id: 0x12 });
    selectOnlyWave(0x12);
    toggleWaveSelected(0x31);
    toggleWaveSelected(0x63);
    expect(useNav.getState().selectedWaves).toEqual([0x12, 0x31, 0x63]);
    selectWaveRange(ids, 0x64);
    expect(useNav.getState().selectedWaves).toEqual([0x63, 0x64]);
    selectWaveRange(ids, 0x40); // the anchor stays: re-range
    expect(useNav.getState().selectedWaves).toEqual([0x40, 0x63]);
    selectOnlyWave(0x70);
    selectWaveRange(ids, 0x64);
    expect(useNav.getState().selectedWaves).toEqual([0x64, 0x70]);
  });
  it('does not duplicate history when the same target is opened again', () => {
    openTarget({ kind: 'wave', id: 2 });
    openTarget({ kind: 'wave', id: 2 });
    expect(useNav.getState().history).toHaveLength(1);
  });
});

describe('prefs', () => {
  it('restores only whitelisted fields of the right type', () => {
    const storage = { getItem: () => JSON.stringify({ autoPlay: true, loop: 'yes', seed: 7, playing: true }) };
    const defaults = { autoPlay: false, loop: false, seed: 1, previewDb: 0, exportNameTemplate: '{id}' };
    expect(loadPrefs(storage)).toEqual({ ...defaults, autoPlay: true, seed: 7 });
    expect(loadPrefs({ getItem: () => '{not json' })).toEqual(defaults);
    expect(loadPrefs(null)).toEqual(defaults);
    // the preview volume: kept within −60…0 dB
    expect(loadPrefs({ getItem: () => JSON.stringify({ previewDb: -12 }) }).previewDb).toBe(-12);
    expect(loadPrefs({ getItem: () => JSON.stringify({ previewDb: 6 }) }).previewDb).toBe(0);
  });

  it('the export naming template persists as typed (also an invalid one); a non-string falls back to {id}', () => {
    const kept = (v: unknown): string =>
      loadPrefs({ getItem: () => JSON.stringify({ exportNameTemplate: v }) }).exportNameTemplate;
    expect(kept('{table}/{cue}_{id}')).toBe('{table}/{cue}_{id}');
    expect(kept('{cue')).toBe('{cue');
    expect(kept(42)).toBe('{id}');
    expect(kept('x'.repeat(401))).toBe('{id}');
  });
});

describe('rolls side by side', () => {
  it('lines every row and each silent reason either mode saw; marks the lines that differ', () => {
    const skipped = {
      disabled: 0,
      inactive: 0,
      probability: 4,
      inaudible: 0,
      'no-voice': 0,
      'missing-sound-type': 0,
      'missing-wave': 0,
      'cannot-play': 0,
    };
    const h = (mode: 'retail' | 'authored', playedByRow: number[]): RollHistogram => ({
      times: 10,
      playedByRow,
      played: 6,
      skipped,
      silent: 4,
      mode,
      path: 'table-hook',
      unreachableInRetail: [false, true],
    });
    const pair: HistogramPair = {
      playing: 'retail',
      seed: 1,
      retail: h('retail', [6, 0]),
      authored: h('authored', [3, 3]),
    };
    expect(outcomeLines(pair)).toEqual([
      { key: { kind: 'row', index: 0 }, retail: 6, authored: 3, differs: true },
      { key: { kind: 'row', index: 1 }, retail: 0, authored: 3, differs: true },
      { key: { kind: 'silent', reason: 'probability' }, retail: 4, authored: 4, differs: false },
    ]);
  });
  it('lines a real roll of both modes from one seed (core rollHistogram)', () => {
    const rows = [0.5, 0.5, 1].map((probability, i) => ({ waveId: i + 1, priority: 0, probability, volume: 1 }));
    const roll = (mode: 'retail' | 'authored') =>
      rollHistogram({ path: 'table-hook', mode, rows }, new SeededRandom(7), 200);
    const lines = outcomeLines({ playing: 'retail', seed: 7, retail: roll('retail'), authored: roll('authored') });
    expect(lines.slice(0, 3).map((l) => l.key)).toEqual([0, 1, 2].map((index) => ({ kind: 'row', index })));
    expect(lines[2]!.retail).toBe(0);
    expect(lines[2]!.authored).toBeGreaterThan(0);
  });
});
