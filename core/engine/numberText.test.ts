import { describe, expect, it } from 'vitest';
import { NOT_USABLE, numberTextProblem, parseNumberSetting } from './settings';

// QA #11d: `--distance 1e309` said "Infinity is above 200", `--bearing Infinity` "is not a number"
describe('a number no door can use: one rule, the words of the Listener ("not a usable number")', () => {
  it.each([['far'], [''], ['Infinity'], ['-Infinity'], ['1e309'], ['-1e400'], ['NaN']])(
    '%j is "not a usable number", echoing what was typed',
    (text) => {
      expect(numberTextProblem(text)).toBe(`${JSON.stringify(text)} ${NOT_USABLE}`);
    },
  );

  it('a non-finite number value is the same', () => {
    expect(numberTextProblem(Number.POSITIVE_INFINITY)).toBe(`Infinity ${NOT_USABLE}`);
    expect(numberTextProblem(Number.NaN)).toBe(`NaN ${NOT_USABLE}`);
  });

  it('every numeric setting refuses it before its range is checked (never "Infinity is above 200")', () => {
    expect(() => parseNumberSetting('distance', '1e309')).toThrow(`"1e309" ${NOT_USABLE}`);
    expect(() => parseNumberSetting('bearingDeg', 'Infinity')).toThrow(`"Infinity" ${NOT_USABLE}`);
    expect(() => parseNumberSetting('volume', '1e999')).toThrow(`"1e999" ${NOT_USABLE}`);
  });

  it('finite decimal text is fine; another notation is still explained', () => {
    expect(numberTextProblem('1e308')).toBeNull();
    expect(numberTextProblem(' 95 ')).toBeNull();
    expect(numberTextProblem('0x10', 'metres')).toBe('"0x10" is not a decimal number: give metres in decimal, e.g. 16');
  });
});
