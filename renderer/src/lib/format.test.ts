import { describe, expect, it } from 'vitest';
import { fieldHint } from './fieldHint';
import {
  fmtBits,
  fmtBitsDetail,
  fmtBytes,
  fmtBytesShort,
  groupThousands,
  fmtClock,
  fmtSeconds,
  fmtSecondsShort,
  fmtDb,
  fmtFactor,
  fmtDegrees,
  fmtHundredths,
  fmtMetres,
  fmtNumber,
  fmtPan,
  reasonParts,
  hex8,
  MINUS,
  soundTypeLabel,
  tableLabel,
  tagHex,
} from './format';
import { stepDistance } from './placement';

describe('format', () => {
  it('ids are 0x + 8 uppercase hex digits', () => {
    expect(hex8(0x0a00012f)).toBe('0x0A00012F');
    expect(hex8(0xffff0001)).toBe('0xFFFF0001');
  });
  it('labels a SoundTable as "0x20000007 — Drudge"', () => {
    expect(tableLabel(0x20000007, 'Drudge')).toBe('0x20000007 — Drudge');
    expect(tableLabel(0x20000007, null)).toBe('0x20000007');
  });
  it('labels a sound type as "Footstep1 (0x37)"', () => {
    expect(soundTypeLabel('Footstep1', 0x37)).toBe('Footstep1 (0x37)');
    expect(soundTypeLabel('Invalid', 0)).toBe('Invalid (0x00)');
  });
  it('format tags as 0xNNNN', () => {
    expect(tagHex(0x55)).toBe('0x0055');
  });
  it('numbers carry units and use U+2212 for negatives', () => {
    expect(fmtDb(-12)).toBe(`${MINUS}12 dB`);
    expect(fmtDb(0)).toBe('0 dB');
    expect(fmtHundredths(-1200)).toBe(`${MINUS}1200 (1/100 dB)`);
    expect(fmtHundredths(1400, true)).toBe('+1400 (1/100 dB)');
    expect(fmtHundredths(null)).toBe('not called');
    expect(fmtPan(14)).toBe('+14');
    expect(fmtPan(-7)).toBe(`${MINUS}7`);
    expect(fmtPan(0)).toBe('0');
    expect(fmtDegrees(90)).toBe('+90°');
    expect(fmtDegrees(-45)).toBe(`${MINUS}45°`);
    expect(fmtBytes(512)).toBe('512 B');
    expect(fmtClock(61.5)).toBe('1:01.500');
  });
  it('sizes: exact with thousands separators, compact in binary units', () => {
    expect(fmtBytes(88152)).toBe('88,152 B');
    expect(fmtBytes(495)).toBe('495 B');
    expect(fmtBytesShort(495)).toBe('495 B');
    expect(fmtBytesShort(1023)).toBe('1023 B');
    expect(fmtBytesShort(88152)).toBe('86.1 KiB');
    expect(fmtBytesShort(5 * 1048576)).toBe('5.0 MiB');
  });
  it('bits: the stored value for PCM and the ADPCMs (bits per code, as acsound list prints it), "—" for MP3', () => {
    expect(fmtBits(1, 16)).toBe('16');
    expect(fmtBits(0x0002, 4)).toBe('4');
    expect(fmtBits(0x0011, 4)).toBe('4');
    expect(fmtBits(0x55, 0)).toBe('—');
    expect(fmtBits(0x55, 16)).toBe('—');
  });
  it('keeps up to 3 decimals of a bearing (the spec boundary 64.158°)', () => {
    expect(fmtNumber(64.158, 3)).toBe('64.158');
    expect(fmtNumber(10, 3)).toBe('10');
    expect(fmtNumber(1 / 3, 3)).toBe('0.333');
    expect(fmtDegrees(64.158)).toBe('+64.158°');
    expect(fmtDegrees(-0.0004)).toBe('0°');
  });
});

describe('extremes fit their readout or field (the largest volume, 3.4028235e38)', () => {
  it('metres: up to 3 decimals, else compact with 3 significant digits', () => {
    expect(fmtMetres(94.18175, 3)).toBe('94.182 m');
    expect(fmtMetres(999_999.9994, 3)).toBe('999999.999 m');
    expect(fmtMetres(1e6, 3)).toBe('1e6 m');
    expect(fmtMetres(1.7373595086795791e21, 3)).toBe('1.74e21 m');
    expect(fmtMetres(Number.MAX_VALUE, 3)).toBe('1.8e308 m');
    expect(fmtMetres(0.00001, 3)).toBe('1e-5 m');
    expect(fmtMetres(-1.23456e-7, 3)).toBe(`${MINUS}1.23e-7 m`);
    expect(fmtMetres(0, 3)).toBe('0 m');
    expect(fmtMetres(Infinity)).toBe('∞ m');
    for (const m of [1e6, 1.7373595086795791e21, Number.MAX_VALUE, 5e-324]) {
      expect(fmtMetres(m, 3).length, String(m)).toBeLessThanOrEqual(12);
    }
  });
  it('dB: integers, "−∞ dB" for no level at all', () => {
    expect(fmtDb(-903.4)).toBe(`${MINUS}903 dB`);
    expect(fmtDb(-Infinity)).toBe(`${MINUS}∞ dB`);
    expect(fmtDb(NaN)).toBe('—');
  });
  it('a field\'s number: past the exact integers in exponent form, 8 significant digits, no "+"', () => {
    expect(fmtNumber(3.4028235e38, 4)).toBe('3.4028235e38');
    expect(fmtNumber(1e308, 4)).toBe('1e308');
    expect(fmtNumber(1e16, 4)).toBe('1e16');
    expect(fmtNumber(4294967295, 0)).toBe('4294967295'); // the largest seed, whole
    expect(fmtNumber(999_999.5, 4)).toBe('999999.5');
    expect(fmtNumber(0.25, 4)).toBe('0.25');
    expect(Number(fmtNumber(3.4028235e38, 4))).toBe(3.4028235e38); // typed back, the same volume
  });
});

describe('field hints, panner steps, compressed bits', () => {
  it('a value out of range is clamped with a hint, never silently', () => {
    expect(fieldHint('250', 250, 10, { min: 0, max: 200 })).toEqual({ commit: 200, hint: 'Above 200: using 200' });
    expect(fieldHint('-5', -5, 10, { min: 0, max: 200, normalize: (v) => Math.min(200, Math.max(0, v)) })).toEqual({
      commit: 0,
      hint: 'Below 0: using 0',
    });
    expect(fieldHint('-1', -1, 1, { min: 0, digits: 4 })).toEqual({ commit: 0, hint: 'Below 0: using 0' });
    expect(fieldHint('', Number.NaN, 1, { min: 0 })).toEqual({ commit: null, hint: 'Empty: keeping 1' });
    expect(fieldHint('12.5', 12.5, 1, { min: 0, max: 200 })).toEqual({ commit: 12.5, hint: null });
    expect(fieldHint('400', 400, 0, { min: -180, max: 180, normalize: (v) => (v > 180 ? v - 360 : v) })).toEqual({
      commit: 40,
      hint: 'Using 40',
    });
    expect(fieldHint('-300', -300, 0, { min: -180, max: 180, normalize: (v) => v + 360 }).hint).toBe('Using 60');
  });
  it('a text the browser cannot use (1e400) keeps the value from before the edit, and says so accurately', () => {
    // the browser reports such text as empty, with validity.badInput
    expect(fieldHint('', Number.NaN, 45, { min: -180, max: 180 }, true)).toEqual({
      commit: null,
      hint: 'Not a usable number: keeping 45',
    });
    expect(fieldHint('', Number.NaN, 45, { min: -180, max: 180 }, false).hint).toBe('Empty: keeping 45');
  });
  it('a wrapped value names the documented range it wraps into: −180 is 180 in (−180, 180]', () => {
    const rules = {
      min: -180,
      max: 180,
      normalize: (v: number) => (v <= -180 ? v + 360 : v),
      rangeText: '(−180, 180]',
    };
    expect(fieldHint('-180', -180, 0, rules)).toEqual({ commit: 180, hint: '−180 is 180 in (−180, 180]: using 180' });
    expect(fieldHint('-179', -179, 0, rules)).toEqual({ commit: -179, hint: null });
  });
  it('a refused value (a scene the terrain type does not have) is not committed; the hint says why and what is kept', () => {
    const rules = {
      min: 0,
      max: 2,
      digits: 0,
      refuse: (v: number, typed: string) =>
        v <= 2 && Number.isInteger(v) && v >= 0 ? null : `${typed} is not a scene`,
    };
    expect(fieldHint('7', 7, 1, rules)).toEqual({ commit: null, hint: '7 is not a scene; keeping 1' });
    expect(fieldHint(' 3.0', 3, 0, rules)).toEqual({ commit: null, hint: '3.0 is not a scene; keeping 0' });
    expect(fieldHint('2', 2, 0, rules)).toEqual({ commit: 2, hint: null });
    expect(fieldHint('', Number.NaN, 1, rules)).toEqual({ commit: null, hint: 'Empty: keeping 1' });
  });
  it('↑/↓ on the panner step from the current distance without snapping', () => {
    expect(stepDistance(77.983, 1)).toBe(78.983);
    expect(stepDistance(0.2, 0.1)).toBe(0.3);
    expect(stepDistance(10, -1)).toBe(9);
  });
  it('the Wave view says what the bits mean for compressed Waves', () => {
    expect(fmtBitsDetail(0x55, 0)).toBe('— (none: MP3 frames have no sample size)');
    expect(fmtBitsDetail(0x0002, 4)).toBe('4 (bits per MS ADPCM code; decodes to 16-bit samples)');
    expect(fmtBitsDetail(1, 16)).toBe('16');
  });
});

describe('fmtSecondsShort (issue #10 defect 8: durations of 10 s or more fit the Dur column)', () => {
  it('keeps at most 4 significant digits, never longer than "9.999 s"', () => {
    expect(fmtSecondsShort(1.2345)).toBe('1.234 s');
    expect(fmtSecondsShort(10.92)).toBe('10.92 s');
    expect(fmtSecondsShort(123.45)).toBe('123.5 s');
    expect(fmtSecondsShort(4321.7)).toBe('4322 s');
    for (const s of [0.5, 9.9994, 10.92, 99.99, 100, 999.9, 5000])
      expect(fmtSecondsShort(s).length).toBeLessThanOrEqual('9.999 s'.length);
  });
});

describe('a positive duration under 0.5 ms is "< 0.001 s", never "0.000 s" (core/index secondsText)', () => {
  it('a 4,000,000,000 Hz Wave of 3,523 frames lasts nanoseconds, not nothing', () => {
    expect(fmtSeconds(3523 / 4e9)).toBe('< 0.001 s');
    expect(fmtSecondsShort(3523 / 4e9)).toBe('< 0.001 s');
    expect(fmtSeconds(0)).toBe('0.000 s');
    expect(fmtSeconds(0.0005)).toBe('0.001 s');
    expect(fmtSecondsShort(0.0012)).toBe('0.001 s');
  });
});

describe('groupThousands: en-US grouping without a formatter per call (issue #9)', () => {
  it('gives exactly what toLocaleString("en-US") gives, integers or not', () => {
    const xs = [0, -0, 7, 999, 1000, -1000, 12345, 88152, 999999, 1000000, -1234567, 2 ** 32, Number.MAX_SAFE_INTEGER];
    const more = [0.5, 1234.5678, -9876.54321, 1e21, NaN, Infinity, -Infinity];
    for (const n of [...xs, ...more]) expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('fmtFactor: a volume factor is readable at every slider value, never "×0.000" while not 0', () => {
  it('the ambient slider 0.01 applied twice (the Soundscape view) is ×0.0001, −80 dB', () => {
    expect(fmtFactor(0.01 * 0.01)).toBe(`×0.0001 (${MINUS}80 dB)`);
  });
  it('3 significant digits and the dB with one decimal at most', () => {
    expect(fmtFactor(0.5 * 0.5)).toBe(`×0.25 (${MINUS}12 dB)`);
    expect(fmtFactor(0.99 * 0.99)).toBe(`×0.98 (${MINUS}0.2 dB)`);
    expect(fmtFactor(0.37 * 0.37)).toBe(`×0.137 (${MINUS}17.3 dB)`);
    expect(fmtFactor(0.03 * 0.03)).toBe(`×0.0009 (${MINUS}60.9 dB)`);
    expect(fmtFactor(1)).toBe('×1 (0 dB)');
    expect(fmtFactor(1e-9)).toBe(`×0.000000001 (${MINUS}180 dB)`);
  });
  it('0 is silent; nothing else reads as 0', () => {
    expect(fmtFactor(0)).toBe('×0 (silent)');
    for (let s = 1; s <= 100; s++) expect(fmtFactor((s / 100) ** 2)).not.toMatch(/^×0(\.0*)? /);
  });
});

describe('reasonParts: a reason fits a narrow column on one line, the whole text kept', () => {
  it('splits at the first " (", ": " or " by "', () => {
    expect(reasonParts(`inaudible (below ${MINUS}50 dB)`)).toEqual(['inaudible', ` (below ${MINUS}50 dB)`]);
    expect(reasonParts('cannot play: Corrupt dat: block 3 (at 0x400)')).toEqual([
      'cannot play',
      ': Corrupt dat: block 3 (at 0x400)',
    ]);
    expect(reasonParts('skipped by the probability roll')).toEqual(['skipped', ' by the probability roll']);
    expect(reasonParts('dropped (all 16 voices busy)')).toEqual(['dropped', ' (all 16 voices busy)']);
    expect(reasonParts('missing sound type (the SoundTable has no rows for it)')[0]).toBe('missing sound type');
  });
  it('a text without a reason is whole', () => {
    expect(reasonParts('played, voice 3')).toEqual(['played, voice 3', '']);
    expect(reasonParts('reading…')).toEqual(['reading…', '']);
  });
});
