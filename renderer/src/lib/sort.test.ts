import { describe, expect, it } from 'vitest';
import { sortRows, toggleSort } from './sort';

describe('sort', () => {
  it('sorts numbers and strings, stable on ties, nulls last', () => {
    const rows = [
      { id: 3, label: 'Rat', n: 7 },
      { id: 1, label: null, n: 12 },
      { id: 2, label: 'Drudge', n: 7 },
    ];
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.id)).toEqual([1, 3, 2]);
    expect(sortRows(rows, (r) => r.label, 'asc').map((r) => r.id)).toEqual([2, 3, 1]);
  });
  it('a list already in order (ties, nulls) comes back as a copy in the order a full sort gives', () => {
    const rows = [
      { id: 1, n: 1 },
      { id: 2, n: 7 },
      { id: 3, n: 7 },
      { id: 4, n: null },
    ];
    const asc = sortRows(rows, (r) => r.n, 'asc');
    expect(asc).not.toBe(rows);
    expect(asc.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    const desc = [rows[3]!, rows[1]!, rows[2]!, rows[0]!];
    expect(sortRows(desc, (r) => r.n, 'desc').map((r) => r.id)).toEqual([4, 2, 3, 1]);
    // one pair out of order: the full (stable) sort
    expect(sortRows([rows[1]!, rows[0]!, rows[2]!], (r) => r.n, 'asc').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.id)).toEqual([4, 2, 3, 1]);
  });
  it('toggles direction on the same column, resets on a new one', () => {
    expect(toggleSort({ key: 'id', dir: 'asc' }, 'id')).toEqual({ key: 'id', dir: 'desc' });
    expect(toggleSort({ key: 'id', dir: 'desc' }, 'rate')).toEqual({ key: 'rate', dir: 'asc' });
  });
});
