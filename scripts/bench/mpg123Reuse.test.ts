import { MPEGDecoder, type MPEGDecodedAudio } from 'mpg123-decoder';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMpegFrameHeader } from '../../core/objects/mpegFrames';
import { mpg123Decode as fresh } from '../../core/test/mpg123Reference';
import { concat, encodeMp3, id3v2Tag, sineInt16 } from '../../core/test/waveFixtures';
import {
  type DecodedInto,
  decodeMpegStreamInto,
  mpg123Internals,
  MPG123_DECODER_VERSION,
  ReusedMpegDecoder,
} from './mpg123Reuse';

function expectSame(got: MPEGDecodedAudio, want: MPEGDecodedAudio, what: string): void {
  expect(got.samplesDecoded, what).toBe(want.samplesDecoded);
  expect(got.sampleRate, what).toBe(want.sampleRate);
  expect(got.errors.length, what).toBe(want.errors.length);
  expect(got.channelData.length, what).toBe(want.channelData.length);
  got.channelData.forEach((ch, c) => {
    const w = want.channelData[c]!;
    expect(ch.length, what).toBe(w.length);
    // sample-identical: compare bit patterns (NaN-safe, no tolerance)
    expect(
      Buffer.from(ch.buffer, ch.byteOffset, ch.byteLength).equals(Buffer.from(w.buffer, w.byteOffset, w.byteLength)),
      `${what} ch ${c}`,
    ).toBe(true);
  });
}

/** `want` cut or zero-padded to `frames`, its first `channels` channels: what decodeInto must give. */
function expectSameInto(got: DecodedInto, want: MPEGDecodedAudio, channels: 1 | 2, frames: number, what: string): void {
  expect(got.samplesDecoded, what).toBe(want.samplesDecoded);
  expect(got.sampleRate, what).toBe(want.sampleRate);
  expect(got.errors, what).toEqual(want.errors.map((e) => e.message));
  expect(got.channels.length, what).toBe(channels);
  got.channels.forEach((ch, c) => {
    const w = new Float32Array(frames);
    w.set(want.channelData[c]!.subarray(0, Math.min(frames, want.samplesDecoded)));
    expect(ch.length, what).toBe(frames);
    expect(Buffer.from(ch.buffer, ch.byteOffset, ch.byteLength).equals(Buffer.from(w.buffer)), `${what} ch ${c}`).toBe(
      true,
    );
  });
}

const mono = (rate: number, freq: number, s = 0.3): Int16Array => sineInt16(Math.round(rate * s), rate, freq);

/** Streams of every MPEG version, mono and stereo, with and without ID3, and damaged ones. */
function streams(): { name: string; data: Uint8Array; version?: number }[] {
  const m1s = encodeMp3(44100, 128, mono(44100, 440), mono(44100, 660));
  const m1m = encodeMp3(32000, 64, mono(32000, 330));
  const m2m = encodeMp3(22050, 32, mono(22050, 500));
  const m2s = encodeMp3(16000, 32, mono(16000, 300), mono(16000, 700));
  const m25m = encodeMp3(11025, 16, mono(11025, 250));
  const m25s = encodeMp3(8000, 16, mono(8000, 200), mono(8000, 400));
  const corrupt = m2m.slice();
  for (let i = 400; i < 700 && i < corrupt.length; i++) corrupt[i] = (i * 37) & 0xff;
  return [
    { name: 'MPEG-1 44100 stereo', data: m1s, version: 1 },
    { name: 'MPEG-2.5 11025 mono + ID3', data: concat(id3v2Tag('one'), m25m), version: 2.5 },
    { name: 'MPEG-1 32000 mono', data: m1m, version: 1 },
    { name: 'MPEG-2 22050 mono', data: m2m, version: 2 },
    { name: 'MPEG-2.5 8000 stereo + ID3', data: concat(id3v2Tag('a longer title'), m25s), version: 2.5 },
    { name: 'corrupt MPEG-2 (bytes 400–700 overwritten)', data: corrupt },
    { name: 'MPEG-2 16000 stereo, cut mid-frame', data: m2s.slice(0, m2s.length - 37), version: 2 },
    { name: 'garbage', data: Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) & 0xff) },
    { name: 'ID3 tag only', data: id3v2Tag('nothing after') },
    { name: 'MPEG-2.5 11025 mono + ID3 again', data: concat(id3v2Tag('one'), m25m), version: 2.5 },
    { name: 'MPEG-1 44100 stereo again', data: m1s, version: 1 },
  ];
}

describe('one mpg123-decoder reused across Waves (issue #9)', () => {
  const reused: ReusedMpegDecoder[] = [];
  afterAll(() => reused.forEach((d) => d.free()));

  it(`mpg123-decoder is shaped as ${MPG123_DECODER_VERSION}: the internals the reuse needs are all there`, async () => {
    const d = new MPEGDecoder({ enableGapless: false });
    await d.ready;
    try {
      const i = mpg123Internals(d);
      expect(i._decoder).toBeGreaterThan(0);
    } finally {
      d.free();
    }
    expect(() => mpg123Internals({} as MPEGDecoder)).toThrow(/not shaped as version 1\.0\.3: no _common/);
  });

  it('a sequence of different Waves through ONE decoder is sample-identical to a fresh decoder for each', async () => {
    const one = await ReusedMpegDecoder.create();
    reused.push(one);
    const list = streams();
    for (const s of list.filter((x) => x.version !== undefined)) {
      expect(
        parseMpegFrameHeader(s.data, s.data[0] === 0x49 ? 10 + (s.data[9]! | (s.data[8]! << 7)) : 0)?.version,
        s.name,
      ).toBe(s.version);
    }
    for (const s of list) expectSame(one.decode(s.data), await fresh(s.data), s.name);
    expect(one.usable).toBe(true);
  });

  it('hundreds of handle renewals keep the output identical (no leak exhausts the fixed WASM heap)', async () => {
    const one = await ReusedMpegDecoder.create();
    reused.push(one);
    const data = concat(id3v2Tag('x'), encodeMp3(11025, 16, mono(11025, 250, 0.1)));
    const want = await fresh(data);
    const handles = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const got = one.decode(data);
      if (i > 0) handles.add(one.handle);
      if (i % 100 === 0 || i === 399) expectSame(got, want, `pass ${i}`);
    }
    // each renewal frees the old handle and the new one takes its place: a leak would move it
    // up the heap (and, the heap being fixed, end in a failed create)
    expect(handles.size).toBe(1);
  });

  it('decodeInto copies straight into arrays of the asked length: the same samples, cut or zero-padded', async () => {
    const one = await ReusedMpegDecoder.create();
    reused.push(one);
    for (const s of streams()) {
      const want = await fresh(s.data);
      const n = want.samplesDecoded;
      // shorter, exact and longer than what mpg123 yields; one channel (mono) and two
      for (const [channels, frames] of [
        [2, n],
        [1, n],
        [2, Math.max(0, n - 1000)],
        [2, n + 1153],
        [1, 0],
      ] as const)
        expectSameInto(
          one.decodeInto(s.data, channels, frames),
          want,
          channels,
          frames,
          `${s.name} ${channels}×${frames}`,
        );
    }
    expect(one.usable).toBe(true);
  });

  it('a stream longer than the WASM output buffer (many reads per feed) decodes into place sample-identically', async () => {
    const one = await ReusedMpegDecoder.create();
    reused.push(one);
    // 8 s of 44.1 kHz stereo: ~350k samples, several output-buffer reads and two 64 KiB feeds
    const data = encodeMp3(44100, 128, mono(44100, 440, 8), mono(44100, 660, 8));
    expect(data.length).toBeGreaterThan(2 ** 16);
    const want = await fresh(data);
    expectSameInto(one.decodeInto(data, 2, want.samplesDecoded), want, 2, want.samplesDecoded, 'long stream');
  });

  it("decodeMpegStreamInto (what decodeMp3 calls) gives a fresh decoder's output for each Wave in turn", async () => {
    for (const s of streams()) {
      const want = await fresh(s.data);
      expectSameInto(await decodeMpegStreamInto(s.data, 2, want.samplesDecoded), want, 2, want.samplesDecoded, s.name);
    }
  });
});
