import { codecFor } from '../codecs/registry';
import type { EngineMode } from '../engine/types';
import type { PcmAudio } from './pcmAudio';
import { toRetailPcm } from './resample';
import { floatToInt16 } from './wavWriter';

/** What plays before the engine's gains: the decoded samples, or the client's ACM output of them. */
export interface RetailSource {
  audio: PcmAudio;
  /** true when retail mode converted a non-PCM wave to 11025 Hz mono 16-bit. */
  converted: boolean;
}

/**
 * The source the engine's gains apply to, one rule for playback (renderer) and "as heard"
 * exports (service, CLI `render`): in retail mode a wave its codec marks `acmConverted` (every
 * tag but PCM: MP3, MS/IMA ADPCM; retail-engine decision 1)
 * becomes 11025 Hz mono ({@link toRetailPcm}) with every sample rounded to int16 and back
 * (`floatToInt16(x) / 32768`), as the client's ACM 16-bit output would be; PCM waves and
 * authored mode are returned unchanged (the same `audio` object, `converted: false`).
 */
export function retailSource(audio: PcmAudio, formatTag: number, mode: EngineMode): RetailSource {
  if (mode !== 'retail' || !codecFor(formatTag).acmConverted) return { audio, converted: false };
  const r = toRetailPcm(audio);
  const channels = r.channels.map((c) => {
    const q = new Float32Array(c.length);
    for (let i = 0; i < c.length; i++) q[i] = floatToInt16(c[i]!) / 32768;
    return q;
  });
  return { audio: { sampleRate: r.sampleRate, channels }, converted: true };
}
