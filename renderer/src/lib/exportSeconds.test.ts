import { describe, expect, it } from 'vitest';
import { SOUNDSCAPE_MAX_SECONDS } from '../../../core/engine';
import { parseExportSeconds } from './exportSeconds';

describe('Export seconds: 0 < s ≤ SOUNDSCAPE_MAX_SECONDS, as the core checks it', () => {
  it('a usable length is taken as typed (fractions too)', () => {
    expect(parseExportSeconds('30')).toEqual({ seconds: 30 });
    expect(parseExportSeconds(' 2.5 ')).toEqual({ seconds: 2.5 });
    expect(parseExportSeconds(String(SOUNDSCAPE_MAX_SECONDS))).toEqual({ seconds: SOUNDSCAPE_MAX_SECONDS });
  });
  it('empty, 0, negative, above the maximum and not a number are refused with why', () => {
    expect(parseExportSeconds('').error).toBe('Enter how many seconds to export.');
    expect(parseExportSeconds('0').error).toBe('Must be more than 0 seconds.');
    expect(parseExportSeconds('-3').error).toBe('Must be more than 0 seconds.');
    expect(parseExportSeconds('3601').error).toBe('At most 3600 seconds (one hour).');
    expect(parseExportSeconds('abc').error).toBe('“abc” is not a number of seconds.');
  });
});
