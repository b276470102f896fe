/**
 * PCM, tag 0x0001 (docs/formats/codecs.md §3): 8-bit unsigned, 16/24/32-bit signed little-endian,
 * any channel count. Frame size from nChannels × wBitsPerSample/8, never nBlockAlign (pitfalls #7).
 */
import { WAVE_FORMAT_PCM } from '../../objects/waveFormat';
import { dataLength, riffOriginal, settle } from '../riffOriginal';
import type { Codec } from '../types';
import { PCM_BIT_DEPTHS, decodePcm, pcmFrameBytes } from './decode';

export { WAVE_FORMAT_PCM };
export { PCM_BIT_DEPTHS, decodePcm, pcmFrameBytes, pcmLayout, pcmToInt16 } from './decode';

export const pcmCodec: Codec = {
  tag: WAVE_FORMAT_PCM,
  name: 'PCM',
  decodes: true,
  acmConverted: false,
  bitsAreSampleSize: true,
  mpegFrames: false,
  originalExtension: 'wav',
  /** frames = floor(bytes / frame size): a trailing partial frame is not counted (pitfalls #8). */
  facts({ format: f }, data) {
    const fb = pcmFrameBytes(f);
    const frames = fb > 0 ? Math.floor(dataLength(data) / fb) : 0;
    const sampleRate = f.nSamplesPerSec;
    return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels: f.nChannels, sampleRate };
  },
  /** Bit depth, nBlockAlign and nAvgBytesPerSec against the frame size, whole frames (pitfalls #7, #8). */
  lint({ format: f }, data) {
    const out: string[] = [];
    const n = dataLength(data);
    const frame = pcmFrameBytes(f);
    if (!PCM_BIT_DEPTHS.includes(f.wBitsPerSample))
      out.push(`wBitsPerSample ${f.wBitsPerSample} is not 8, 16, 24 or 32`);
    if (f.nBlockAlign !== frame) out.push(`nBlockAlign ${f.nBlockAlign} ≠ nChannels×wBitsPerSample/8 = ${frame}`);
    const avg = f.nSamplesPerSec * frame;
    if (f.nAvgBytesPerSec !== avg)
      out.push(`nAvgBytesPerSec ${f.nAvgBytesPerSec} ≠ nSamplesPerSec×frame size = ${avg}`);
    if (frame > 0 && n % frame !== 0) {
      const extra = n % frame;
      out.push(
        `data length ${n} bytes is not a whole number of ${frame}-byte frames; the trailing partial frame (${extra} byte${extra === 1 ? '' : 's'}) is dropped when decoding`,
      );
    }
    return out;
  },
  decode: (w) => settle(() => decodePcm(w)),
  original: (w) => riffOriginal(w, null),
};
