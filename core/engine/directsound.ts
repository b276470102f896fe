/**
 * DirectSound units and the channel law (retail-engine "Project decisions" 4, §3.5, §4d;
 * pitfalls #12). Volume and pan are in hundredths of a dB; gains are linear amplitudes.
 *
 * The law is a *balance* law: the near channel stays at the volume setting and the far one is
 * cut by |pan|. Never emulate it with an equal-power `StereoPannerNode`.
 */

/** `DSBVOLUME_MIN`: −10000 hundredths of a dB (−100 dB), which DirectSound treats as silence. */
export const DSBVOLUME_MIN = -10000;
/** `DSBVOLUME_MAX`: 0, no attenuation (DirectSound cannot amplify). */
export const DSBVOLUME_MAX = 0;
/** `DSBPAN_LEFT` / `DSBPAN_RIGHT`, hundredths of a dB. */
export const DSBPAN_LEFT = -10000;
export const DSBPAN_RIGHT = 10000;

/** Left and right linear gains. */
export interface ChannelGains {
  left: number;
  right: number;
}

/** `SetVolume` argument for an integer dB: 100·dB (hundredths of a dB). */
export function setVolumeFor(dB: number): number {
  return 100 * dB + 0;
}

/** `SetPan` argument for an integer pan: 100·pan, or null when pan = 0 (SetPan is not called, §3.5). */
export function setPanFor(pan: number): number | null {
  return pan === 0 ? null : 100 * pan + 0;
}

/**
 * The engine's channel gains for an integer dB and pan in whole dB (decision 4):
 * `left = 10^((dB − max(pan, 0))/20)`, `right = 10^((dB + min(pan, 0))/20)`.
 * Example: dB −12, pan +14 → left 0.050119, right 0.251189.
 */
export function channelGains(dB: number, pan: number): ChannelGains {
  return {
    left: 10 ** ((dB - Math.max(pan, 0)) / 20),
    right: 10 ** ((dB + Math.min(pan, 0)) / 20),
  };
}

/**
 * A level in hundredths of a dB to a linear amplitude: `10^(h/2000)`, with `h ≤ −10000`
 * (DSBVOLUME_MIN) as true silence, 0 (pitfalls #12: −600 → 0.501). Values above 0 are clamped
 * to 0 (no amplification).
 */
export function hundredthsToGain(hundredths: number): number {
  if (Number.isNaN(hundredths) || hundredths <= DSBVOLUME_MIN) return 0;
  return 10 ** (Math.min(hundredths, DSBVOLUME_MAX) / 2000);
}

/**
 * Generic DirectSound buffer gains from `SetVolume` and `SetPan` values (hundredths of a dB),
 * each clamped to its documented range: positive pan attenuates the left channel by `pan`,
 * negative pan the right by `|pan|`, stacked on the volume; a channel whose total reaches −10000
 * is silent. Example (pitfalls #12): volume −600, pan +1000 → left 0.158 (0.501 × 0.316),
 * right 0.501.
 *
 * @param setVolume hundredths of a dB, −10000..0
 * @param setPan hundredths of a dB, −10000..10000; null/undefined = not called (centre)
 */
export function directSoundGains(setVolume: number, setPan?: number | null): ChannelGains {
  const vol = Math.min(Math.max(setVolume, DSBVOLUME_MIN), DSBVOLUME_MAX);
  if (vol <= DSBVOLUME_MIN) return { left: 0, right: 0 };
  const pan = Math.min(Math.max(setPan ?? 0, DSBPAN_LEFT), DSBPAN_RIGHT);
  return {
    left: hundredthsToGain(vol - Math.max(pan, 0)),
    right: hundredthsToGain(vol + Math.min(pan, 0)),
  };
}
