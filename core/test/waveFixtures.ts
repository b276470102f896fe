/**
 * Synthetic Wave / MP3 fixtures for core tests (no real game data is used anywhere).
 *
 * Provenance of MP3 test data: every MP3 byte stream here is produced at test time by
 * `@breezystack/lamejs` 1.2.7 (a pure-JS port of LAME, devDependency) from synthetic sine
 * waves generated below. lamejs writes no Xing/LAME tag, so a stream of N frames decodes to
 * exactly N × samplesPerFrame samples (576 for MPEG-2/2.5 Layer III, 1152 for MPEG-1).
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import type { WaveFormat } from '../objects';
import { encodeWaveFormat, parseMpegFrameHeader, writeWave } from '../objects';

/** A PCM WaveFormat with consistent fields (or the overrides given). */
export function pcmFormat(channels: number, rate: number, bits: number, over: Partial<WaveFormat> = {}): WaveFormat {
  const align = (channels * bits) / 8;
  return {
    wFormatTag: 1,
    nChannels: channels,
    nSamplesPerSec: rate,
    nAvgBytesPerSec: rate * align,
    nBlockAlign: align,
    wBitsPerSample: bits,
    cbSize: 0,
    mp3: null,
    ...over,
  };
}

/** An MP3 (0x55) WaveFormat with the 12-byte MPEGLAYER3WAVEFORMAT extension (→ 30-byte block). */
export function mp3Format(
  channels: number,
  rate: number,
  kbps: number,
  frameBytes: number,
  over: Partial<WaveFormat> = {},
): WaveFormat {
  return {
    wFormatTag: 0x55,
    nChannels: channels,
    nSamplesPerSec: rate,
    nAvgBytesPerSec: (kbps * 1000) / 8,
    nBlockAlign: 1,
    wBitsPerSample: 0,
    cbSize: 12,
    mp3: { wID: 1, fdwFlags: 2, nBlockSize: frameBytes, nFramesPerBlock: 1, nCodecDelay: 1393 },
    ...over,
  };
}

/** Dat-record bytes of a Wave (dat-format §5.1). `declaredDataSize` overrides D (pitfalls #8). */
export function waveRecord(
  id: number,
  formatBytes: Uint8Array,
  data: Uint8Array,
  declaredDataSize?: number,
): Uint8Array {
  const rec = writeWave({ id, formatBytes, data });
  if (declaredDataSize !== undefined) new DataView(rec.buffer).setInt32(8, declaredDataSize, true);
  return rec;
}

/** Dat-record bytes of a Wave with the given format (encoded as 18 or 30 bytes). */
export function waveRecordFor(id: number, format: WaveFormat, data: Uint8Array): Uint8Array {
  return waveRecord(id, encodeWaveFormat(format), data);
}

/** `frames` samples of a sine at `freq` Hz, amplitude `amp` (int16 units). */
export function sineInt16(frames: number, rate: number, freq: number, amp = 8000): Int16Array {
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++) out[i] = Math.round(amp * Math.sin((2 * Math.PI * freq * i) / rate));
  return out;
}

/** Interleaved 16-bit little-endian bytes of the given channels. */
export function int16Bytes(...channels: Int16Array[]): Uint8Array {
  const n = channels[0]!.length;
  const ch = channels.length;
  const out = new Uint8Array(n * ch * 2);
  const v = new DataView(out.buffer);
  for (let i = 0; i < n; i++) for (let c = 0; c < ch; c++) v.setInt16((i * ch + c) * 2, channels[c]![i]!, true);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, b) => a + b.length, 0));
  let p = 0;
  for (const b of parts) {
    out.set(b, p);
    p += b.length;
  }
  return out;
}

/** Encodes int16 PCM to an MP3 byte stream with lamejs (mono when `right` is omitted). */
export function encodeMp3(rate: number, kbps: number, left: Int16Array, right?: Int16Array): Uint8Array {
  const enc = new Mp3Encoder(right ? 2 : 1, rate, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152;
  for (let i = 0; i < left.length; i += block) {
    parts.push(enc.encodeBuffer(left.subarray(i, i + block), right?.subarray(i, i + block)));
  }
  parts.push(enc.flush());
  return concat(...parts.map((p) => new Uint8Array(p)));
}

/** The first `count` whole MPEG frames of `mp3` (which must start with a frame). */
export function firstMp3Frames(mp3: Uint8Array, count: number): Uint8Array {
  let p = 0;
  for (let i = 0; i < count; i++) {
    const h = parseMpegFrameHeader(mp3, p);
    if (!h) throw new Error(`no MPEG frame at ${p}`);
    p += h.frameBytes;
  }
  return mp3.slice(0, p);
}

/** A minimal ID3v2.3 tag holding one TIT2 (title) frame. */
export function id3v2Tag(title: string): Uint8Array {
  const text = new TextEncoder().encode(title);
  const frameSize = 1 + text.length;
  const frame = concat(
    new TextEncoder().encode('TIT2'),
    new Uint8Array([
      (frameSize >>> 24) & 0xff,
      (frameSize >>> 16) & 0xff,
      (frameSize >>> 8) & 0xff,
      frameSize & 0xff,
      0,
      0,
      0,
    ]),
    text,
  );
  const size = frame.length;
  const header = new Uint8Array([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return concat(header, frame);
}

/** 1 s of a 440 Hz sine encoded as mono MPEG-2 Layer III at 22050 Hz, 32 kbps (41 frames × 576). */
export function monoMp3_22050(): Uint8Array {
  return encodeMp3(22050, 32, sineInt16(22050, 22050, 440));
}

/** A complete MP3 Wave record: tag 0x55, 30-byte header, data = `mp3`. Header fields from the first frame unless overridden. */
export function mp3WaveRecord(id: number, mp3: Uint8Array, over: Partial<WaveFormat> = {}): Uint8Array {
  let p = 0;
  // skip an ID3v2 tag to find the first frame
  if (mp3[0] === 0x49 && mp3[1] === 0x44 && mp3[2] === 0x33)
    p = 10 + ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!);
  const h = parseMpegFrameHeader(mp3, p);
  if (!h) throw new Error('mp3WaveRecord: no MPEG frame');
  return waveRecordFor(id, mp3Format(h.channels, h.sampleRate, h.bitrateKbps, h.frameBytes, over), mp3);
}
