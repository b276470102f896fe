import { describe, expect, it } from 'vitest';
import { asHeardSuffix, fmtBytes, fmtClock, fmtDb, fmtDegrees, fmtHundredths, fmtPan, hex8, MINUS, soundTypeLabel, tableLabel, tagHex } from './format';

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
  it('names "as heard" files from the settings', () => {
    expect(asHeardSuffix(10, 90)).toBe('10m_+90deg');
    expect(asHeardSuffix(2.5, -30)).toBe('2.5m_-30deg');
  });
});
