import { describe, expect, it } from 'vitest';
import { FixedRandom } from '../random';
import { rollDice } from './rollDice';

describe('RollDice(float, float) (acclient.c:105531)', () => {
  it('ran2 · (hi − lo) + lo: RollDice(10, 30) at 0.5 → 20', () =>
    expect(rollDice(new FixedRandom({ ran2: [0.5] }), 10, 30)).toBe(20));
  it('reversed bounds are ordered: RollDice(30, 10) at 0.25 → 15', () =>
    expect(rollDice(new FixedRandom({ ran2: [0.25] }), 30, 10)).toBe(15));
  it('equal bounds return the bound without drawing', () => {
    const r = new FixedRandom();
    expect(rollDice(r, 3, 3)).toBe(3);
    expect(r.drawn.ran2).toBe(0);
  });
  it('never draws crtRand', () => {
    const r = new FixedRandom({ ran2: [0.99999988] });
    rollDice(r, 0, 1);
    expect(r.drawn).toEqual({ ran2: 1, crtRand: 0 });
  });
});
