import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../../core/bytes/ByteSource';
import { DatFile, WAVE_RANGE, writeDat } from '../../../core/dat';
import { waveInfoOf, waveInfoSync } from '../../../core/index/waveListing';
import { encodeWaveFormatEx, parseWave, scanMpegStream } from '../../../core/objects';
import { pcmFormat, waveRecord } from '../../../core/test/waveFixtures';
import { cbSizeText, gaplessRow, headerRows, headerSizeText, mp3ExtensionRows, mpegStreamRows } from './waveFacts';

/** Two MPEG-2 Layer III frames, 22,050 Hz, 32 kbit/s, mono: header FF F3 40 C4 (no CRC). */
function mp3Frames(count: number): Uint8Array {
  const frameBytes = Math.floor(((576 / 8) * 32000) / 22050);
  const out = new Uint8Array(frameBytes * count);
  for (let i = 0; i < count; i++) out.set([0xff, 0xf3, 0x40, 0xc4], i * frameBytes);
  return out;
}

describe('Wave format facts', () => {
  it('header size and cbSize', () => {
    expect(headerSizeText(30, 12)).toBe('30 B (WAVEFORMATEX + 12)');
    expect(headerSizeText(18, 0)).toBe('18 B (WAVEFORMATEX)');
    expect(headerSizeText(16, null)).toBe('16 B (WAVEFORMAT)');
    expect(cbSizeText(12, 30)).toBe('12');
    expect(cbSizeText(0, 18)).toBe('0');
    expect(cbSizeText(null, 16)).toBe('absent (16-byte header)');
  });
  it('the MPEGLAYER3WAVEFORMAT extension fields', () => {
    expect(mp3ExtensionRows({ wID: 1, fdwFlags: 2, nBlockSize: 104, nFramesPerBlock: 1, nCodecDelay: 1393 })).toEqual([
      ['wID', '1 (MPEG)'],
      ['fdwFlags', '0x00000002 (padding off)'],
      ['nBlockSize', '104 B'],
      ['nFramesPerBlock', '1'],
      ['nCodecDelay', '1393 samples'],
    ]);
  });
  it('the MPEG stream facts from the first frame header', () => {
    const rows = Object.fromEntries(mpegStreamRows(scanMpegStream(mp3Frames(3))));
    expect(rows['MPEG version']).toBe('MPEG-2 Layer III');
    expect(rows['Bitrate']).toBe('32 kbit/s');
    expect(rows['Stream rate']).toBe('22,050 Hz');
    expect(rows['Channel mode']).toBe('mono');
    expect(rows['MPEG frames']).toBe('3 × 576 samples');
    expect(mpegStreamRows(scanMpegStream(new Uint8Array(10)))).toEqual([
      ['MPEG stream', 'no valid frame header found'],
    ]);
  });
});

describe('gaplessRow: the span authored mode plays, or "no gapless info"', () => {
  it('no LAME tag → "no gapless info"', () => {
    expect(gaplessRow(null, 29952, 22050)).toEqual([
      'Gapless',
      'no gapless info (no LAME tag): authored and retail play every frame',
    ]);
  });

  it('a LAME tag → the kept frames and seconds, and what was trimmed', () => {
    const [label, text] = gaplessRow(
      { encoder: 'LAME3.100', encoderDelay: 576, encoderPadding: 1071, decoderDelay: 529 },
      12672,
      22050,
    );
    expect(label).toBe('Gapless');
    expect(text).toMatch(
      /^11,025 frames \(0\.500 s\): LAME3\.100 encoder delay 576 \+ decoder delay 529, padding 1071/,
    );
  });
});

/** A PCM format block of `headerSize` bytes whose cbSize field says `cbSize` (null: a 16-byte WAVEFORMAT). */
function formatBlock(headerSize: number, cbSize: number | null): Uint8Array {
  const ex = encodeWaveFormatEx(pcmFormat(1, 11025, 16));
  if (cbSize === null) return ex.subarray(0, headerSize);
  const out = new Uint8Array(headerSize);
  out.set(ex);
  new DataView(out.buffer).setUint16(16, cbSize, true);
  return out;
}

describe('headerRows: a Wave whose data does not read labels its header as a healthy one does', () => {
  it("the listing's row (read when the dat opened) gives the rows the full parse gives", async () => {
    const headers = [
      [18, 0],
      [30, 12],
      [50, 32],
      [30, 0],
      [16, null],
    ] as const;
    // Waves with these headers in a dat of our writer, listed as the app lists them (core/index)
    const bytes = writeDat(
      headers.map(([headerSize, cbSize], i) => ({
        id: WAVE_RANGE.min + i,
        data: waveRecord(WAVE_RANGE.min + i, formatBlock(headerSize, cbSize), new Uint8Array(400)),
      })),
    );
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const entries = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max);
    expect(entries).toHaveLength(headers.length);
    for (const [i, entry] of entries.entries()) {
      const parsed = parseWave(await dat.readEntry(entry));
      expect([parsed.headerSize, parsed.format.cbSize], 'the Wave as written').toEqual(headers[i]);
      const rows = headerRows({ headerSize: 0 }, parsed);
      for (const listed of [await waveInfoOf(dat, entry), waveInfoSync(dat, entry)]) {
        expect(listed.error).toBeNull();
        expect(headerRows(listed, null), `H ${parsed.headerSize}, cbSize ${parsed.format.cbSize}`).toEqual(rows);
      }
    }
    expect(headerRows({ headerSize: 18 }, null)).toEqual([
      ['Header size', '18 B (WAVEFORMATEX)'],
      ['cbSize', '0'],
    ]);
  });
});
