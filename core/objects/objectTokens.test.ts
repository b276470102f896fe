import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeToken, getToken } from '../binary/token';
import { SoundEntryToken } from './soundTable';
import { WaveObjectHeaderToken } from './wave';
import { WaveFormatExToken, WaveFormatToken, encodeWaveFormatEx, formatExtension, parseWaveFormat } from './waveFormat';

describe('WAVEFORMAT / WAVEFORMATEX tokens (docs/formats/wave.md §2)', () => {
  const base = {
    wFormatTag: 0x0011,
    nChannels: 2,
    nSamplesPerSec: 22050,
    nAvgBytesPerSec: 22311,
    nBlockAlign: 1024,
    wBitsPerSample: 4,
  };
  it('WAVEFORMAT is 16 bytes and round-trips', () => {
    expect(WaveFormatToken.len).toBe(16);
    expect(getToken(WaveFormatToken, encodeToken(WaveFormatToken, base))).toEqual(base);
  });
  it('WAVEFORMATEX adds cbSize at +16 and round-trips', () => {
    expect(WaveFormatExToken.len).toBe(18);
    expect(WaveFormatExToken.offsetOf('cbSize')).toBe(16);
    const v = { ...base, cbSize: 2 };
    expect(getToken(WaveFormatExToken, encodeToken(WaveFormatExToken, v))).toEqual(v);
  });
  it('encodeWaveFormatEx sets cbSize to the extension length; formatExtension gives it back', () => {
    const block = encodeWaveFormatEx(base, new Uint8Array([0xf9, 0x03]));
    expect(block.length).toBe(20);
    expect(parseWaveFormat(block)).toMatchObject({ ...base, cbSize: 2, mp3: null });
    expect([...formatExtension(block)]).toEqual([0xf9, 0x03]);
    expect(formatExtension(block.subarray(0, 16)).length).toBe(0);
  });
});

describe('Wave object header token (docs/formats/wave.md §1)', () => {
  it('id, H, D: 12 bytes, round-trips', () => {
    const v = { id: 0x0a000002, headerSize: 18, dataSize: 7046 };
    expect(WaveObjectHeaderToken.len).toBe(12);
    expect(getToken(WaveObjectHeaderToken, encodeToken(WaveObjectHeaderToken, v))).toEqual(v);
  });
});

describe('SoundTable entry token (docs/formats/soundtable.md §2)', () => {
  it('wave id then three float32s: 16 bytes, round-trips to the nearest float32', () => {
    const v = { waveId: 0x0a000262, priority: 0.7, probability: 1, volume: 0.8 };
    const back = getToken(SoundEntryToken, encodeToken(SoundEntryToken, v));
    expect(SoundEntryToken.len).toBe(16);
    expect(back.waveId).toBe(0x0a000262);
    expect(back.priority).toBe(Math.fround(0.7));
    expect(back.volume).toBe(Math.fround(0.8));
  });

  it('its get reads what the struct layout says, field by field, in key order (any 16 bytes)', () => {
    const fields = SoundEntryToken.fields;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
        const v = new DataView(b.buffer);
        const got = SoundEntryToken.get(v, 0);
        const want = Object.fromEntries(
          Object.entries(fields).map(([name, t]) => [name, t.get(v, SoundEntryToken.offsetOf(name as 'waveId'))]),
        );
        expect(Object.keys(got)).toEqual(Object.keys(fields));
        expect(got).toEqual(want);
      }),
    );
  });
});
