/**
 * The Player's read-outs and test hooks, apart from its transport: the position of the newest
 * voice, the output peak, and the offline re-render of the last started voice.
 */
import { buildVoiceGraph, toAudioBuffer, type ChannelGainValues, type VoiceGraph } from './graph';
import type { DecodedWave } from './decode';

/** What a diagnostic needs of a sounding voice. */
export interface VoiceClock {
  serial: number;
  waveId: number;
  graph: VoiceGraph;
  startCtx: number;
  /** Seconds into the wave where it started (a seek). */
  offsetSec: number;
  durationSec: number;
  loop: boolean;
}

export interface CaptureResult {
  sampleRate: number;
  source: Float32Array;
  left: Float32Array;
  right: Float32Array;
  gains: ChannelGainValues;
}

/**
 * The newest of the sounding voices (the highest serial: the last started that has not ended), or
 * null. The one voice the transport describes: its Wave id names it ("Playing 0x0A000022") and
 * {@link voicePosition} is its clock, so the name and the clock never describe two voices.
 */
export function newestVoice<V extends { serial: number }>(voices: Iterable<V>): V | null {
  let newest: V | null = null;
  for (const v of voices) if (!newest || v.serial > newest.serial) newest = v;
  return newest;
}

/**
 * Playback position of the {@link newestVoice}: seconds into its wave (where it started, plus the
 * time since, wrapped when looping) and its length.
 */
export function voicePosition(
  voices: Iterable<VoiceClock>,
  ctx: { currentTime: number } | null,
): { time: number; duration: number; waveId: number | null } {
  const newest = newestVoice(voices);
  if (!newest || !ctx) return { time: 0, duration: 0, waveId: null };
  let t = newest.offsetSec + (ctx.currentTime - newest.startCtx);
  if (newest.loop && newest.durationSec > 0) t %= newest.durationSec;
  return { time: Math.min(Math.max(0, t), newest.durationSec), duration: newest.durationSec, waveId: newest.waveId };
}

/** Peak |sample| at the voices' output taps (0..1); `scratch` is reused between frames. */
export function outputPeak(voices: Iterable<VoiceClock>, scratch: Float32Array<ArrayBuffer>): number {
  let peak = 0;
  for (const v of voices) {
    v.graph.analyser.getFloatTimeDomainData(scratch);
    for (let i = 0; i < scratch.length; i++) {
      const a = Math.abs(scratch[i]!);
      if (a > peak) peak = a;
    }
  }
  return Math.min(1, peak);
}

/**
 * Re-renders a voice through the same {@link buildVoiceGraph} in an OfflineAudioContext at the
 * wave's own rate: `source` is the pre-gain mono/left samples, `left`/`right` the graph's output.
 */
export async function renderOffline(last: { decoded: DecodedWave; gains: ChannelGainValues }): Promise<CaptureResult> {
  const audio = last.decoded.audio;
  const length = Math.max(1, audio.channels[0]?.length ?? 0);
  const offline = new OfflineAudioContext({ numberOfChannels: 2, length, sampleRate: audio.sampleRate });
  const buffer = toAudioBuffer(offline, audio);
  const graph = buildVoiceGraph(offline, buffer, last.gains, { master: 1 });
  graph.source.start();
  const rendered = await offline.startRendering();
  return {
    sampleRate: rendered.sampleRate,
    source: buffer.getChannelData(0).slice(),
    left: rendered.getChannelData(0).slice(),
    right: rendered.getChannelData(1).slice(),
    gains: { ...last.gains },
  };
}
