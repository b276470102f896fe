import { describe, expect, it } from 'vitest';
import { rollHistogram } from './histogram';
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

  it('onRoll sees every decision', () => {
    const seen: number[] = [];
    rollHistogram({ path: 'table-hook', rows }, new SeededRandom(1), 3, (d, i) => seen.push(i + (d.gateRoll ?? 0) * 0));
    expect(seen).toEqual([0, 1, 2]);
  });
});
