/**
 * Types of the retail-faithful engine (spec: shared/spec/retail-engine.md, "Project decisions"
 * and §5). Units: distance in metres, angles in degrees, dB as integers, DirectSound values in
 * hundredths of a dB, gains linear.
 */

/** The play paths of retail-engine §3.1 (CLI names). */
export type SoundPath =
  | 'sound-hook' // 1: animation SoundHook, a bare wave DID
  | 'tweaked-hook' // 2: SoundTweakedHook
  | 'network' // 3: server 0xF750 sound event (wire volume replaces the row volume)
  | 'table-hook' // 4: SoundTableHook (footsteps, swings…) — the default
  | 'ambient' // 5: ambient positional
  | 'ambient-center' // 6: ambient from centre
  | 'interface-table' // 7: PlaySoundFromCenter(stype, table)
  | 'interface-wave'; // 8: PlaySoundFromCenter(gid, 1.0)

export const SOUND_PATHS: readonly SoundPath[] = [
  'sound-hook',
  'tweaked-hook',
  'network',
  'table-hook',
  'ambient',
  'ambient-center',
  'interface-table',
  'interface-wave',
];

/** `retail` reproduces the shipped client, bugs included; `authored` what the data asks for. */
export type EngineMode = 'retail' | 'authored';

/** The options-screen preferences (retail-engine §4f). Sliders are 0..1. */
export interface EnginePrefs {
  effectVolume: number;
  ambientVolume: number;
  /** Read but unused in retail mode (a dead control); used for interface paths in authored mode. */
  interfaceVolume: number;
  effectsEnabled: boolean;
  ambientEnabled: boolean;
  interfaceEnabled: boolean;
  playOnlyWhenActive: boolean;
  /** Simulated focus: false = another application is active. */
  appActive: boolean;
  /** true = Mono (Sound Features = 1): pan forced to 0. */
  mono: boolean;
}

export const DEFAULT_PREFS: EnginePrefs = {
  effectVolume: 1,
  ambientVolume: 1,
  interfaceVolume: 1,
  effectsEnabled: true,
  ambientEnabled: true,
  interfaceEnabled: true,
  playOnlyWhenActive: true,
  appActive: true,
  mono: false,
};

/**
 * Where the emitter is relative to the listener. Either the UI form (`bearingDeg`, θ clockwise
 * from the listener's facing, right = +90) or the native compass form (both headings clockwise
 * from north, degrees).
 */
export type Placement =
  | { distance: number; bearingDeg: number }
  | { distance: number; headingSourceToListener: number; listenerHeading: number };

/** The engine settings a user sets in the Listener panel; enough to render "as heard". */
export interface EngineSettings {
  path: SoundPath;
  mode: EngineMode;
  /** metres, >= 0 */
  distance: number;
  /** degrees, clockwise from the listener's facing, -180..180 */
  bearingDeg: number;
  /** The path's volume argument: row volume (table paths), descriptor volume (ambient), wire volume (network), hook volume (tweaked). */
  volume: number;
  prefs: EnginePrefs;
}

export const DEFAULT_SETTINGS: EngineSettings = {
  path: 'table-hook',
  mode: 'retail',
  distance: 0,
  bearingDeg: 0,
  volume: 1,
  prefs: DEFAULT_PREFS,
};

/** Why a play request produced no sound. */
export type SkipReason = 'disabled' | 'inactive' | 'probability' | 'inaudible' | 'no-voice' | 'missing-wave';
