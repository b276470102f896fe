import { describe, expect, it } from 'vitest';
import { bitsBucketText, bitsText, NO_BITS } from './registry';

// QA #11b: census said "0 (compressed)", the app's Census "— (compressed)", list "—"
describe('bits per sample for people: one rule for compressed Waves', () => {
  it('a Wave: the stored value when it is a sample or code size, else "—" (never "0")', () => {
    expect(bitsText(0x0001, 16)).toBe('16');
    expect(bitsText(0x0002, 4)).toBe('4');
    expect(bitsText(0x0055, 0)).toBe(NO_BITS);
    expect(bitsText(0x0055, 16)).toBe(NO_BITS);
    expect(bitsText(0x0001, 0)).toBe(NO_BITS);
  });

  it('a census bucket: the value (with the unit asked), and 0 is "— (compressed)", the long form of "—"', () => {
    expect(bitsBucketText(16)).toBe('16');
    expect(bitsBucketText(8, '-bit')).toBe('8-bit');
    expect(bitsBucketText(0)).toBe('— (compressed)');
    expect(bitsBucketText(0, '-bit')).toBe('— (compressed)');
    expect(bitsBucketText(0).startsWith(bitsText(0x0055, 0))).toBe(true);
  });
});
