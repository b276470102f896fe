import { describe, expect, it } from 'vitest';
import { fmtBits, fmtBytes, fmtBytesShort, fmtClock, fmtDb, fmtDegrees, fmtHundredths, fmtNumber, fmtPan, hex8, MINUS, soundTypeLabel, tableLabel, tagHex } from './format';

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
  it('bits per sample: "—" for compressed formats', () => {
    expect(fmtBits(1, 16)).toBe('16');
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
