/**
 * Any tag without a codec folder (docs/formats/codecs.md §7): listed with an estimated length,
 * linted as not decodable, "unsupported format 0xNNNN" on decode — never silence. The original
 * export still writes the stored bytes as RIFF (without a fact chunk: the frames are unknown).
 */
import { DecodeError } from '../errors';
import { dataLength, riffOriginal } from './riffOriginal';
import type { Codec } from './types';

/** Hex form of a format tag: `0x0055`. */
export function formatTagHex(tag: number): string {
  return '0x' + tag.toString(16).toUpperCase().padStart(4, '0');
}

/** The codec of a tag no folder handles. */
export function unsupportedCodec(tag: number): Codec {
  const hex = formatTagHex(tag);
  return {
    tag,
    name: hex,
    decodes: false,
    acmConverted: true,
    bitsAreSampleSize: false,
    mpegFrames: false,
    originalExtension: 'wav',
    /** An estimate only: frames = round(bytes / nAvgBytesPerSec × rate) (0 when nAvgBytesPerSec is 0). */
    facts({ format: f }, data) {
      const frames = f.nAvgBytesPerSec > 0 ? Math.round((dataLength(data) / f.nAvgBytesPerSec) * f.nSamplesPerSec) : 0;
      const sampleRate = f.nSamplesPerSec;
      return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels: f.nChannels, sampleRate };
    },
    lint: () => [`unknown format tag ${hex}: not decodable`],
    decode: (w) => Promise.reject(new DecodeError(w.id, `unsupported format ${hex}`)),
    original: (w) => riffOriginal(w, null),
  };
}
