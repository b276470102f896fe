/**
 * IMA (DVI) ADPCM, tag 0x0011 (docs/formats/codecs.md §5): 4-bit codes in blocks of nBlockAlign
 * bytes, each decoding to wSamplesPerBlock frames (from the 2-byte extension). Any channel count
 * and block align.
 */
import { getToken } from '../../binary/token';
import type { PcmAudio } from '../../audio/pcmAudio';
import type { Wave } from '../../objects/wave';
import { formatExtension } from '../../objects/waveFormat';
import { adpcmFacts, assertAdpcmDecodable, int16ToFloat, partialBlockWarning } from '../adpcmBlocks';
import type { AdpcmGeometry } from '../adpcmBlocks';
import { dataLength, riffOriginal, settle } from '../riffOriginal';
import type { Codec, WaveParts } from '../types';
import { IMA_ADPCM_HEADER_BYTES, decodeImaAdpcm, imaAdpcmFramesIn } from './decode';
import { ImaAdpcmExtensionToken } from './extension';

export * from './extension';
export { decodeImaAdpcm, imaAdpcmFramesIn } from './decode';

/** WAVE_FORMAT_IMA_ADPCM (WAVE_FORMAT_DVI_ADPCM). */
export const WAVE_FORMAT_IMA_ADPCM = 0x0011;

/** wSamplesPerBlock from the extension, or null when the block has none. */
function samplesPerBlockOf(w: WaveParts): number | null {
  const ext = w.formatBytes ? formatExtension(w.formatBytes) : new Uint8Array(0);
  return ext.length >= ImaAdpcmExtensionToken.len ? getToken(ImaAdpcmExtensionToken, ext).wSamplesPerBlock : null;
}

/** Block geometry; without the extension, what a block of nBlockAlign bytes holds. */
function geometry(w: WaveParts): AdpcmGeometry | null {
  const { nChannels: channels, nBlockAlign: blockAlign } = w.format;
  const fits = imaAdpcmFramesIn(blockAlign, channels);
  if (fits === 0) return null;
  const spb = samplesPerBlockOf(w);
  return { channels, blockAlign, samplesPerBlock: spb !== null && spb > 0 ? Math.min(spb, fits) : fits };
}

const partial = (w: WaveParts) => (bytes: number) => imaAdpcmFramesIn(bytes, w.format.nChannels);

export const imaAdpcmCodec: Codec = {
  tag: WAVE_FORMAT_IMA_ADPCM,
  name: 'IMA ADPCM',
  decodes: true,
  acmConverted: true,
  bitsAreSampleSize: false,
  mpegFrames: false,
  originalExtension: 'wav',
  /** frames = whole blocks × wSamplesPerBlock + what the last partial block holds (never from nAvgBytesPerSec). */
  facts(w, data) {
    return adpcmFacts(w, geometry(w), dataLength(data), partial(w));
  },
  lint(w, data) {
    const f = w.format;
    const out: string[] = [];
    if (f.wBitsPerSample !== 4) out.push(`IMA ADPCM wBitsPerSample ${f.wBitsPerSample} ≠ 4`);
    const fits = imaAdpcmFramesIn(f.nBlockAlign, f.nChannels);
    if (fits === 0) {
      out.push(
        `nBlockAlign ${f.nBlockAlign} cannot hold the ${IMA_ADPCM_HEADER_BYTES * f.nChannels}-byte block header of ${f.nChannels} channel(s): not decodable`,
      );
    } else if ((f.nBlockAlign - IMA_ADPCM_HEADER_BYTES * f.nChannels) % (4 * f.nChannels) !== 0) {
      out.push(`nBlockAlign ${f.nBlockAlign} is not a header plus whole 4-byte groups per channel`);
    }
    const spb = samplesPerBlockOf(w);
    if (spb === null)
      out.push(`IMA ADPCM format block has no wSamplesPerBlock extension (H = ${w.headerSize}, expected 20)`);
    else if (fits > 0 && spb !== fits)
      out.push(`wSamplesPerBlock ${spb} ≠ the ${fits} frames a ${f.nBlockAlign}-byte block holds`);
    const partialBlock = partialBlockWarning(dataLength(data), f.nBlockAlign, fits);
    if (partialBlock !== null) out.push(partialBlock);
    return out;
  },
  decode: (w) => settle(() => decodeImaWave(w)),
  /** RIFF with the full stored format block and a fact chunk. */
  original(w) {
    return riffOriginal(w, imaAdpcmCodec.facts(w, w.data)!.frames);
  },
};

/** Decodes the whole Wave (blocks, then a partial last block) to float32 channels. */
function decodeImaWave(w: Wave): PcmAudio {
  const g = assertAdpcmDecodable(w, 'IMA ADPCM', geometry(w));
  const { frames } = adpcmFacts(w, g, w.data.length, partial(w));
  return { sampleRate: w.format.nSamplesPerSec, channels: int16ToFloat(decodeImaAdpcm(w.id, w.data, g, frames)) };
}
