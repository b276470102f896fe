/**
 * The one rule of which WAV formats this app writes (decoded and as-heard exports): a format
 * whose fields would wrap or that no player takes is refused before a byte is written, instead
 * of a RIFF file with a wrapped `nAvgBytesPerSec` or `nBlockAlign` reported as written
 * (docs/formats/wave.md §4; issue #11 finding 4: one bit flip in a rate gave 2³¹ Hz).
 */
import { PCM_BIT_DEPTHS } from '../codecs/pcm/decode';
import { codecFor } from '../codecs/registry';
import type { Wave } from '../objects/wave';

/** Sample rates (Hz) and channel counts a written WAV may have. */
export const WRITABLE_WAV_LIMITS = {
  /**
   * nSamplesPerSec, Hz: 100..384,000 — 100 Hz is DirectSound's DSBFREQUENCY_MIN (a Wave below it
   * would be resampled to 8,000 Hz to play, over 80 times its frames), 384,000 Hz the highest rate
   * common audio stacks play. The same range decides what plays (./playable.ts).
   */
  rate: { min: 100, max: 384_000 },
  /** nChannels: 1..8 (7.1, the most WAVEFORMATEXTENSIBLE channel masks name in practice). */
  channels: { min: 1, max: 8 },
} as const;

/** The fields of a PCM format to write: channels, rate (Hz) and bits per sample. */
export interface WavFormatFields {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/**
 * Why a PCM WAV with these fields cannot be written validly, or null when it can: the rate must
 * be an integer in {@link WRITABLE_WAV_LIMITS}.rate, the channels an integer in .channels, the
 * bits 8, 16, 24 or 32, and the derived nBlockAlign (channels × bits/8) and nAvgBytesPerSec
 * (rate × nBlockAlign) must fit their u16 and u32 fields.
 */
export function wavFormatProblem(f: WavFormatFields): string | null {
  const outside = channelsAndRateProblem(f.channels, f.sampleRate);
  if (outside !== null) return outside;
  if (!PCM_BIT_DEPTHS.includes(f.bitsPerSample)) return `${f.bitsPerSample} bits per sample is not 8, 16, 24 or 32`;
  const blockAlign = f.channels * (f.bitsPerSample / 8);
  if (blockAlign > 0xffff) return `block align ${blockAlign} does not fit nBlockAlign (u16)`;
  if (f.sampleRate * blockAlign > 0xffffffff)
    return `byte rate ${f.sampleRate * blockAlign} does not fit nAvgBytesPerSec (u32)`;
  return null;
}

/** Why a WAV holding a format with these channels and rate (Hz) is not valid, whatever its codec, or null. */
function channelsAndRateProblem(channels: number, sampleRate: number): string | null {
  const { rate, channels: ch } = WRITABLE_WAV_LIMITS;
  if (!Number.isInteger(sampleRate) || sampleRate < rate.min || sampleRate > rate.max)
    return `sample rate ${sampleRate} Hz is outside ${rate.min}..${rate.max} Hz`;
  if (!Number.isInteger(channels) || channels < ch.min || channels > ch.max)
    return `${channels} channels is outside ${ch.min}..${ch.max}`;
  return null;
}

/**
 * Why a Wave's stored format is not a valid WAV format, for the `original` export's note (it
 * writes the bytes as stored, valid or not), or null: every format whose original is a RIFF WAV
 * (the codec's `originalExtension`, PCM and both ADPCMs) needs 1..8 channels and a rate in
 * 1..384,000 Hz; PCM also {@link wavFormatProblem}'s bits and the derived nBlockAlign and
 * nAvgBytesPerSec. Null for MP3 (written as a bare .mp3) and for valid formats.
 */
export function storedWavProblem(w: Wave): string | null {
  const codec = codecFor(w.format.wFormatTag);
  if (codec.originalExtension !== 'wav') return null;
  const f = w.format;
  if (!codec.bitsAreSampleSize) return channelsAndRateProblem(f.nChannels, f.nSamplesPerSec);
  return (
    wavFormatProblem({ channels: f.nChannels, sampleRate: f.nSamplesPerSec, bitsPerSample: f.wBitsPerSample }) ??
    (f.nBlockAlign !== (f.nChannels * f.wBitsPerSample) / 8
      ? `nBlockAlign ${f.nBlockAlign} ≠ nChannels×wBitsPerSample/8`
      : null) ??
    (f.nAvgBytesPerSec !== f.nSamplesPerSec * f.nBlockAlign
      ? `nAvgBytesPerSec ${f.nAvgBytesPerSec} ≠ nSamplesPerSec×nBlockAlign`
      : null)
  );
}
