/**
 * What the engine does with a Wave's channels, in words for the Listener (issue #10 "Stereo in
 * positional audio"). The rule is retail-engine §4d ("for a stereo wave, the pan acts as a
 * balance control on each channel; there is no cross-feed"), as core/engine/render.ts
 * `renderAsHeard` and the voice graph (renderer/src/audio/graph.ts) apply it; in retail mode a
 * codec the client converts through ACM (MP3, ADPCM) is made mono first (retail-engine decision 1,
 * docs/formats/codecs.md §8).
 */
import { codecFor } from '../../../core/codecs/registry';
import type { EngineMode } from '../../../core/engine';

/** The channel law in one line (the Listener help). */
export const CHANNEL_LAW =
  'Left gain = 10^((dB − max(pan, 0))/20), right gain = 10^((dB + min(pan, 0))/20): a balance, the near side at the volume, the far side cut by |pan| dB.';

/** How a mono Wave plays (the Listener help). */
export const MONO_RULE =
  'A mono Wave feeds both outputs: its samples × left gain on the left, × right gain on the right.';

/** How a stereo Wave plays (the Listener help, and the statement shown when one is selected). */
export const STEREO_RULE =
  'A stereo Wave keeps its channels apart: each is attenuated and balanced on its own — its left channel × left gain to the left output, its right channel × right gain to the right — with no cross-feed, so panning turns one side down but never moves a channel to the other side.';

/**
 * How a Wave with more than two channels plays (the Listener help, and the statement shown when one
 * is selected): the one rule of live playback and "as heard" (core/audio `playedChannels`,
 * docs/formats/codecs.md §8.1).
 */
export const MULTICHANNEL_RULE =
  'A Wave with more than two channels (none in the retail data; its format cannot say which speaker each channel is) plays as mono, live and as heard alike: its channels are averaged into one, which feeds both outputs × left gain and × right gain.';

/**
 * The statement for the selected Wave, or null when it is mono: {@link STEREO_RULE}, or, in
 * retail mode for a codec retail converts through ACM, that it plays as mono; for more than two
 * channels {@link MULTICHANNEL_RULE}.
 */
export function stereoStatement(channels: number, formatTag: number, mode: EngineMode): string | null {
  if (channels > 2) return `${channels}-channel Wave. ${MULTICHANNEL_RULE}`;
  if (channels !== 2) return null;
  if (mode === 'retail' && codecFor(formatTag).acmConverted)
    return `Stereo Wave, but retail converts ${codecFor(formatTag).name} through ACM to 11,025 Hz mono before playing: both outputs carry its mono mix (× left gain, × right gain). Authored mode keeps the two channels apart, with no cross-feed.`;
  return STEREO_RULE;
}

/**
 * The short form of {@link stereoStatement} for the Listener's heading (in view at 1366×768 while
 * the full note sits under the readouts), or null when the Wave is not stereo.
 */
export function stereoBadge(channels: number, formatTag: number, mode: EngineMode): string | null {
  if (channels > 2) return `${channels} channels → mono`;
  if (channels !== 2) return null;
  return mode === 'retail' && codecFor(formatTag).acmConverted ? 'stereo → mono (retail ACM)' : 'stereo: no cross-feed';
}
