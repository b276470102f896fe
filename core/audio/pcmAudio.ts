/**
 * Decoded audio: one Float32Array per channel, samples nominally in [-1, 1).
 * `frames = channels[0].length`; every channel has the same length. `sampleRate` in Hz.
 */
export interface PcmAudio {
  sampleRate: number;
  channels: Float32Array[];
}

/** Number of frames (samples per channel) of `a`. */
export function frameCount(a: PcmAudio): number {
  return a.channels[0]?.length ?? 0;
}

/**
 * Checks the PcmAudio invariants: ≥ 1 channel, equal lengths, positive finite rate.
 * @throws RangeError describing the first violation.
 */
export function assertPcmAudio(a: PcmAudio): void {
  if (a.channels.length === 0) throw new RangeError('PcmAudio has no channels');
  const n = a.channels[0]!.length;
  for (let c = 1; c < a.channels.length; c++) {
    if (a.channels[c]!.length !== n)
      throw new RangeError(`PcmAudio channel ${c} has ${a.channels[c]!.length} frames, channel 0 has ${n}`);
  }
  if (!Number.isFinite(a.sampleRate) || a.sampleRate <= 0)
    throw new RangeError(`PcmAudio sample rate ${a.sampleRate} is not positive`);
}
