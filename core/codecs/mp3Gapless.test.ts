/**
 * MP3 gapless rules (docs/formats/codecs.md §6.3): the Xing/Info frame and its LAME extension
 * read from bytes (a LAME 3.100 file, fixtures/PROVENANCE.md, and frames built by hand per the
 * documented layout), and the trim authored mode applies.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeWave, gaplessTrimOf, retailSource } from '../audio';
import { parseMpegFrameHeader, parseWave, scanMpegStream } from '../objects';
import { mpg123Decode } from '../test/mpg123Reference';
import { mp3WaveRecord, monoMp3_22050 } from '../test/waveFixtures';
import { gaplessSpan, MP3_DECODER_DELAY, mp3Gapless, readXingFrame, trimGapless } from './mp3';

const lameFile = new Uint8Array(
  readFileSync(fileURLToPath(new URL('./fixtures/lame-mono-22050.mp3', import.meta.url))),
);

/** An MPEG-1 Layer III 128 kbit/s 44100 Hz stereo frame (417 bytes, no CRC) holding a Xing tag. */
function xingFrame(opts: {
  tag?: string;
  flags: number;
  encoder?: string;
  delay?: number;
  padding?: number;
}): Uint8Array {
  const f = new Uint8Array(417);
  f.set([0xff, 0xfb, 0x90, 0x00]);
  let p = 4 + 32; // header + MPEG-1 stereo side information
  for (const c of opts.tag ?? 'Xing') f[p++] = c.charCodeAt(0);
  new DataView(f.buffer).setUint32(p, opts.flags);
  p += 4;
  const view = new DataView(f.buffer);
  if (opts.flags & 1) {
    view.setUint32(p, 7);
    p += 4;
  }
  if (opts.flags & 2) {
    view.setUint32(p, 417 * 8);
    p += 4;
  }
  if (opts.flags & 4) p += 100;
  if (opts.flags & 8) p += 4;
  if (opts.encoder !== undefined) {
    for (let i = 0; i < 9; i++) f[p + i] = opts.encoder.charCodeAt(i) || 0;
    const d = opts.delay ?? 0;
    const q = opts.padding ?? 0;
    f[p + 21] = d >> 4;
    f[p + 22] = ((d & 0x0f) << 4) | (q >> 8);
    f[p + 23] = q & 0xff;
  }
  return f;
}

describe('the Xing/Info frame and its LAME extension (read from bytes)', () => {
  it('LAME 3.100 "Info" frame: 22 frames, encoder delay 576, padding 1071', () => {
    const s = scanMpegStream(lameFile);
    expect(s.xingOffset).toBe(0);
    expect(s.firstOffset).toBe(parseMpegFrameHeader(lameFile, 0)!.frameBytes); // decoding starts after it
    expect(readXingFrame(lameFile, 0)).toEqual({
      tag: 'Info',
      frames: 22,
      bytes: 4805,
      lame: { encoder: 'LAME3.100', encoderDelay: 576, encoderPadding: 1071 },
    });
    // The documented identity: frames × 1152/2 = delay + source samples + padding.
    expect(s.pcmFrames).toBe(576 + 11025 + 1071);
  });

  it('delay and padding are 12 bits each at +21 of the extension, after the fields the flags name', () => {
    for (const flags of [0, 1, 3, 7, 15]) {
      const x = readXingFrame(xingFrame({ flags, encoder: 'LAME3.99r', delay: 0xabc, padding: 0x123 }), 0);
      expect(x?.lame).toEqual({ encoder: 'LAME3.99r', encoderDelay: 0xabc, encoderPadding: 0x123 });
      expect(x?.frames).toBe(flags & 1 ? 7 : null);
    }
  });

  it('an FFmpeg-written extension counts ("Lavf"), a non-text one does not', () => {
    expect(readXingFrame(xingFrame({ flags: 15, encoder: 'Lavf58.76', delay: 1105 }), 0)?.lame?.encoderDelay).toBe(
      1105,
    );
    expect(readXingFrame(xingFrame({ flags: 15, encoder: '\u0001\u0002' }), 0)?.lame).toBeNull();
    expect(readXingFrame(xingFrame({ flags: 15 }), 0)?.lame).toBeNull();
  });

  it('not a Xing/Info frame → null', () => {
    expect(readXingFrame(xingFrame({ tag: 'Nope', flags: 15, encoder: 'LAME3.100' }), 0)).toBeNull();
    expect(readXingFrame(new Uint8Array(8), 0)).toBeNull();
  });
});

describe('gapless trim: encoder delay + decoder delay 529 at the start, the padding at the end', () => {
  it('MP3_DECODER_DELAY is 529 (528 + 1, the LAME convention and mpg123 GAPLESS_DELAY)', () => {
    expect(MP3_DECODER_DELAY).toBe(529);
  });

  it('keeps frames − delay − padding from delay + 529', () => {
    const t = { encoder: 'LAME3.100', encoderDelay: 576, encoderPadding: 1071, decoderDelay: 529 };
    expect(gaplessSpan(12672, t)).toEqual({ start: 1105, frames: 11025 });
  });

  it('padding under the decoder delay: keeps what the stream has after the start', () => {
    const t = { encoder: 'x', encoderDelay: 576, encoderPadding: 100, decoderDelay: 529 };
    expect(gaplessSpan(2304, t)).toEqual({ start: 1105, frames: 2304 - 1105 });
  });

  it('a stream without an Info frame gives no gapless info', () => {
    expect(mp3Gapless(monoMp3_22050())).toBeNull();
    expect(gaplessTrimOf(parseWave(mp3WaveRecord(0x0a000501, monoMp3_22050())))).toBeNull();
  });

  it('delay + padding not below the stream length is not believed', () => {
    const f = xingFrame({ flags: 15, encoder: 'LAME3.100', delay: 4000, padding: 4000 });
    const audio = new Uint8Array(417 * 3);
    audio.set(f);
    audio.set([0xff, 0xfb, 0x90, 0x00], 417);
    audio.set([0xff, 0xfb, 0x90, 0x00], 834);
    expect(readXingFrame(audio, 0)?.lame?.encoderDelay).toBe(4000);
    expect(mp3Gapless(audio)).toBeNull();
  });

  it('authored mode plays the source length, equal to mpg123’s own gapless decode (within float rounding); retail plays every frame', async () => {
    const w = parseWave(mp3WaveRecord(0x0a000502, lameFile));
    const decoded = await decodeWave(w);
    expect(decoded.channels[0]!.length).toBe(12672);
    const trim = gaplessTrimOf(w);
    expect(trim).toEqual({ encoder: 'LAME3.100', encoderDelay: 576, encoderPadding: 1071, decoderDelay: 529 });
    const authored = retailSource(decoded, 0x55, 'authored', trim);
    expect(authored.gapless).toEqual(trim);
    expect(authored.audio.channels[0]!.length).toBe(11025);
    const r = await mpg123Decode(lameFile, true);
    expect(r.samplesDecoded).toBe(11025);
    // the same samples at the same positions; values within float rounding (our decoder is dr_mp3,
    // the reference libmpg123: core/codecs/mp3/wasmDecoder.test.ts)
    const want = r.channelData[0]!;
    const got = authored.audio.channels[0]!;
    expect(Math.max(...got.map((v, i) => Math.abs(v - want[i]!)))).toBeLessThanOrEqual(1e-5);
    const retail = retailSource(decoded, 0x55, 'retail', trim);
    expect(retail.gapless).toBeNull();
    expect(retail.audio.channels[0]!.length).toBe(12672 / 2); // 22050 → 11025 Hz, nothing trimmed
    expect(trimGapless(decoded, trim!).channels[0]!.length).toBe(11025);
  });
});
