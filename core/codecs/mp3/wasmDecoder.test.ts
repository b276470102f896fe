/**
 * The MP3 decoder (dr_mp3 in WebAssembly, ./wasmDecoder.ts) against libmpg123 (mpg123-decoder
 * 1.0.3, the decoder before it, gapless off as the app decodes): the same samples per stream at
 * the same positions, values equal within float rounding, on every MPEG version, mono and stereo;
 * one instance reused across Waves with no state carried over.
 */
import type { MPEGDecodedAudio } from 'mpg123-decoder';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMpegFrameHeader, scanMpegStream } from '../../objects/mpegFrames';
import { mpg123Decode as mpg123 } from '../../test/mpg123Reference';
import { concat, encodeMp3, firstMp3Frames, id3v2Tag, sineInt16 } from '../../test/waveFixtures';
import { MP3_WASM_BASE64 } from './mp3Wasm';
import { base64Bytes, CHUNK_FRAMES, decodeMpegStreamInto, type DecodedInto, WasmMp3Decoder } from './wasmDecoder';

/** Largest difference allowed from libmpg123's float output (measured: 1.5e-6; full scale is 1). */
const TOLERANCE = 1e-5;

const tone = (rate: number, freq: number, s = 0.3): Int16Array => sineInt16(Math.round(rate * s), rate, freq);
/** A tone with a sweep and noise on top: content in every band, so every part of the decoder is used. */
function rich(rate: number, s: number, seed: number): Int16Array {
  const n = Math.round(rate * s);
  const out = new Int16Array(n);
  let r = seed;
  for (let i = 0; i < n; i++) {
    r = (r * 1103515245 + 12345) >>> 0;
    const sweep = Math.sin(2 * Math.PI * (200 + (8000 * i) / n) * (i / rate));
    out[i] = Math.round(7000 * Math.sin((2 * Math.PI * 440 * i) / rate) + 5000 * sweep + 3000 * (r / 2 ** 32 - 0.5));
  }
  return out;
}

const lameFile = new Uint8Array(
  readFileSync(fileURLToPath(new URL('../fixtures/lame-mono-22050.mp3', import.meta.url))),
);

/** Clean streams of every MPEG version and channel count, with and without tags. */
function streams(): { name: string; data: Uint8Array; version: number; channels: 1 | 2 }[] {
  return [
    {
      name: 'MPEG-1 44100 stereo 128k',
      data: encodeMp3(44100, 128, rich(44100, 1, 1), rich(44100, 1, 2)),
      version: 1,
      channels: 2,
    },
    {
      name: 'MPEG-1 48000 stereo 192k',
      data: encodeMp3(48000, 192, rich(48000, 0.5, 3), tone(48000, 660, 0.5)),
      version: 1,
      channels: 2,
    },
    { name: 'MPEG-1 32000 mono 64k', data: encodeMp3(32000, 64, rich(32000, 0.5, 4)), version: 1, channels: 1 },
    { name: 'MPEG-2 22050 mono 32k', data: encodeMp3(22050, 32, rich(22050, 1, 5)), version: 2, channels: 1 },
    {
      name: 'MPEG-2 16000 stereo 32k',
      data: encodeMp3(16000, 32, tone(16000, 300), rich(16000, 0.3, 6)),
      version: 2,
      channels: 2,
    },
    {
      name: 'MPEG-2.5 11025 mono + ID3v2',
      data: concat(id3v2Tag('one'), encodeMp3(11025, 16, rich(11025, 0.5, 7))),
      version: 2.5,
      channels: 1,
    },
    {
      name: 'MPEG-2.5 8000 stereo + ID3v2',
      data: concat(id3v2Tag('a longer title'), encodeMp3(8000, 16, tone(8000, 200), tone(8000, 400))),
      version: 2.5,
      channels: 2,
    },
    { name: 'LAME 3.100 with an Info frame', data: lameFile, version: 2, channels: 1 },
  ];
}

/** `got` equals libmpg123's `want` (cut or zero-padded to `frames`) within {@link TOLERANCE}. */
function expectClose(got: DecodedInto, want: MPEGDecodedAudio, frames: number, what: string): number {
  expect(got.samplesDecoded, what).toBe(want.samplesDecoded);
  expect(got.sampleRate, what).toBe(want.sampleRate);
  let worst = 0;
  got.channels.forEach((ch, c) => {
    expect(ch.length, what).toBe(frames);
    const w = want.channelData[c]!;
    for (let i = 0; i < frames; i++) {
      const d = Math.abs(ch[i]! - (i < want.samplesDecoded ? w[i]! : 0));
      if (d > worst) worst = d;
    }
  });
  expect(worst, what).toBeLessThanOrEqual(TOLERANCE);
  return worst;
}

describe('the MP3 decoder (dr_mp3, WebAssembly) agrees with libmpg123', () => {
  it('every MPEG version, mono and stereo: the same samples at the same positions, within float rounding', async () => {
    const one = await WasmMp3Decoder.create();
    for (const s of streams()) {
      const scan = scanMpegStream(s.data);
      expect(parseMpegFrameHeader(s.data, scan.firstOffset!)?.version, s.name).toBe(s.version);
      expect(scan.first?.channels, s.name).toBe(s.channels);
      const want = await mpg123(s.data);
      expect(want.samplesDecoded, s.name).toBe(scan.pcmFrames); // the listed length
      expectClose(one.decodeInto(s.data, s.channels, scan.pcmFrames), want, scan.pcmFrames, s.name);
    }
  });

  it('a mono stream asked for two channels fills both with the same samples', async () => {
    const one = await WasmMp3Decoder.create();
    const data = encodeMp3(22050, 32, rich(22050, 0.5, 9));
    const frames = scanMpegStream(data).pcmFrames;
    const r = one.decodeInto(data, 2, frames);
    expect(r.channels[1]).toEqual(r.channels[0]);
    expectClose(r, await mpg123(data), frames, 'mono as stereo');
  });

  it('output cut or zero-padded to the frames asked for; samplesDecoded counts them all', async () => {
    const one = await WasmMp3Decoder.create();
    const data = encodeMp3(44100, 128, rich(44100, 1, 1), rich(44100, 1, 2));
    const want = await mpg123(data);
    const n = want.samplesDecoded;
    for (const frames of [0, 1000, n - 1, n, n + 1153])
      expectClose(one.decodeInto(data, 2, frames), want, frames, `${frames}`);
  });

  it(`a stream of many output chunks (${CHUNK_FRAMES} samples each) decodes in place`, async () => {
    const one = await WasmMp3Decoder.create();
    const data = encodeMp3(44100, 128, rich(44100, 3, 11), rich(44100, 3, 12));
    const want = await mpg123(data);
    expect(want.samplesDecoded).toBeGreaterThan(5 * CHUNK_FRAMES);
    expectClose(one.decodeInto(data, 2, want.samplesDecoded), want, want.samplesDecoded, 'long stream');
  });

  it('a stream of ONE frame decodes (its header is repeated after it for the sync)', async () => {
    const one = await WasmMp3Decoder.create();
    const data = firstMp3Frames(encodeMp3(22050, 32, rich(22050, 0.5, 13)), 1);
    expect(scanMpegStream(data).pcmFrames).toBe(576);
    const want = await mpg123(data);
    expect(want.samplesDecoded).toBe(576);
    expectClose(one.decodeInto(data, 1, 576), want, 576, 'one frame');
  });

  it('the last frame before a trailing ID3v1 tag decodes', async () => {
    const one = await WasmMp3Decoder.create();
    const tag = new Uint8Array(128);
    tag.set([0x54, 0x41, 0x47]); // "TAG"
    const data = concat(encodeMp3(22050, 32, rich(22050, 0.3, 14)), tag);
    const scan = scanMpegStream(data);
    expect(scan.endOffset).toBe(data.length - 128);
    const want = await mpg123(data);
    expect(want.samplesDecoded).toBe(scan.pcmFrames);
    expectClose(one.decodeInto(data, 1, scan.pcmFrames), want, scan.pcmFrames, 'ID3v1');
  });

  it('a frame whose bit reservoir reaches before the stream gives silence, and the frames after it stay in place', async () => {
    const one = await WasmMp3Decoder.create();
    const whole = encodeMp3(44100, 128, rich(44100, 0.5, 15), rich(44100, 0.5, 16));
    // the first frame's main data said to begin 100 bytes back (MPEG-1: the 9 bits after the
    // header, no CRC), before the stream: that frame cannot be decoded
    expect((whole[4]! << 1) | (whole[5]! >> 7)).toBe(0);
    const data = whole.slice();
    data[4] = 100 >> 1;
    data[5] = (data[5]! & 0x7f) | ((100 & 1) << 7);
    const frames = scanMpegStream(data).pcmFrames;
    const r = one.decodeInto(data, 2, frames);
    expect(r.samplesDecoded).toBe(frames);
    expect(r.errors).toEqual(['1 frame could not be decoded (given as silence)']);
    expect(r.channels[0]!.subarray(0, 1152).every((v) => v === 0)).toBe(true);
    expect(r.channels[0]!.subarray(1152, 2304).some((v) => v !== 0)).toBe(true);
    // libmpg123 also keeps the frames after it in place: the same length
    expect((await mpg123(data)).samplesDecoded).toBe(frames);
    // after it, the intact stream's samples (close once the filterbank's overlap from the
    // silent frame has passed)
    const intact = one.decodeInto(whole, 2, frames);
    let worst = 0;
    for (let i = 3 * 1152; i < frames; i++)
      worst = Math.max(worst, Math.abs(r.channels[0]![i]! - intact.channels[0]![i]!));
    expect(worst).toBeLessThan(1e-4);
  });

  it('data with no MPEG frame gives 0 samples, rate 0', async () => {
    const one = await WasmMp3Decoder.create();
    const garbage = Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) & 0xff);
    for (const data of [garbage, id3v2Tag('nothing after')]) {
      const r = one.decodeInto(data, 2, 100);
      expect(r.samplesDecoded).toBe(0);
      expect(r.sampleRate).toBe(0);
      expect(r.channels.map((c) => c.length)).toEqual([100, 100]);
    }
  });
});

describe('one decoder reused across Waves (issue #9)', () => {
  it('a sequence of different Waves through ONE instance equals a new instance for each, bit for bit', async () => {
    const one = await WasmMp3Decoder.create();
    const list = [...streams(), ...streams().reverse()];
    for (const s of list) {
      const frames = scanMpegStream(s.data).pcmFrames;
      const got = one.decodeInto(s.data, s.channels, frames);
      const want = (await WasmMp3Decoder.create()).decodeInto(s.data, s.channels, frames);
      expect(got.samplesDecoded, s.name).toBe(want.samplesDecoded);
      expect(got.sampleRate, s.name).toBe(want.sampleRate);
      got.channels.forEach((ch, c) =>
        expect(Buffer.from(ch.buffer).equals(Buffer.from(want.channels[c]!.buffer)), s.name).toBe(true),
      );
    }
    expect(one.usable).toBe(true);
  });

  it('decodeMpegStreamInto (what decodeMp3 calls) decodes Wave after Wave with the one shared decoder', async () => {
    for (const s of streams()) {
      const frames = scanMpegStream(s.data).pcmFrames;
      expectClose(await decodeMpegStreamInto(s.data, s.channels, frames), await mpg123(s.data), frames, s.name);
    }
  });

  it('a decoder that threw is freed and refuses further use', async () => {
    const one = await WasmMp3Decoder.create();
    const data = encodeMp3(22050, 32, rich(22050, 0.2, 17));
    const bad = new Proxy(data, {
      get(target, key) {
        if (key === 'subarray') throw new Error('unreadable');
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    expect(() => one.decodeInto(bad, 1, 100)).toThrow('unreadable');
    expect(one.usable).toBe(false);
    expect(() => one.decodeInto(data, 1, 100)).toThrow('MP3 decoder used after free');
  });
});

it('base64Bytes decodes the embedded module as Node does', () => {
  expect(Buffer.from(base64Bytes(MP3_WASM_BASE64)).equals(Buffer.from(MP3_WASM_BASE64, 'base64'))).toBe(true);
  for (const s of ['', 'YQ==', 'YWI=', 'YWJj', 'YWJjZA=='])
    expect(Buffer.from(base64Bytes(s)).toString()).toBe(Buffer.from(s, 'base64').toString());
});
