import { describe, expect, it } from 'vitest';
import { perRow } from './perRow';

describe('perRow', () => {
  it('works f out once per row object, and again for another object with the same fields', () => {
    let calls = 0;
    const idOf = perRow((r: { id: number }) => {
      calls++;
      return r.id === 1 ? undefined : [r.id];
    });
    const a = { id: 1 };
    const b = { id: 2 };
    expect(idOf(a)).toBeUndefined();
    expect(idOf(a)).toBeUndefined();
    expect(idOf(b)).toEqual([2]);
    expect(idOf(b)).toBe(idOf(b));
    expect(calls).toBe(2);
    idOf({ id: 2 });
    expect(calls).toBe(3);
  });
});
