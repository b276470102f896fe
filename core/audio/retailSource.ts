import { codecFor } from '../codecs/registry';
import { trimGapless, type GaplessTrim } from '../codecs/mp3/gapless';
import type { EngineMode } from '../engine/types';
import type { Wave } from '../objects/wave';
import type { PcmAudio } from './pcmAudio';
import { runSteps, toRetailPcmSteps, type Steps } from './resample';
import { floatToInt16 } from './wavWriter';

/** What plays before the engine's gains: the decoded samples, or the client's ACM output of them. */
export interface RetailSource {
  audio: PcmAudio;
  /** true when retail mode converted a non-PCM wave to 11025 Hz mono 16-bit. */
  converted: boolean;
  /** The gapless trim authored mode applied (MP3 with a LAME tag), or null. */
  gapless: GaplessTrim | null;
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
 * same `audio` object, `converted: false`).
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
  if (mode === 'authored' && gapless) return { audio: trimGapless(audio, gapless), converted: false, gapless };
  if (mode !== 'retail' || !codecFor(formatTag).acmConverted) return { audio, converted: false, gapless: null };
  const r = yield* toRetailPcmSteps(audio);
  const channels = r.channels.map((c) => {
    const q = new Float32Array(c.length);
    for (let i = 0; i < c.length; i++) q[i] = floatToInt16(c[i]!) / 32768;
    return q;
  });
  return { audio: { sampleRate: r.sampleRate, channels }, converted: true, gapless: null };
}

/** The gapless trim a Wave's codec reads from its data (an MP3's LAME tag), or null ("no gapless info"). */
export function gaplessTrimOf(wave: Wave): GaplessTrim | null {
  return codecFor(wave.format.wFormatTag).gapless?.(wave) ?? null;
}
