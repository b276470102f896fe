import { describe, expect, it } from 'vitest';
import { DeadlineQueue } from './queue';

describe('the deadline queue', () => {
  it('pops earliest first, equal deadlines in insertion order', () => {
    const q = new DeadlineQueue<string>();
    for (const [t, s] of [
      [5, 'e'],
      [1, 'a'],
      [3, 'c1'],
      [3, 'c2'],
      [2, 'b'],
      [3, 'c3'],
    ] as const)
      q.insert(t, s);
    expect(q.list().map((d) => d.item)).toEqual(['a', 'b', 'c1', 'c2', 'c3', 'e']);
    const out: string[] = [];
    for (let d = q.pop(); d; d = q.pop()) out.push(d.item);
    expect(out).toEqual(['a', 'b', 'c1', 'c2', 'c3', 'e']);
    expect(q.size).toBe(0);
  });
});
