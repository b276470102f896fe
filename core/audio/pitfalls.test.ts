/**
 * /work/shared/spec/pitfalls.md #1–#9, each repro run end to end through core:
 * dat record bytes → parseWave → decode / export → strict re-parse. (#10–#12 are UI, Electron
 * and engine matters covered elsewhere.) MP3 test data comes from lamejs (see core/test/waveFixtures.ts).
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile, writeDat } from '../dat';
import { DecodeError } from '../errors';
import { formatTagHex, parseWave, scanMpegStream, waveFacts } from '../objects';
import type { Wave } from '../objects';
import {
  concat,
  encodeMp3,
  firstMp3Frames,
  id3v2Tag,
  int16Bytes,
  mp3WaveRecord,
  pcmFormat,
  sineInt16,
  waveRecord,
  waveRecordFor,
} from '../test/waveFixtures';
import { decodeWave, decodedWav, mp3InWav, originalFile, parseWavStrict, resample } from './index';

/** Positive-going zero crossings per second of a channel: the dominant frequency of a pure tone. */
function toneHz(x: Float32Array, rate: number, skip = 0): number {
  let n = 0;
  for (let i = skip + 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) n++;
  return n / ((x.length - skip) / rate);
}
const i16 = (b: Uint8Array, i: number): number =>
  new DataView(b.buffer, b.byteOffset, b.byteLength).getInt16(i * 2, true);

describe('pitfall #1: MP3 Waves exported with the right container for each option', () => {
  const threeFrames = firstMp3Frames(encodeMp3(22050, 32, sineInt16(22050, 22050, 440)), 3);
  const cases: [string, Uint8Array][] = [
    ['bare frames', threeFrames],
    ['ID3v2 + frames', concat(id3v2Tag('AC test'), threeFrames)],
  ];
  it.each(cases)('%s: 0x55 mono 22050 Hz, 30-byte header, three MPEG-2 Layer III frames', async (_name, mp3) => {
    const w = parseWave(mp3WaveRecord(0x0a000393, mp3));
    expect(w.headerSize).toBe(30);
    expect(w.format).toMatchObject({ wFormatTag: 0x55, nChannels: 1, nSamplesPerSec: 22050, cbSize: 12 });

    // "Original": only the MPEG bytes, as .mp3, starting with ID3 or an 0xFFE sync; re-parsed as MPEG.
    const orig = originalFile(w);
    expect(orig.extension).toBe('mp3');
    expect(orig.bytes).toEqual(mp3);
    const startsId3 = String.fromCharCode(...orig.bytes.subarray(0, 3)) === 'ID3';
    const startsSync = orig.bytes[0] === 0xff && (orig.bytes[1]! & 0xe0) === 0xe0;
    expect(startsId3 || startsSync).toBe(true);
    expect(String.fromCharCode(...orig.bytes.subarray(0, 4))).not.toBe('RIFF');
    const scan = scanMpegStream(orig.bytes);
    expect(scan).toMatchObject({ frameCount: 3, junkBytes: 0, truncatedBytes: 0 });

    // "WAV container": fmt size 30 with cbSize 12, plus a fact chunk; strict reader passes.
    const box = parseWavStrict(mp3InWav(w));
    expect(box.chunks.find((c) => c.id === 'fmt ')!.size).toBe(30);
    expect(box.cbSize).toBe(12);
    expect(box.factSampleLength).toBe(3 * 576);

    // "Decoded WAV": 16-bit PCM that passes the strict reader.
    const dec = parseWavStrict(await decodedWav(w));
    expect(dec).toMatchObject({ formatTag: 1, bitsPerSample: 16, channels: 1, sampleRate: 22050, frames: 3 * 576 });
  });
});

describe('pitfall #2: MP3 and PCM Waves both decode; a failure is an error naming the tag and reason', () => {
  it('a list of one 16-bit PCM wave and one MP3 wave: both give audio', async () => {
    const pcm = parseWave(waveRecordFor(0x0a000001, pcmFormat(1, 22050, 16), int16Bytes(sineInt16(2205, 22050, 440))));
    const mp3 = parseWave(mp3WaveRecord(0x0a000002, encodeMp3(22050, 32, sineInt16(2205, 22050, 440))));
    for (const w of [pcm, mp3]) {
      const a = await decodeWave(w);
      expect(a.channels[0]!.length).toBeGreaterThan(0);
      expect(a.channels[0]!.some((x) => x !== 0)).toBe(true);
    }
  });

  it('an undecodable wave rejects with DecodeError carrying the format tag; raw export still works', async () => {
    const w = parseWave(
      waveRecordFor(0x0a000003, pcmFormat(1, 22050, 4, { wFormatTag: 0x0031, nBlockAlign: 256 }), new Uint8Array(512)),
    );
    const err = await decodeWave(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).waveId).toBe(0x0a000003);
    expect((err as Error).message).toContain(formatTagHex(0x0031));
    expect(originalFile(w).bytes.length).toBeGreaterThan(512);
  });
});

describe('pitfall #3: mono MP3 — channel count from the MPEG frame header', () => {
  it('0x55, 1 channel, 22050 Hz, 30-byte header, mono Layer III frames: 1 ch, right pitch and length, mono export', async () => {
    const mp3 = encodeMp3(22050, 32, sineInt16(22050, 22050, 440));
    expect(mp3[3]! >> 6).toBe(3); // channel-mode bits 11 = mono
    const w = parseWave(mp3WaveRecord(0x0a000393, mp3));
    const facts = waveFacts(w);
    expect(facts.channels).toBe(1);
    const a = await decodeWave(w);
    expect(a.channels).toHaveLength(1);
    expect(a.sampleRate).toBe(22050);
    expect(a.channels[0]!.length).toBe(facts.frames);
    // 1 s of input + encoder delay/padding (no gapless trim): not half-speed, not double length
    expect(a.channels[0]!.length / a.sampleRate).toBeGreaterThanOrEqual(1);
    expect(a.channels[0]!.length / a.sampleRate).toBeLessThan(1.1);
    expect(toneHz(a.channels[0]!, a.sampleRate, 2000)).toBeGreaterThan(430);
    expect(toneHz(a.channels[0]!, a.sampleRate, 2000)).toBeLessThan(450);
    expect(parseWavStrict(await decodedWav(w)).channels).toBe(1);
  });
});

describe('pitfall #4: fmt header sizes 16, 18, 20 (and 30 for MP3) all decode and export the same audio', () => {
  it('three PCM waves (16-bit mono 22050) with H = 16, 18 (cbSize 0), 20 (cbSize 2 + 2 padding bytes)', async () => {
    const data = int16Bytes(sineInt16(500, 22050, 440));
    const base = waveRecordFor(0, pcmFormat(1, 22050, 16), new Uint8Array(0)).subarray(12, 28);
    const heads = [base, concat(base, new Uint8Array([0, 0])), concat(base, new Uint8Array([2, 0, 0, 0]))];
    const exports: Uint8Array[] = [];
    for (const [i, h] of heads.entries()) {
      const w = parseWave(waveRecord(0x0a000040 + i, h, data));
      expect(w.headerSize).toBe(16 + 2 * i);
      expect(w.warnings).toEqual([]);
      expect(w.data).toEqual(data);
      expect((await decodeWave(w)).channels[0]!.length).toBe(500);
      exports.push(await decodedWav(w));
      const orig = parseWavStrict(originalFile(w).bytes);
      expect(orig.fmtBytes.length).toBe(16 + 2 * i);
    }
    expect(exports[1]).toEqual(exports[0]);
    expect(exports[2]).toEqual(exports[0]);
  });
});

describe('pitfall #5: odd-length data chunks get a pad byte and a RIFF size that includes it', () => {
  it('8-bit mono 11025 Hz wave with 7 data bytes: data size 7, one 0x00 pad, RIFF size = length − 8', () => {
    const w = parseWave(
      waveRecordFor(0x0a000050, pcmFormat(1, 11025, 8), new Uint8Array([0x80, 0x90, 0xa0, 0xb0, 0xc0, 0xd0, 0xe0])),
    );
    const bytes = originalFile(w).bytes;
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect(v.getUint32(4, true)).toBe(bytes.length - 8);
    const s = parseWavStrict(bytes);
    const data = s.chunks.find((c) => c.id === 'data')!;
    expect(data.size).toBe(7);
    expect(data.offset + 8 + 7 + 1).toBe(bytes.length);
    expect(bytes[bytes.length - 1]).toBe(0);
    expect(bytes.length % 2).toBe(0);
  });

  it('MP3 WAV container with an odd MPEG payload is padded too', () => {
    const frames = firstMp3Frames(encodeMp3(22050, 32, sineInt16(2205, 22050, 440)), 2);
    const tag = id3v2Tag(frames.length % 2 === 0 ? 'ab' : 'abc'); // 21 + title length bytes
    const w = parseWave(mp3WaveRecord(0x0a000051, concat(tag, frames)));
    expect(w.data.length % 2).toBe(1);
    const bytes = mp3InWav(w);
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(bytes.length - 8);
    expect(bytes[bytes.length - 1]).toBe(0);
    expect(parseWavStrict(bytes).data).toEqual(w.data);
  });
});

describe('pitfall #6: 8-bit PCM is unsigned', () => {
  const data = concat(
    new Uint8Array(100).fill(0x80),
    Uint8Array.from({ length: 100 }, (_, i) => (Math.floor(i / 10) % 2 ? 0xc0 : 0x40)),
  );
  const w = parseWave(waveRecordFor(0x0a000060, pcmFormat(1, 11025, 8), data));

  it('the 0x80 run decodes to silence centred on 0; the square wave swings ±0.5', async () => {
    const a = await decodeWave(w);
    expect(a.channels[0]!.subarray(0, 100).every((x) => x === 0)).toBe(true);
    expect(Array.from(new Set(a.channels[0]!.subarray(100)))).toEqual([-0.5, 0.5]);
  });

  it('decoded 16-bit export maps 0x80 → 0 and 0xC0 → +16384 (0x40 → −16384)', async () => {
    const s = parseWavStrict(await decodedWav(w));
    expect(s.bitsPerSample).toBe(16);
    expect(i16(s.data, 0)).toBe(0);
    expect(i16(s.data, 99)).toBe(0);
    expect(i16(s.data, 100)).toBe(-16384);
    expect(i16(s.data, 110)).toBe(16384);
  });

  it('an 8-bit original export stays unsigned (bytes untouched)', () => {
    const s = parseWavStrict(originalFile(w).bytes);
    expect(s.bitsPerSample).toBe(8);
    expect(s.data).toEqual(data);
  });
});

describe('pitfall #7: inconsistent header fields — frame size from channels × bits ÷ 8', () => {
  const tone = sineInt16(22050, 22050, 440);
  const waveA = parseWave(
    waveRecordFor(0x0a00000a, pcmFormat(1, 22050, 16, { nBlockAlign: 4, nAvgBytesPerSec: 88200 }), int16Bytes(tone)),
  );
  const waveB = parseWave(waveRecordFor(0x0a00000b, pcmFormat(1, 11025, 16), int16Bytes(sineInt16(11025, 11025, 440))));

  it('Wave A: 1 s of data reads as 1 s, lint flags it, the decoded export rewrites consistent fields', async () => {
    expect(waveFacts(waveA).durationSec).toBe(1);
    expect(waveA.warnings).toContain('nBlockAlign 4 ≠ nChannels×wBitsPerSample/8 = 2');
    const a = await decodeWave(waveA);
    expect(a.channels[0]!.length).toBe(22050);
    const s = parseWavStrict(await decodedWav(waveA));
    expect(s).toMatchObject({ blockAlign: 2, avgBytesPerSec: 44100, sampleRate: 22050, frames: 22050 });
    expect(s.data).toEqual(waveA.data);
    // The "original" export keeps the stored (inconsistent) header, so the strict reader flags it.
    expect(() => parseWavStrict(originalFile(waveA).bytes)).toThrow(/nBlockAlign 4/);
  });

  it('Wave B (11025 Hz): correct length, and resampling for a 48 kHz graph keeps the pitch', async () => {
    expect(waveB.warnings).toEqual([]);
    const a = await decodeWave(waveB);
    expect(a.sampleRate).toBe(11025);
    expect(waveFacts(waveB).durationSec).toBe(1);
    const r = resample(a, 48000);
    expect(r.channels[0]!.length).toBe(48000);
    expect(toneHz(r.channels[0]!, 48000, 100)).toBeCloseTo(440, -1);
  });
});

describe('pitfall #8: declared data size larger than the record; trailing partial frames', () => {
  it('dataSize 8000 with 7046 bytes present: clamped with a warning, decode and export use 7046 frames, no hang', async () => {
    const w = parseWave(
      waveRecord(
        0x0a000080,
        waveRecordFor(0, pcmFormat(1, 11025, 8), new Uint8Array(0)).subarray(12, 30),
        new Uint8Array(7046).fill(0x80),
        8000,
      ),
    );
    expect(w.data.length).toBe(7046);
    expect(w.warnings.join()).toMatch(/declared data size 8000 .* clamped to 7046/);
    expect((await decodeWave(w)).channels[0]!.length).toBe(7046);
    expect(parseWavStrict(await decodedWav(w)).frames).toBe(7046);
    expect(parseWavStrict(originalFile(w).bytes).data.length).toBe(7046);
  });

  it('data 1 byte short of a whole frame: the partial frame is dropped, exports pass the strict reader', async () => {
    const full = int16Bytes(sineInt16(100, 22050, 440), sineInt16(100, 22050, 660));
    const w = parseWave(waveRecordFor(0x0a000081, pcmFormat(2, 22050, 16), full.subarray(0, full.length - 1)));
    expect(w.warnings.join()).toMatch(/trailing partial frame \(3 bytes\) is dropped/);
    expect(waveFacts(w).frames).toBe(99);
    expect((await decodeWave(w)).channels[1]!.length).toBe(99);
    const s = parseWavStrict(await decodedWav(w));
    expect(s.frames).toBe(99);
    expect(s.data).toEqual(full.subarray(0, 99 * 4));
  });
});

describe('pitfall #9: preview, export and header maths agree on a fully assembled record', () => {
  it('a 60 KB PCM Wave spread over ~60 non-contiguous 1024-byte sectors: decoded frames == exported WAV frames == header maths', async () => {
    const frames = 30_000;
    const pcm = int16Bytes(sineInt16(frames, 22050, 440));
    const id = 0x0a000090;
    const record = waveRecordFor(id, pcmFormat(1, 22050, 16), pcm);
    const filler = Array.from({ length: 20 }, (_, i) => ({ id: 0x0a000000 + i, data: new Uint8Array(1500).fill(i) }));
    const datBytes = writeDat([...filler, { id, data: record }], { fragment: 7, maxEntriesPerNode: 4 });
    const dat = await DatFile.open(new MemoryByteSource(datBytes));
    const entry = (await dat.find(id))!;
    expect(entry.size).toBe(record.length);
    expect(Math.ceil(entry.size / 1020)).toBeGreaterThanOrEqual(59);
    const w: Wave = parseWave(await dat.readObject(id));
    expect(w.warnings).toEqual([]);
    const headerMaths = w.declaredDataSize / ((w.format.nChannels * w.format.wBitsPerSample) / 8);
    const preview = await decodeWave(w);
    const exported = parseWavStrict(await decodedWav(w));
    expect(headerMaths).toBe(frames);
    expect(preview.channels[0]!.length).toBe(frames);
    expect(exported.frames).toBe(frames);
    expect(waveFacts(w).frames).toBe(frames);
    expect(exported.data).toEqual(pcm);
  });

  it('MP3: decoded samples == exported WAV frames == frame-header maths == fact chunk', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000091, encodeMp3(11025, 16, sineInt16(33075, 11025, 300))));
    const preview = await decodeWave(w);
    const exported = parseWavStrict(await decodedWav(w));
    const box = parseWavStrict(mp3InWav(w));
    const maths = waveFacts(w).frames;
    expect(maths % 576).toBe(0);
    expect(preview.channels[0]!.length).toBe(maths);
    expect(exported.frames).toBe(maths);
    expect(box.factSampleLength).toBe(maths);
  });
});
