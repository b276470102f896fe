import { basename } from 'node:path';
import { decodeWave, gaplessTrimOf, retailSource, type RetailSource } from '../../core/audio';
import { encoderFor, type Encoder } from '../../core/export';
import {
  SeededRandom,
  decide,
  explainDecision,
  reasonText,
  renderAsHeard,
  settingsRequest,
  type EngineSettings,
  type ExplainResult,
  type PlayDecision,
} from '../../core/engine';
import { hex8 } from '../../core/errors';
import type { Wave } from '../../core/objects';
import { packageVersion } from '../paths';

/**
 * The engine's decision for playing Wave `id` with Listener settings (core/engine `settingsRequest`:
 * a single row with probability 1, so the random sources do not matter; no voice pool).
 * @param id the dat entry id (the B-tree key): never the id embedded in the Wave object, which may differ
 */
export function decideAsHeard(id: number, settings: EngineSettings): PlayDecision {
  return decide(settingsRequest(settings, id >>> 0), new SeededRandom(1));
}

/** Human text for a decision that did not play, e.g. `inaudible (below −50 dB)`; null if it played. */
export function skipText(d: PlayDecision): string | null {
  return d.reason === null ? null : reasonText(d.reason, d.path);
}

/** An as-heard render: the encoded bytes and what they hold. */
export interface AsHeardRender {
  /** The encoder's file (WAV: stereo 16-bit PCM RIFF). */
  wav: Uint8Array;
  sampleRate: number;
  frames: number;
  /** Retail mode converted a non-PCM wave to 11025 Hz mono before applying the gains. */
  retailConverted: boolean;
}

/**
 * The samples an as-heard render applies the gains to: the decoded wave through core/audio
 * `retailSource` (retail mode: non-PCM → 11025 Hz mono, int16-rounded, the client's ACM output),
 * the same source the app plays (renderer/src/audio/decode.ts).
 * @throws DecodeError when the wave cannot be decoded
 */
export async function asHeardSource(wave: Wave, mode: EngineSettings['mode']): Promise<RetailSource> {
  return retailSource(await decodeWave(wave), wave.format.wFormatTag, mode, gaplessTrimOf(wave));
}

/**
 * Renders `wave` as heard: {@link asHeardSource} times the decision's left/right gains, encoded by
 * `encoder` (core/export; default WAV: stereo 16-bit PCM) at the (possibly converted) wave's own rate.
 * @param decision a decision that played (from {@link decideAsHeard}); a skipped one renders silence
 * @throws DecodeError when the wave cannot be decoded
 */
export async function renderAsHeardAudio(
  wave: Wave,
  settings: EngineSettings,
  decision: PlayDecision,
  encoder: Encoder = encoderFor(),
): Promise<AsHeardRender> {
  const source = await asHeardSource(wave, settings.mode);
  const out = renderAsHeard(source.audio, decision);
  return {
    wav: encoder.encodeAudio(out),
    sampleRate: out.sampleRate,
    frames: out.channels[0]?.length ?? 0,
    retailConverted: source.converted,
  };
}

/**
 * The JSON sidecar written next to each as-heard WAV (`0A000012_10m_+90deg.json` beside
 * `0A000012_10m_+90deg.wav`): how the file was made, so it can be reproduced and explained.
 */
export interface AsHeardSidecar {
  kind: 'acsound-as-heard';
  version: 1;
  /** `acsound <package version>`. */
  generator: string;
  /** `0x0A000012`: the dat entry id (never an id embedded in the Wave object that differs from it). */
  waveId: string;
  /** The WAV's file name (same folder). */
  wav: string;
  /** The Listener settings used, exactly as given. */
  settings: EngineSettings;
  /** The engine's decision, rounded as `acsound explain` prints it. */
  explain: ExplainResult;
  /** The engine's decision in full (exact floats; `waveId` a number). */
  decision: PlayDecision;
  /** The source wave as stored. */
  source: { formatTag: number; channels: number; sampleRate: number; bitsPerSample: number };
  /** The rendered audio. */
  output: { channels: 2; bitsPerSample: 16; sampleRate: number; frames: number; retailConverted: boolean };
  /** The source Wave's lint warnings (e.g. its declared data size clamped to its record); empty when none. */
  warnings: string[];
}

/** Builds the sidecar of an as-heard render of the Wave at dat entry `id`, written as `wavPath`. */
export function asHeardSidecar(
  id: number,
  wave: Wave,
  settings: EngineSettings,
  decision: PlayDecision,
  render: AsHeardRender,
  wavPath: string,
): AsHeardSidecar {
  const f = wave.format;
  return {
    kind: 'acsound-as-heard',
    version: 1,
    generator: `acsound ${packageVersion()}`,
    waveId: hex8(id),
    wav: basename(wavPath),
    settings: structuredClone(settings),
    explain: explainDecision(decision, settings.bearingDeg),
    decision: structuredClone(decision),
    source: {
      formatTag: f.wFormatTag,
      channels: f.nChannels,
      sampleRate: f.nSamplesPerSec,
      bitsPerSample: f.wBitsPerSample,
    },
    output: {
      channels: 2,
      bitsPerSample: 16,
      sampleRate: render.sampleRate,
      frames: render.frames,
      retailConverted: render.retailConverted,
    },
    warnings: [...wave.warnings],
  };
}

/** The sidecar's bytes: pretty JSON (2-space indent), UTF-8, trailing newline. */
export function encodeSidecar(s: AsHeardSidecar): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(s, null, 2) + '\n');
}
