import { describe, expect, it } from 'vitest';
import { matches, parseQuery, soundTypeHaystack, termMatchesId } from './search';

describe('search', () => {
  it('matches ids with or without 0x, in any case', () => {
    for (const t of ['0x0A00012F', '0x0a00012f', '0A00012F', '0a00012f', '12f', '12F', '0x12F']) {
      expect(termMatchesId(parseQuery(t).terms[0]!, 0x0a00012f)).toBe(true);
    }
    expect(termMatchesId('0x130', 0x0a00012f)).toBe(false);
    expect(termMatchesId('zz', 0x0a00012f)).toBe(false);
  });
  it('matches sound types by name and value', () => {
    const hay = [soundTypeHaystack('Footstep1', 0x37)];
    expect(matches(parseQuery('footstep'), 0x20000001, hay)).toBe(true);
    expect(matches(parseQuery('0x37'), 0x20000001, hay)).toBe(true);
    expect(matches(parseQuery('55'), 0x20000001, hay)).toBe(true);
    expect(matches(parseQuery('wound'), 0x20000001, hay)).toBe(false);
  });
  it('requires every term (AND)', () => {
    const hay = ['drudge', soundTypeHaystack('Wound1', 0x0c)];
    expect(matches(parseQuery('drudge wound'), 0x20000007, hay)).toBe(true);
    expect(matches(parseQuery('drudge footstep'), 0x20000007, hay)).toBe(false);
    expect(matches(parseQuery('   '), 0x20000007, hay)).toBe(true);
  });
});
