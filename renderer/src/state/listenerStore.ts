/** The Listener panel's engine settings (the input to every play decision and "as heard" export). */
import { create } from 'zustand';
import { clampDistance, normalizeBearing } from '../../../core/engine/placement';
import { DEFAULT_SETTINGS, type EngineMode, type EnginePrefs, type EngineSettings, type SoundPath } from '../../../core/engine/types';

/** The one placement rule (core/engine/placement.ts), re-exported for the renderer. */
export { clampDistance, MAX_DISTANCE, normalizeBearing } from '../../../core/engine/placement';

export const useListener = create<EngineSettings>()(() => ({ ...DEFAULT_SETTINGS, prefs: { ...DEFAULT_SETTINGS.prefs } }));

export function setDistance(d: number): void {
  useListener.setState({ distance: clampDistance(d) });
}

export function setBearing(b: number): void {
  useListener.setState({ bearingDeg: normalizeBearing(b) });
}

/** Sets both from a point on the panner (x right, y forward, metres). */
export function setPlacementXY(x: number, y: number): void {
  const distance = clampDistance(Math.hypot(x, y));
  const bearingDeg = distance === 0 ? useListener.getState().bearingDeg : normalizeBearing((Math.atan2(x, y) * 180) / Math.PI);
  useListener.setState({ distance, bearingDeg });
}

export function setPath(path: SoundPath): void {
  useListener.setState({ path });
}

export function setMode(mode: EngineMode): void {
  useListener.setState({ mode });
}

export function setVolume(volume: number): void {
  if (!Number.isFinite(volume) || volume < 0) return;
  useListener.setState({ volume });
}

export function setPref<K extends keyof EnginePrefs>(key: K, value: EnginePrefs[K]): void {
  useListener.setState((s) => ({ prefs: { ...s.prefs, [key]: value } }));
}
