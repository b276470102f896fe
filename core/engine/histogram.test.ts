import { describe, expect, it } from 'vitest';
import { decide } from './decide';
import { rollHistogram, SKIP_REASON_ORDER } from './histogram';
import type { PlayDecision } from './types';
import { SeededRandom } from './random';

describe('roll N times', () => {
  const rows = [
    { waveId: 1, priority: 0, probability: 0.5, volume: 1 },
    { waveId: 2, priority: 0, probability: 0.5, volume: 1 },
  ];

  it('retail n = 2 never plays the last row; about half the rolls are skipped by the gate', () => {
    const h = rollHistogram({ path: 'table-hook', rows }, new SeededRandom(1), 4000);
    expect(h.times).toBe(4000);
    expect(h.playedByRow[1]).toBe(0);
    expect(h.playedByRow[0]).toBe(h.played);
    expect(h.played + h.skipped.probability).toBe(4000);
    expect(Math.abs(h.played / 4000 - 0.5)).toBeLessThan(0.05);
  });

  it('authored n = 2 plays both rows; the same seed replays the same counts', () => {
    const a = rollHistogram({ path: 'table-hook', mode: 'authored', rows }, new SeededRandom(9), 2000);
    const b = rollHistogram({ path: 'table-hook', mode: 'authored', rows }, new SeededRandom(9), 2000);
    expect(a).toEqual(b);
    expect(a.playedByRow[0]).toBeGreaterThan(0);
    expect(a.playedByRow[1]).toBeGreaterThan(0);
  });

  it('onRoll sees every decision, in order, and the counts are tallied from exactly those', () => {
    const seen: { i: number; d: PlayDecision }[] = [];
    const request = { path: 'table-hook' as const, rows };
    const h = rollHistogram(request, new SeededRandom(1), 20, (d, i) => seen.push({ i, d }));
    expect(seen.map((s) => s.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // the same seeded stream, decided by hand, gives the same decisions
    const random = new SeededRandom(1);
    expect(seen.map((s) => s.d)).toEqual(Array.from({ length: 20 }, () => decide(request, random)));
    expect(h.played).toBe(seen.filter((s) => s.d.played).length);
    expect(h.skipped.probability).toBe(seen.filter((s) => s.d.reason === 'probability').length);
    expect(new Set(seen.map((s) => s.d.gateRoll)).size).toBeGreaterThan(1); // real, varying rolls
  });

  it('carries what the UI shows: mode, path, the silent total and the rows retail never picks', () => {
    const three = [...rows, { waveId: 3, priority: 0, probability: 1, volume: 1 }];
    const h = rollHistogram({ path: 'table-hook', mode: 'authored', rows: three }, new SeededRandom(3), 500);
    expect(h.mode).toBe('authored');
    expect(h.path).toBe('table-hook');
    expect(h.unreachableInRetail).toEqual([false, false, true]);
    expect(h.silent).toBe(Object.values(h.skipped).reduce((a, b) => a + b, 0));
    expect(h.played + h.silent).toBe(500);
    expect(rollHistogram({ path: 'table-hook', rows: [rows[0]!] }, new SeededRandom(1), 1).unreachableInRetail).toEqual(
      [false],
    );
    expect(rollHistogram({ path: 'sound-hook', waveId: 1 }, new SeededRandom(1), 1)).toMatchObject({
      mode: 'retail',
      unreachableInRetail: [],
    });
    expect([...SKIP_REASON_ORDER].sort()).toEqual(Object.keys(h.skipped).sort());
  });
});
