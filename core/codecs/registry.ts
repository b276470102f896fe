/**
 * The codec registry (docs/formats/codecs.md §1-§2): `codecFor(formatTag)` is the ONLY place that
 * maps a WAVEFORMATEX format tag to its rules. Listing, census, lint, decode, export and the
 * renderer's badges and labels all ask it. To add a codec, add a folder and one line to CODECS
 * (docs/architecture.md "How to add a codec").
 */
import { imaAdpcmCodec } from './imaadpcm';
import { mp3Codec } from './mp3';
import { msAdpcmCodec } from './msadpcm';
import { pcmCodec } from './pcm';
import type { Codec } from './types';
import { formatTagHex, unsupportedCodec } from './unsupported';

export { formatTagHex };

/** Every codec with a decoder, in the order lists show them. */
export const CODECS: readonly Codec[] = [pcmCodec, mp3Codec, msAdpcmCodec, imaAdpcmCodec];

const BY_TAG = new Map<number, Codec>(CODECS.map((c) => [c.tag, c]));

/** The codec of a format tag; an "unsupported" codec (decodes: false) for any tag without a folder. */
export function codecFor(formatTag: number): Codec {
  return BY_TAG.get(formatTag) ?? unsupportedCodec(formatTag);
}

/** Label of a format tag: the codec's name ("PCM", "MP3", "MS ADPCM", "IMA ADPCM"), else the hex tag. */
export function formatTagName(tag: number): string {
  return codecFor(tag).name;
}

/**
 * wBitsPerSample for people — the one rule of `acsound list`, the Waves list, the Wave view:
 * the stored value when it means something and is > 0 (bits per sample for PCM, bits per code for
 * the ADPCMs: 4), else "—" (MP3 frames have no sample size: its field is 0 or ignored).
 */
export function bitsText(formatTag: number, bits: number): string {
  return bits > 0 && !codecFor(formatTag).mpegFrames ? String(bits) : NO_BITS;
}

/** How a Wave without a sample size (MP3 frames; a field of 0) writes its bits: "—", never "0". */
export const NO_BITS = '—';

/**
 * A census bucket of wBitsPerSample values, where only the value is known (no format tag): "16"
 * (with `unit`, "16-bit"), and 0 — the compressed Waves, MP3 declares 0 — "— (compressed)", the
 * long form of {@link bitsText}'s "—". The one rule of `acsound census` and the app's Census.
 */
export function bitsBucketText(bits: number, unit = ''): string {
  return bits > 0 ? `${bits}${unit}` : `${NO_BITS} (compressed)`;
}

/** What {@link bitsText} shows, for its tooltip: "bits per sample", "bits per MS ADPCM code; …", "none: …". */
export function bitsMeaning(formatTag: number): string {
  const c = codecFor(formatTag);
  if (c.bitsAreSampleSize) return 'bits per sample';
  if (c.mpegFrames) return 'none: MP3 frames have no sample size';
  return `bits per ${c.name} code; decodes to 16-bit samples`;
}
