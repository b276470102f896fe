import { describe, expect, it } from 'vitest';
import { storedObject } from './storedJson';

describe('storedObject: a persisted value is an object or nothing', () => {
  it('an object is returned as parsed', () => {
    expect(storedObject('{"a":1,"b":[2]}')).toEqual({ a: 1, b: [2] });
  });
  it('no value, bad JSON, and JSON that is not an object give null', () => {
    for (const raw of [null, '', '{', 'null', '3', '"x"', '[1,2]', 'true'])
      expect(storedObject(raw), String(raw)).toBeNull();
  });
});
