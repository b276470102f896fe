import { decodeWave, encodeWav16, toRetailPcm } from '../../core/audio';
import { SeededRandom, decide, reasonText, renderAsHeard, settingsRequest, type EngineSettings, type PlayDecision } from '../../core/engine';
import { WAVE_FORMAT_PCM, type Wave } from '../../core/objects';

/**
 * The engine's decision for playing `wave` with Listener settings (core/engine `settingsRequest`:
 * a single row with probability 1, so the random sources do not matter; no voice pool).
 */
export function decideAsHeard(wave: Wave, settings: EngineSettings): PlayDecision {
  return decide(settingsRequest(settings, wave.id), new SeededRandom(1));
}

/** Human text for a decision that did not play, e.g. `inaudible (below −50 dB)`; null if it played. */
export function skipText(d: PlayDecision): string | null {
  return d.reason === null ? null : reasonText(d.reason, d.path);
}

/**
 * Renders `wave` as heard: decoded samples (retail mode: non-PCM waves converted to 11025 Hz mono
 * first, core/audio `toRetailPcm`) times the decision's left/right gains, encoded as a stereo
 * 16-bit PCM WAV at the (possibly converted) wave's own rate.
 * @param decision a decision that played (from {@link decideAsHeard}); a skipped one renders silence
 * @throws DecodeError when the wave cannot be decoded
 */
export async function renderAsHeardWav(wave: Wave, settings: EngineSettings, decision: PlayDecision = decideAsHeard(wave, settings)): Promise<Uint8Array> {
  let audio = await decodeWave(wave);
  if (settings.mode === 'retail' && wave.format.wFormatTag !== WAVE_FORMAT_PCM) audio = toRetailPcm(audio);
  return encodeWav16(renderAsHeard(audio, decision));
}
