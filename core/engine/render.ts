/**
 * "As heard" rendering (issue 3 §3 `render`, §4 export): the decoded wave times the engine's
 * per-channel gains, as DirectSound would mix one 2-D secondary buffer (retail-engine decision 4,
 * §4d). No resampling: the result keeps the wave's own rate (decision 5).
 *
 * Retail mode converts non-PCM waves (MP3, ADPCM) to 11025 Hz mono 16-bit before this, as the
 * client asked ACM to (decision 1, §4i). That conversion is the caller's job (core/audio
 * `toRetailPcm`); this module only applies gains.
 */
import { downmixToMono as averageChannels } from '../audio/resample';

/** Decoded audio: `channels[c][frame]`, samples in −1..1. Structurally core/audio's `PcmAudio`. */
export interface AudioFrames {
  sampleRate: number;
  channels: Float32Array[];
}

/** Stereo output: `channels` is exactly [left, right]. */
export interface StereoFrames {
  sampleRate: number;
  channels: [Float32Array, Float32Array];
}

/**
 * Averages every channel into one: the one rule for a Wave with more than two channels (core/audio
 * `playedChannels`, docs/formats/codecs.md §8.1), for inputs that did not come through
 * `retailSource` (which applies it already).
 */
export function downmixToMono(audio: AudioFrames): Float32Array {
  const frames = audio.channels[0]?.length ?? 0;
  if (audio.channels.length === 0) return new Float32Array(frames);
  return averageChannels({ sampleRate: audio.sampleRate, channels: audio.channels }).channels[0]!;
}

function scaled(src: Float32Array, gain: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let i = 0; i < src.length; i++) out[i] = (src[i] ?? 0) * gain;
  return out;
}

/**
 * Renders a wave as heard with the decision's gains (a `PlayDecision` fits; a skipped play has
 * left = right = 0 and renders silence, so callers should check `played` first):
 * - mono: both output channels are the samples × left / × right;
 * - stereo: L × left and R × right (a balance control; no cross-feed, §4d);
 * - more than two channels: averaged to mono first ({@link downmixToMono}, the one rule of
 *   core/audio `playedChannels`), then as mono;
 * - no channels: an empty stereo result.
 *
 * @param audio decoded samples at the wave's own rate (Hz)
 * @param gains linear channel gains, 0..1
 */
export function renderAsHeard(audio: AudioFrames, gains: { left: number; right: number }): StereoFrames {
  const { sampleRate, channels } = audio;
  if (channels.length === 2) {
    const [l, r] = channels as [Float32Array, Float32Array];
    return { sampleRate, channels: [scaled(l, gains.left), scaled(r, gains.right)] };
  }
  const mono = channels.length === 1 ? (channels[0] as Float32Array) : downmixToMono(audio);
  return { sampleRate, channels: [scaled(mono, gains.left), scaled(mono, gains.right)] };
}
