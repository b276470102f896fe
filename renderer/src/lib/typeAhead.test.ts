import { describe, expect, it } from 'vitest';
import {
  isTypeAheadKey,
  NO_TYPE_AHEAD,
  TYPE_AHEAD_PAUSE_MS,
  typeAheadIndex,
  typeAheadKey,
  typingAt,
  type TypeAhead,
} from './typeAhead';

const NAMES = ['Backup', 'data', 'docs', 'sub', 'client_cell_1.dat', 'client_portal.dat', 'second_portal.dat'];

/** Types `keys` one by one (`gap` ms apart) from the cursor at `start`; the cursor after each key. */
function type(keys: string, start = 0, gap = 50): number[] {
  let state: TypeAhead = NO_TYPE_AHEAD;
  let cursor = start;
  const out: number[] = [];
  let now = 1000;
  for (const k of keys) {
    state = typeAheadKey(state, k, (now += gap));
    cursor = typeAheadIndex(NAMES, cursor, state.typed);
    out.push(cursor);
  }
  return out;
}

describe('listbox type-ahead (WAI-ARIA listbox keyboard interaction)', () => {
  it('a letter moves to the next entry starting with it, any case, wrapping around', () => {
    expect(type('d')).toEqual([1]);
    expect(type('D', 1)).toEqual([2]); // the next "d…" after the cursor
    expect(type('d', 2)).toEqual([1]); // wraps
    expect(type('b', 3)).toEqual([0]);
  });

  it('letters typed in quick succession spell a prefix; typing on keeps the entry reached', () => {
    expect(type('client_p')).toEqual([4, 4, 4, 4, 4, 4, 4, 5]);
    expect(type('su')).toEqual([3, 3]);
    expect(type('se')).toEqual([3, 6]);
  });

  it('the same letter again steps through the entries starting with it', () => {
    expect(type('ccc')).toEqual([4, 5, 4]);
    expect(type('sss')).toEqual([3, 6, 3]);
  });

  it(`a pause longer than ${TYPE_AHEAD_PAUSE_MS} ms starts a new prefix`, () => {
    expect(type('su', 0, TYPE_AHEAD_PAUSE_MS + 1)).toEqual([3, 3]); // "u" alone matches nothing: stays
    expect(type('dc', 0, TYPE_AHEAD_PAUSE_MS + 1)).toEqual([1, 4]);
    expect(typingAt(typeAheadKey(NO_TYPE_AHEAD, 'a', 0), TYPE_AHEAD_PAUSE_MS)).toBe(true);
    expect(typingAt(typeAheadKey(NO_TYPE_AHEAD, 'a', 0), TYPE_AHEAD_PAUSE_MS + 1)).toBe(false);
  });

  it('no match leaves the cursor where it is; an empty list too', () => {
    expect(type('x', 2)).toEqual([2]);
    expect(type('dx', 0)).toEqual([1, 1]);
    expect(typeAheadIndex([], 0, 'a')).toBe(0);
  });

  it('only printable keys without Ctrl, Alt or Meta type; a space only continues a prefix', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) => ({
      key: k,
      ctrlKey: false,
      altKey: false,
      metaKey: false,
      ...mods,
    });
    expect(isTypeAheadKey(key('a'), false)).toBe(true);
    expect(isTypeAheadKey(key('_'), false)).toBe(true);
    expect(isTypeAheadKey(key('é'), false)).toBe(true);
    for (const k of ['Enter', 'ArrowDown', 'Backspace', 'Escape', 'Home', 'Dead', 'Tab'])
      expect(isTypeAheadKey(key(k), false), k).toBe(false);
    expect(isTypeAheadKey(key('a', { ctrlKey: true }), false)).toBe(false);
    expect(isTypeAheadKey(key('a', { altKey: true }), false)).toBe(false);
    expect(isTypeAheadKey(key('a', { metaKey: true }), false)).toBe(false);
    expect(isTypeAheadKey(key(' '), false)).toBe(false);
    expect(isTypeAheadKey(key(' '), true)).toBe(true);
  });
});
