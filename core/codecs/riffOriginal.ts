import { buildRiffWave, factBody } from '../audio/riff';
import type { Wave } from '../objects/wave';
import type { OriginalFile } from './types';

/**
 * The "Original" export as RIFF/WAVE (docs/formats/wave.md §4; pitfalls #1): a `fmt ` chunk that
 * is the FULL stored format block (fmt size = H, extension such as the MS ADPCM coefficient table
 * included, never corrected), a `fact` chunk with `frames` when given (non-PCM data needs one),
 * then the stored data (pad byte if odd).
 */
export function riffOriginal(w: Wave, frames: number | null): OriginalFile {
  return {
    bytes: buildRiffWave([
      { id: 'fmt ', body: w.formatBytes },
      ...(frames === null ? [] : [{ id: 'fact', body: factBody(frames) }]),
      { id: 'data', body: w.data },
    ]),
    extension: 'wav',
  };
}

/** The data length of a {@link WaveData}. */
export function dataLength(data: Uint8Array | number): number {
  return typeof data === 'number' ? data : data.length;
}

/** Runs a synchronous decoder and hands its result or its error back as a promise (`Codec.decode`). */
export function settle<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
}
