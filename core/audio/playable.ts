/**
 * The one playability rule: whether a Wave can be decoded, played and written as a WAV, and if
 * not, why — in the same words wherever it is said (docs/formats/wave.md §5). The Waves list's
 * badge and the Wave view's status ("Cannot decode: …"), the engine's "cannot-play" skip (a bare
 * play, a SoundTable row, a motion's or an effect's hook, an ambient sound: `cannot play: …`, no
 * voice taken), the Player's decode and the decoded / as-heard exports (`cannot be exported as a
 * WAV: …`) all ask it, so a Wave is never "decodes" in one place and refused in another.
 */
import { PCM_BIT_DEPTHS } from '../codecs/pcm/decode';
import { codecFor, formatTagHex } from '../codecs/registry';
import { DecodeError } from '../errors';
import type { Wave } from '../objects/wave';
import { waveFacts } from '../objects/waveFacts';
import { WRITABLE_WAV_LIMITS } from './wavLimits';

/**
 * What the rule reads of a Wave: its format tag and `wBitsPerSample` as stored, and the channels
 * and rate (Hz) its decoder gives — the listing row's (core/contract `WaveInfo`) or `waveFacts`
 * of the parsed Wave (MP3: from the frame headers, not the format block).
 */
export interface PlayableFields {
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/**
 * Why a Wave with these fields cannot be decoded and played (nor written as a decoded WAV), or
 * null when it can. In order:
 * - its format tag has no decoder: `unsupported format 0x0031`;
 * - its rate is not an integer in {@link WRITABLE_WAV_LIMITS}.rate (100..384,000 Hz):
 *   `sample rate 4000000000 Hz is outside 100..384000 Hz` (0 Hz has no time base; below 100 Hz,
 *   DirectSound's DSBFREQUENCY_MIN, playing it would first resample it to 8,000 Hz, over 80 times
 *   its frames; above, no audio stack plays it and the WAV's nAvgBytesPerSec may wrap);
 * - its channels are not an integer in .channels (1..8): `0 channels is outside 1..8`;
 * - PCM whose `wBitsPerSample` is not 8, 16, 24 or 32: `12 bits per sample is not 8, 16, 24 or 32`.
 */
export function playProblemOf(f: PlayableFields): string | null {
  const codec = codecFor(f.formatTag);
  if (!codec.decodes) return `unsupported format ${formatTagHex(f.formatTag)}`;
  const { rate, channels } = WRITABLE_WAV_LIMITS;
  if (!Number.isInteger(f.sampleRate) || f.sampleRate < rate.min || f.sampleRate > rate.max)
    return `sample rate ${f.sampleRate} Hz is outside ${rate.min}..${rate.max} Hz`;
  if (!Number.isInteger(f.channels) || f.channels < channels.min || f.channels > channels.max)
    return `${f.channels} channels is outside ${channels.min}..${channels.max}`;
  if (codec.bitsAreSampleSize && !PCM_BIT_DEPTHS.includes(f.bitsPerSample))
    return `${f.bitsPerSample} bits per sample is not 8, 16, 24 or 32`;
  return null;
}

/** {@link playProblemOf} of a parsed Wave (its channels and rate as its decoder gives them: `waveFacts`). */
export function wavePlayProblem(w: Wave): string | null {
  const facts = waveFacts(w);
  return playProblemOf({
    formatTag: w.format.wFormatTag,
    channels: facts.channels,
    sampleRate: facts.sampleRate,
    bitsPerSample: w.format.wBitsPerSample,
  });
}

/**
 * Checks that Wave `w` can be exported as a decoded or as-heard WAV: {@link wavePlayProblem}, the
 * one rule (the writers check the fields they write again: ./wavLimits.ts `wavFormatProblem`).
 * @throws DecodeError naming the Wave (`0x0A000010: cannot be exported as a WAV: sample rate …`)
 */
export function assertWritableWave(w: Wave): void {
  const problem = wavePlayProblem(w);
  if (problem !== null) throw new DecodeError(w.id, `cannot be exported as a WAV: ${problem}`);
}
