/**
 * MPEG-1/2 Layer III, tag 0x0055 (docs/formats/codecs.md §6): facts and lint from the MPEG frame
 * headers (so they need the data bytes), decoding with dr_mp3 in WebAssembly (./wasmDecoder.ts), "Original" as the bare
 * MPEG stream (`.mp3`).
 */
import { scanMpegStream } from '../../objects/mpegFrames';
import type { Codec } from '../types';
import { decodeMp3 } from './decode';
import { mp3Gapless } from './gapless';
import { WAVE_FORMAT_MPEGLAYER3 } from './extension';

export { decodeMp3 } from './decode';
export type { GaplessTrim, XingFrame } from './gapless';
export { MP3_DECODER_DELAY, gaplessSpan, mp3Gapless, readXingFrame, trimGapless } from './gapless';
export type { Mp3Extension } from './extension';
export { Mp3ExtensionToken, WAVE_FORMAT_MPEGLAYER3, readMp3Extension } from './extension';

export const mp3Codec: Codec = {
  tag: WAVE_FORMAT_MPEGLAYER3,
  name: 'MP3',
  decodes: true,
  acmConverted: true,
  bitsAreSampleSize: false,
  mpegFrames: true,
  originalExtension: 'mp3',
  /**
   * frames = Σ samplesPerFrame over the complete audio frames (1152 MPEG-1 L3, 576 MPEG-2/2.5 L3),
   * channels and rate from the stream (a Xing/Info frame is not counted); the header's channels and
   * rate when no frame is found.
   */
  facts({ format: f }, data) {
    if (typeof data === 'number') return null;
    let frames = 0;
    let channels = f.nChannels;
    let sampleRate = f.nSamplesPerSec;
    const s = scanMpegStream(data);
    if (s.first) {
      frames = s.pcmFrames;
      channels = s.first.channels;
      sampleRate = s.first.sampleRate;
    }
    return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels, sampleRate };
  },
  /** The extension is present and the frames agree with the header. */
  lint({ headerSize, format: f }, data) {
    if (typeof data === 'number') return null;
    const out: string[] = [];
    if (f.mp3 === null)
      out.push(`MP3 format block has no MPEGLAYER3WAVEFORMAT extension (H = ${headerSize}, expected 30)`);
    const s = scanMpegStream(data);
    if (s.first === null) {
      out.push('no MPEG audio frame found in the data');
      return out;
    }
    const h = s.first;
    if (h.layer !== 3) out.push(`MPEG Layer ${h.layer === 1 ? 'I' : 'II'} frames in a Layer III (0x0055) wave`);
    if (h.sampleRate !== f.nSamplesPerSec)
      out.push(`MPEG frames are ${h.sampleRate} Hz but the header says ${f.nSamplesPerSec} Hz`);
    if (h.channels !== f.nChannels) {
      out.push(
        `MPEG frames are ${h.channels === 1 ? 'mono (1 ch)' : 'stereo (2 ch)'} but the header says ${f.nChannels} channel${f.nChannels === 1 ? '' : 's'}`,
      );
    }
    if (s.inconsistent) out.push('MPEG frames change version, layer, rate or channel count mid-stream');
    if (s.junkBytes > 0) out.push(`${s.junkBytes} bytes of non-MPEG data skipped in the stream`);
    if (s.truncatedBytes > 0) out.push(`final MPEG frame is truncated (${s.truncatedBytes} bytes)`);
    return out;
  },
  decode: (w) => decodeMp3(w),
  /** The bare data bytes (MPEG frames, possibly after an ID3v2 tag) as `.mp3`. */
  original: (w) => ({ bytes: w.data.slice(), extension: 'mp3' }),
  /** The LAME extension of the stream's Xing/Info frame (docs/formats/codecs.md §6.3). */
  gapless: (w) => mp3Gapless(w.data),
};
