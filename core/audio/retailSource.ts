import { codecFor } from '../codecs/registry';
import { trimGapless, type GaplessTrim } from '../codecs/mp3/gapless';
import type { EngineMode } from '../engine/types';
import type { Wave } from '../objects/wave';
import type { PcmAudio } from './pcmAudio';
import { downmixToMono, runSteps, toRetailPcmSteps, type Steps } from './resample';
import { floatToInt16 } from './wavWriter';

/** What plays before the engine's gains: the decoded samples, or the client's ACM output of them. */
export interface RetailSource {
  audio: PcmAudio;
  /** true when retail mode converted a non-PCM wave to 11025 Hz mono 16-bit. */
  converted: boolean;
  /** The gapless trim authored mode applied (MP3 with a LAME tag), or null. */
  gapless: GaplessTrim | null;
  /** The channel count a Wave with more than two channels had before {@link playedChannels} averaged it to mono; else null. */
  downmixedFrom: number | null;
}

/** The most channels a source plays with: mono or stereo (docs/formats/codecs.md §8.1). */
export const MAX_PLAYED_CHANNELS = 2;

/**
 * The one rule for a Wave with more than two channels (docs/formats/codecs.md §8.1; the shared
 * spec's §4d covers mono and stereo only): its channels are averaged into one (each sample the
 * mean of the channels) and it plays as a mono Wave — both outputs carry it, × left gain and ×
 * right gain — in both modes. Live playback and "as heard" take their source from
 * {@link retailSource}, which applies it; mono and stereo audio is returned as is (same object).
 * E.g. 4 channels [0.4], [0.2], [0], [−0.2] → one channel [0.1].
 */
export function playedChannels(audio: PcmAudio): { audio: PcmAudio; downmixedFrom: number | null } {
  if (audio.channels.length <= MAX_PLAYED_CHANNELS) return { audio, downmixedFrom: null };
  return { audio: downmixToMono(audio), downmixedFrom: audio.channels.length };
}

/**
 * The source the engine's gains apply to, one rule for playback (renderer) and "as heard"
 * exports (service, CLI `render`): in retail mode a wave its codec marks `acmConverted` (every
 * tag but PCM: MP3, MS/IMA ADPCM; retail-engine decision 1)
 * becomes 11025 Hz mono ({@link toRetailPcm}) with every sample rounded to int16 and back
 * (`floatToInt16(x) / 32768`), as the client's ACM 16-bit output would be (retail never trims
 * encoder delay: it plays what ACM decoded). In authored mode a `gapless` trim (the codec's
 * `gapless`: an MP3's LAME tag, {@link gaplessTrimOf}; docs/formats/codecs.md §6.3) cuts the
 * encoder delay and padding; otherwise PCM waves and authored mode are returned unchanged (the
 * same `audio` object, `converted: false`). In every case a Wave with more than two channels is
 * averaged to mono ({@link playedChannels}).
 */
export function retailSource(
  audio: PcmAudio,
  formatTag: number,
  mode: EngineMode,
  gapless: GaplessTrim | null = null,
): RetailSource {
  return runSteps(retailSourceSteps(audio, formatTag, mode, gapless));
}

/**
 * {@link retailSource} in steps (core/audio/resample.ts `Steps`): the same result, with yields
 * between slices of the ACM conversion so a UI thread can drive it without blocking input.
 */
export function* retailSourceSteps(
  audio: PcmAudio,
  formatTag: number,
  mode: EngineMode,
  gapless: GaplessTrim | null = null,
): Steps<RetailSource> {
  const played = (a: PcmAudio, converted: boolean, g: GaplessTrim | null): RetailSource => {
    const p = playedChannels(a);
    return { audio: p.audio, converted, gapless: g, downmixedFrom: p.downmixedFrom };
  };
  if (mode === 'authored' && gapless) return played(trimGapless(audio, gapless), false, gapless);
  if (mode !== 'retail' || !codecFor(formatTag).acmConverted) return played(audio, false, null);
  const r = yield* toRetailPcmSteps(audio);
  const channels = r.channels.map((c) => {
    const q = new Float32Array(c.length);
    for (let i = 0; i < c.length; i++) q[i] = floatToInt16(c[i]!) / 32768;
    return q;
  });
  return { audio: { sampleRate: r.sampleRate, channels }, converted: true, gapless: null, downmixedFrom: null };
}

/** The gapless trim a Wave's codec reads from its data (an MP3's LAME tag), or null ("no gapless info"). */
export function gaplessTrimOf(wave: Wave): GaplessTrim | null {
  return codecFor(wave.format.wFormatTag).gapless?.(wave) ?? null;
}
