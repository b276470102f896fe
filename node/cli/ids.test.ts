import { describe, expect, it } from 'vitest';
import { parseId, parseIdList, parseSoundType, soundTypeAsTyped } from './ids';
import { UsageError } from './usage';

describe('CLI id parsing', () => {
  it('accepts hex ids with or without 0x, any case', () => {
    for (const t of ['0x0A000001', '0X0a000001', '0a000001', 'A000001', ' 0x0a000001 '])
      expect(parseId(t, 'id')).toBe(0x0a000001);
    expect(parseId('0xFFFF0001', 'id')).toBe(0xffff0001);
    expect(parseIdList('0x0A000001, 0a000002,,', '--ids')).toEqual([0x0a000001, 0x0a000002]);
  });

  it('rejects anything else as a usage error', () => {
    for (const t of ['', '0x', 'xyz', '0x123456789', '-1', '1.5']) expect(() => parseId(t, 'id')).toThrow(UsageError);
    expect(() => parseIdList(',', '--ids')).toThrow(UsageError);
  });

  it('sound types by number, hex or name', () => {
    expect(parseSoundType('55')).toBe(0x37);
    expect(parseSoundType('0x37')).toBe(0x37);
    expect(parseSoundType('Footstep1')).toBe(0x37);
    expect(parseSoundType('shieldup')).toBe(0x58);
    expect(() => parseSoundType('Nope')).toThrow(UsageError);
  });

  it('a sound type in a message echoes what was typed (QA #11c: 999 was named only 0x3E7)', () => {
    expect(soundTypeAsTyped('999', 999)).toBe('999 (0x3E7)');
    expect(soundTypeAsTyped(' 12 ', 12)).toBe('Wound1 (12, 0x0C)');
    expect(soundTypeAsTyped('0x3E7', 999)).toBe('0x3E7');
    expect(soundTypeAsTyped('wound1', 12)).toBe('Wound1 (0x0C)');
  });
});
