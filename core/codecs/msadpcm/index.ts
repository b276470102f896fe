/**
 * Microsoft ADPCM, tag 0x0002 (docs/formats/codecs.md §4): 4-bit codes in blocks of nBlockAlign
 * bytes, each decoding to wSamplesPerBlock frames, predictors from the coefficient table of the
 * format block's extension. Any channel count and block align.
 */
import type { PcmAudio } from '../../audio/pcmAudio';
import type { Wave } from '../../objects/wave';
import { formatExtension } from '../../objects/waveFormat';
import { adpcmFacts, assertAdpcmDecodable, int16ToFloat, partialBlockWarning } from '../adpcmBlocks';
import type { AdpcmGeometry } from '../adpcmBlocks';
import { dataLength, riffOriginal, settle } from '../riffOriginal';
import type { Codec, WaveParts } from '../types';
import { MS_ADPCM_HEADER_BYTES, decodeMsAdpcm, msAdpcmFramesIn } from './decode';
import { MS_ADPCM_STANDARD_COEFFICIENTS, readMsAdpcmExtension } from './extension';
import type { MsAdpcmExtension } from './extension';

export * from './extension';
export { decodeMsAdpcm, msAdpcmFramesIn } from './decode';

/** WAVE_FORMAT_ADPCM. */
export const WAVE_FORMAT_ADPCM = 0x0002;

/** The extension, or null when the block has none (H ≤ 18) or it is short. */
function extensionOf(w: WaveParts): MsAdpcmExtension | null {
  return w.formatBytes ? readMsAdpcmExtension(formatExtension(w.formatBytes)) : null;
}

/**
 * Block geometry: nBlockAlign and wSamplesPerBlock (from the extension; without one, what a
 * block of nBlockAlign bytes holds). Null when there is no channel or the block cannot hold its
 * own header.
 */
function geometry(w: WaveParts, ext: MsAdpcmExtension | null): AdpcmGeometry | null {
  const { nChannels: channels, nBlockAlign: blockAlign } = w.format;
  const fits = msAdpcmFramesIn(blockAlign, channels);
  if (fits === 0) return null;
  const spb = ext && ext.wSamplesPerBlock > 0 ? Math.min(ext.wSamplesPerBlock, fits) : fits;
  return { channels, blockAlign, samplesPerBlock: spb };
}

const partial = (w: WaveParts) => (bytes: number) => msAdpcmFramesIn(bytes, w.format.nChannels);

export const msAdpcmCodec: Codec = {
  tag: WAVE_FORMAT_ADPCM,
  name: 'MS ADPCM',
  decodes: true,
  acmConverted: true,
  bitsAreSampleSize: false,
  mpegFrames: false,
  originalExtension: 'wav',
  /** frames = whole blocks × wSamplesPerBlock + what the last partial block holds (never from nAvgBytesPerSec). */
  facts(w, data) {
    return adpcmFacts(w, geometry(w, extensionOf(w)), dataLength(data), partial(w));
  },
  lint(w, data) {
    const f = w.format;
    const out: string[] = [];
    const ext = extensionOf(w);
    if (f.wBitsPerSample !== 4) out.push(`MS ADPCM wBitsPerSample ${f.wBitsPerSample} ≠ 4`);
    const fits = msAdpcmFramesIn(f.nBlockAlign, f.nChannels);
    if (fits === 0) {
      out.push(
        `nBlockAlign ${f.nBlockAlign} cannot hold the ${MS_ADPCM_HEADER_BYTES * f.nChannels}-byte block header of ${f.nChannels} channel(s): not decodable`,
      );
    }
    if (ext === null) {
      out.push(
        `MS ADPCM format block has no complete ADPCMWAVEFORMAT extension (H = ${w.headerSize}): the standard coefficient table is assumed`,
      );
    } else {
      if (fits > 0 && ext.wSamplesPerBlock !== fits) {
        out.push(`wSamplesPerBlock ${ext.wSamplesPerBlock} ≠ the ${fits} frames a ${f.nBlockAlign}-byte block holds`);
      }
      const standard = MS_ADPCM_STANDARD_COEFFICIENTS.every(
        (c, i) => ext.coefficients[i]?.iCoef1 === c.iCoef1 && ext.coefficients[i]?.iCoef2 === c.iCoef2,
      );
      if (!standard)
        out.push(`coefficient table (${ext.coefficients.length} pairs) does not start with the 7 standard pairs`);
    }
    const partialBlock = partialBlockWarning(dataLength(data), f.nBlockAlign, fits);
    if (partialBlock !== null) out.push(partialBlock);
    return out;
  },
  decode: (w) => settle(() => decodeMsWave(w)),
  /** RIFF with the full stored format block (coefficient table included) and a fact chunk. */
  original(w) {
    return riffOriginal(w, msAdpcmCodec.facts(w, w.data)!.frames);
  },
};

/** Decodes the whole Wave (blocks, then a partial last block) to float32 channels. */
function decodeMsWave(w: Wave): PcmAudio {
  const ext = extensionOf(w);
  const g = assertAdpcmDecodable(w, 'MS ADPCM', geometry(w, ext));
  const { frames } = adpcmFacts(w, g, w.data.length, partial(w));
  const pcm = decodeMsAdpcm(w.id, w.data, g, ext?.coefficients ?? MS_ADPCM_STANDARD_COEFFICIENTS, frames);
  return { sampleRate: w.format.nSamplesPerSec, channels: int16ToFloat(pcm) };
}
