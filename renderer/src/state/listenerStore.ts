/**
 * The Listener panel's engine settings (the input to every play decision and "as heard" export).
 * Every setter clamps or wraps with core/engine/settings.ts `clampSetting`: the ranges of the one
 * settings parser the service and the CLI use too.
 */
import { create } from 'zustand';
import { clampSetting, normalizeBearing, SLIDER_KEYS, type SliderKey } from '../../../core/engine';
import {
  DEFAULT_SETTINGS,
  type EngineMode,
  type EnginePrefs,
  type EngineSettings,
  type SoundPath,
} from '../../../core/engine/types';

/** The one placement rule (core/engine), re-exported for the renderer. */
export { clampDistance, MAX_DISTANCE, normalizeBearing } from '../../../core/engine';

export const useListener = create<EngineSettings>()(() => ({
  ...DEFAULT_SETTINGS,
  prefs: { ...DEFAULT_SETTINGS.prefs },
}));

export function setDistance(d: number): void {
  useListener.setState({ distance: clampSetting('distance', d) });
}

export function setBearing(b: number): void {
  useListener.setState({ bearingDeg: clampSetting('bearingDeg', b) });
}

/** Sets both from a point on the panner (x right, y forward, metres). */
export function setPlacementXY(x: number, y: number): void {
  const distance = clampSetting('distance', Math.hypot(x, y));
  const bearingDeg =
    distance === 0 ? useListener.getState().bearingDeg : normalizeBearing((Math.atan2(x, y) * 180) / Math.PI);
  useListener.setState({ distance, bearingDeg });
}

export function setPath(path: SoundPath): void {
  useListener.setState({ path });
}

export function setMode(mode: EngineMode): void {
  useListener.setState({ mode });
}

export function setVolume(volume: number): void {
  if (!Number.isFinite(volume)) return;
  useListener.setState({ volume: clampSetting('volume', volume) });
}

export function setPref<K extends keyof EnginePrefs>(key: K, value: EnginePrefs[K]): void {
  const v = (SLIDER_KEYS as readonly string[]).includes(key)
    ? clampSetting(`prefs.${key as SliderKey}`, value as number)
    : value;
  useListener.setState((s) => ({ prefs: { ...s.prefs, [key]: v } }));
}
