import { codecFor } from '../codecs/registry';
import type { WaveFacts, WaveParts } from '../codecs/types';
import type { Wave } from './wave';
import type { WaveFormat } from './waveFormat';

export type { WaveFacts };

/**
 * Facts about a Wave's audio: frames, duration, channels, rate, as its codec works them out
 * (`codecFor(tag).facts`; docs/formats/codecs.md): PCM from the frame size nChannels ×
 * wBitsPerSample/8 (never nBlockAlign; pitfalls #3, #7), MP3 from the MPEG frame headers, MS/IMA
 * ADPCM from whole blocks × wSamplesPerBlock plus the last partial block, unknown tags an
 * estimate from nAvgBytesPerSec.
 */
export function waveFacts(w: Wave): WaveFacts {
  return codecFor(w.format.wFormatTag).facts(
    { headerSize: w.headerSize, format: w.format, formatBytes: w.formatBytes },
    w.data,
  )!;
}

/**
 * The same facts as {@link waveFacts} from the format and the (clamped) data LENGTH alone, for
 * every codec whose facts do not depend on the data bytes. Returns null when they do (MP3).
 * `formatBytes` (the stored block) gives the ADPCM codecs their extension.
 */
export function waveFactsFromLength(f: WaveFormat, dataLength: number, formatBytes?: Uint8Array): WaveFacts | null {
  return waveFactsOfParts({ headerSize: formatBytes?.length ?? 18, format: f, formatBytes }, dataLength);
}

/** {@link waveFactsFromLength} of a header's parts (`headerSize` the length of its `formatBytes`, 18 without them). */
export function waveFactsOfParts(w: WaveParts, dataLength: number): WaveFacts | null {
  return codecFor(w.format.wFormatTag).facts(w, dataLength);
}
