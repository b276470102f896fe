/**
 * What both ADPCM codecs share (docs/formats/codecs.md §4.3, §5.3): data is a run of blocks of
 * nBlockAlign bytes, each decoding to wSamplesPerBlock frames; a last partial block decodes the
 * frames its bytes hold. Durations come from this, never from nAvgBytesPerSec.
 */
import type { WaveFacts, WaveParts } from './types';
import { DecodeError } from '../errors';

/** Block geometry of an ADPCM Wave. */
export interface AdpcmGeometry {
  channels: number;
  /** nBlockAlign: bytes per block. */
  blockAlign: number;
  /** Frames one whole block decodes to. */
  samplesPerBlock: number;
}

/**
 * Frames in `length` data bytes: whole blocks × samplesPerBlock + the frames of the last partial
 * block (`partialFrames(bytes)`, capped at samplesPerBlock).
 */
export function adpcmFrames(g: AdpcmGeometry, length: number, partialFrames: (bytes: number) => number): number {
  if (g.blockAlign <= 0 || g.samplesPerBlock <= 0) return 0;
  const whole = Math.floor(length / g.blockAlign);
  const rest = length % g.blockAlign;
  return whole * g.samplesPerBlock + (rest > 0 ? Math.min(g.samplesPerBlock, partialFrames(rest)) : 0);
}

/** The facts of an ADPCM Wave from its geometry (null geometry → 0 frames). */
export function adpcmFacts(
  w: WaveParts,
  g: AdpcmGeometry | null,
  length: number,
  partialFrames: (bytes: number) => number,
): WaveFacts {
  const sampleRate = w.format.nSamplesPerSec;
  const frames = g ? adpcmFrames(g, length, partialFrames) : 0;
  return { frames, durationSec: sampleRate > 0 ? frames / sampleRate : 0, channels: w.format.nChannels, sampleRate };
}

/** int16 → float in [−1, 1): x / 32768, the inverse of the WAV writer's rounding. */
export function int16ToFloat(channels: Int16Array[]): Float32Array[] {
  return channels.map((c) => {
    const out = new Float32Array(c.length);
    for (let i = 0; i < c.length; i++) out[i] = c[i]! / 32768;
    return out;
  });
}

/**
 * The lint line of ADPCM data that ends in a partial block (docs/formats/codecs.md: a last
 * partial block decodes the frames its bytes hold), or null when the data is whole blocks or
 * the block geometry is unusable (`framesPerBlock` 0: linted elsewhere).
 * @param dataBytes the sample data's length in bytes; @param blockAlign `nBlockAlign` in bytes
 */
export function partialBlockWarning(dataBytes: number, blockAlign: number, framesPerBlock: number): string | null {
  if (framesPerBlock <= 0 || dataBytes % blockAlign === 0) return null;
  return `data ends in a partial block (${dataBytes % blockAlign} of ${blockAlign} bytes): it decodes the frames its bytes hold`;
}

/**
 * The checks before an ADPCM decode: a block header must fit (`g` not null) and the rate be non-zero.
 * @throws DecodeError naming the codec and the Wave
 */
export function assertAdpcmDecodable<G>(w: WaveParts & { id: number }, codecName: string, g: G | null): G {
  if (!g)
    throw new DecodeError(
      w.id,
      `${codecName} nBlockAlign ${w.format.nBlockAlign} cannot hold a block header for ${w.format.nChannels} channel(s)`,
    );
  if (w.format.nSamplesPerSec === 0) throw new DecodeError(w.id, `${codecName} wave has a sample rate of 0 Hz`);
  return g;
}
