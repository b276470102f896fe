import { beforeEach, describe, expect, it } from 'vitest';
import type { PlayDecision } from '../../../core/engine';
import { clampDistance, normalizeBearing, setPlacementXY, useListener } from './listenerStore';
import { goBack, goForward, navigateTo, openTarget, resetNav, useNav } from './navStore';
import { loadPrefs } from './prefsStore';
import { outcomeLines, silentTotal, tally, type Histogram, type HistogramPair } from './rollsStore';

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
  it('does not duplicate history when the same target is opened again', () => {
    openTarget({ kind: 'wave', id: 2 });
    openTarget({ kind: 'wave', id: 2 });
    expect(useNav.getState().history).toHaveLength(1);
  });
});

describe('prefs', () => {
  it('restores only whitelisted fields of the right type', () => {
    const storage = { getItem: () => JSON.stringify({ autoPlay: true, loop: 'yes', seed: 7, playing: true }) };
    expect(loadPrefs(storage)).toEqual({ autoPlay: true, loop: false, seed: 7 });
    expect(loadPrefs({ getItem: () => '{not json' })).toEqual({ autoPlay: false, loop: false, seed: 1 });
    expect(loadPrefs(null)).toEqual({ autoPlay: false, loop: false, seed: 1 });
  });
});

describe('rolls', () => {
  it('tallies which row played and how often it was silent, by reason', () => {
    const d = (played: boolean, variantIndex: number | null, reason: PlayDecision['reason']) => ({ played, variantIndex, reason }) as PlayDecision;
    const h = tally([d(true, 0, null), d(true, 1, null), d(true, 0, null), d(false, 1, 'probability'), d(false, null, 'inaudible')], 3, {
      seed: 1,
      mode: 'retail',
      path: 'table-hook',
    });
    expect(h.total).toBe(5);
    expect(h.rows).toEqual([2, 1, 0]);
    expect(h.silent).toEqual({ probability: 1, inaudible: 1 });
  });
});

describe('rolls side by side', () => {
  it('lines every row and each silent reason either mode saw; marks the lines that differ', () => {
    const h = (mode: 'retail' | 'authored', rows: number[], silent: Histogram['silent']): Histogram => ({ total: 10, rows, silent, seed: 1, mode, path: 'table-hook' });
    const pair: HistogramPair = { playing: 'retail', retail: h('retail', [6, 0], { probability: 4 }), authored: h('authored', [3, 3], { probability: 4 }) };
    expect(outcomeLines(pair)).toEqual([
      { key: { kind: 'row', index: 0 }, retail: 6, authored: 3, differs: true },
      { key: { kind: 'row', index: 1 }, retail: 0, authored: 3, differs: true },
      { key: { kind: 'silent', reason: 'probability' }, retail: 4, authored: 4, differs: false },
    ]);
    expect(silentTotal(pair.retail)).toBe(4);
  });
});
