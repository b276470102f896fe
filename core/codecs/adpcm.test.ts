/**
 * MS ADPCM (0x0002) and IMA ADPCM (0x0011) against SoX (docs/formats/codecs.md §4, §5): each
 * fixture is an ADPCM WAV SoX encoded and SoX's own decode of it (core/codecs/fixtures/, made by
 * scripts/make-adpcm-fixtures.sh; provenance in fixtures/PROVENANCE.md). The ADPCM bytes become a
 * dat Wave (writeWave → parseWave), and our decode must equal SoX's within 1 LSB, frame for frame.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ChunkHeaderToken,
  RiffHeaderToken,
  decodeWave,
  decodedWav,
  originalFile,
  parseWavStrict,
  retailSource,
} from '../audio';
import { getToken } from '../binary/token';
import { DecodeError } from '../errors';
import { parseWave, waveFacts, writeWave } from '../objects';
import { codecFor } from './registry';

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The fmt body and the data a RIFF file holds (data clamped to the file, as a cut file is). */
function riffParts(bytes: Uint8Array): { fmt: Uint8Array; data: Uint8Array } {
  let fmt: Uint8Array | null = null;
  for (let p = RiffHeaderToken.len; p + ChunkHeaderToken.len <= bytes.length;) {
    const { id, size } = getToken(ChunkHeaderToken, bytes, p);
    const body = bytes.subarray(p + 8, Math.min(bytes.length, p + 8 + size));
    if (id === 'fmt ') fmt = body;
    if (id === 'data') return { fmt: fmt!, data: body };
    p += 8 + size + (size & 1);
  }
  throw new Error('no data chunk');
}

/** SoX's decode as int16 channels. */
function soxChannels(name: string): Int16Array[] {
  const w = parseWavStrict(readFileSync(dir + name));
  const frames = w.data.length / 2 / w.channels;
  const v = new DataView(w.data.buffer, w.data.byteOffset, w.data.byteLength);
  return Array.from({ length: w.channels }, (_, c) =>
    Int16Array.from({ length: frames }, (_, i) => v.getInt16((i * w.channels + c) * 2, true)),
  );
}

function waveFrom(name: string, id: number) {
  const { fmt, data } = riffParts(readFileSync(dir + name));
  return parseWave(writeWave({ id, formatBytes: fmt, data }));
}

const fixtures = readdirSync(dir).filter((f) => /^(ms|ima)-.*\d(-partial)?\.wav$/.test(f));

describe('ADPCM decode equals SoX within 1 LSB (mono and stereo, 11025 and 22050 Hz, partial last block)', () => {
  it('has the fixtures', () => {
    expect(fixtures.length).toBe(12);
  });
  it.each(fixtures)('%s', async (name) => {
    const w = waveFrom(name, 0x0a000100);
    const tag = name.startsWith('ms') ? 0x0002 : 0x0011;
    expect(w.format.wFormatTag).toBe(tag);
    const ref = soxChannels(name.replace(/\.wav$/, '.sox.wav'));
    const a = await decodeWave(w);
    expect(a.sampleRate).toBe(w.format.nSamplesPerSec);
    expect(a.channels.length).toBe(ref.length);
    // duration = whole blocks × samples per block (+ the partial block's frames) ÷ rate, as SoX counts
    expect(waveFacts(w).frames).toBe(ref[0]!.length);
    expect(waveFacts(w).durationSec).toBeCloseTo(ref[0]!.length / w.format.nSamplesPerSec, 9);
    let worst = 0;
    for (let c = 0; c < ref.length; c++) {
      const ours = a.channels[c]!;
      expect(ours.length).toBe(ref[c]!.length);
      for (let i = 0; i < ours.length; i++)
        worst = Math.max(worst, Math.abs(Math.round(ours[i]! * 32768) - ref[c]![i]!));
    }
    expect(worst).toBeLessThanOrEqual(1);
    if (!name.includes('partial')) expect(w.warnings).toEqual([]);
  });
});

describe('ADPCM Waves list, export and play like any other', () => {
  const w = waveFrom('ms-stereo-22050.wav', 0x0a000101);
  it('facts ignore nAvgBytesPerSec', () => {
    const lying = parseWave(
      writeWave({
        id: 1,
        formatBytes: Uint8Array.from(w.formatBytes, (b, i) => (i >= 8 && i < 12 ? 1 : b)),
        data: w.data,
      }),
    );
    expect(lying.format.nAvgBytesPerSec).toBe(0x01010101);
    expect(waveFacts(lying)).toEqual(waveFacts(w));
  });
  it('"Original" is RIFF with the full stored format block (coefficient table) and a fact chunk', () => {
    const o = originalFile(w);
    expect(o.extension).toBe('wav');
    const s = parseWavStrict(o.bytes);
    expect([...s.fmtBytes]).toEqual([...w.formatBytes]);
    expect(s.fmtBytes.length).toBe(50);
    expect(s.factSampleLength).toBe(waveFacts(w).frames);
    expect([...s.data]).toEqual([...w.data]);
  });
  it('"Decoded" is 16-bit PCM with SoX\'s samples within 1 LSB', async () => {
    const s = parseWavStrict(await decodedWav(w));
    expect([s.formatTag, s.channels, s.sampleRate, s.bitsPerSample]).toEqual([1, 2, 22050, 16]);
    expect(s.frames).toBe(waveFacts(w).frames);
  });
  it('retail mode converts it to 11025 Hz mono like MP3 (retail-engine decision 1)', async () => {
    const r = retailSource(await decodeWave(w), w.format.wFormatTag, 'retail');
    expect(r.converted).toBe(true);
    expect(r.audio.sampleRate).toBe(11025);
    expect(r.audio.channels.length).toBe(1);
    expect(retailSource(await decodeWave(w), w.format.wFormatTag, 'authored').converted).toBe(false);
  });
  it('the registry names both codecs; other tags stay unsupported, never silence', async () => {
    expect(codecFor(0x0002).name).toBe('MS ADPCM');
    expect(codecFor(0x0011).name).toBe('IMA ADPCM');
    expect(codecFor(0x0031).decodes).toBe(false);
    const other = parseWave(
      writeWave({
        id: 0x0a000102,
        formatBytes: Uint8Array.from(w.formatBytes, (b, i) => (i === 0 ? 0x31 : b)),
        data: w.data,
      }),
    );
    await expect(decodeWave(other)).rejects.toThrow(new DecodeError(0x0a000102, 'unsupported format 0x0031').message);
  });
  it('a predictor index outside the coefficient table is a DecodeError naming the block', async () => {
    const data = w.data.slice();
    data[w.format.nBlockAlign] = 9; // block 1, channel 0 predictor
    const bad = parseWave(writeWave({ id: 0x0a000103, formatBytes: w.formatBytes, data }));
    await expect(decodeWave(bad)).rejects.toThrow(/MS ADPCM block 1 channel 0 uses predictor 9, but the table has 7/);
  });
  it('an IMA step index above 88 is a DecodeError naming the block', async () => {
    const ima = waveFrom('ima-mono-11025.wav', 0x0a000104);
    const data = ima.data.slice();
    data[2] = 89;
    await expect(
      decodeWave(parseWave(writeWave({ id: 0x0a000104, formatBytes: ima.formatBytes, data }))),
    ).rejects.toThrow(/IMA ADPCM block 0 channel 0 starts at step index 89/);
  });
});
