import { describe, expect, it } from 'vitest';
import { deepFreeze, frozenCopy } from './frozenCopy';

describe('frozenCopy: one deep copy, frozen all the way down', () => {
  it('copies: the original stays as it was and can still change', () => {
    const original = { a: [1, 2], b: { c: 'x' } };
    const copy = frozenCopy(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    original.a.push(3);
    expect(copy.a).toEqual([1, 2]);
  });

  it('every object and array in the copy is frozen: changing it throws', () => {
    const copy = frozenCopy({ list: [{ id: 1, tags: ['t'] }] });
    expect(() => copy.list.push({ id: 2, tags: [] })).toThrow(TypeError);
    expect(() => {
      copy.list[0]!.id = 9;
    }).toThrow(TypeError);
    expect(() => copy.list[0]!.tags.pop()).toThrow(TypeError);
  });

  it('deepFreeze leaves primitives and null alone and meets a shared object once', () => {
    const shared = { n: 1 };
    const v = deepFreeze({ x: shared, y: shared, z: null, s: 'str' });
    expect(Object.isFrozen(v.x)).toBe(true);
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBe(null);
  });
});
