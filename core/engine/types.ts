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
/**
 * Why a play request produced no sound. `missing-sound-type`: a table path whose SoundTable has no
 * rows for the sound type (the table does not define it); `missing-wave`: the row or hook names a
 * Wave the dat lacks (or id 0); `cannot-play`: the Wave is in the dat but cannot be played (it did
 * not parse, or the one playability rule, core/audio playable.ts, refuses its format), so no voice is allocated — the
 * decision's `problem` says why.
 */
export type SkipReason =
  | 'disabled'
  | 'inactive'
  | 'probability'
  | 'inaudible'
  | 'no-voice'
  | 'missing-sound-type'
  | 'missing-wave'
  | 'cannot-play';

/** The category of a path: which enabled flag gates it and which slider it normally uses (§3.1). */
export type PathCategory = 'effect' | 'ambient' | 'interface';

/** A SoundTable row (client `SoundData`) as the engine needs it; floats as read (float32). */
export interface SoundRow {
  waveId: number;
  /** Ignored in retail; the eviction priority in authored mode. */
  priority: number;
  /** 0..1, the probability gate's threshold. */
  probability: number;
  volume: number;
}

/**
 * The three floats of a SoundTweakedHook after the wave id, in retail's reading (§1): the first
 * is the probability, the second the priority (ignored in retail), the third the volume.
 */
export interface TweakedHookFloats {
  probability: number;
  priority: number;
  volume: number;
}

/** A play request for `decide` (retail-engine §5.1). Fields a path does not use are ignored. */
export interface PlayRequest {
  path: SoundPath;
  /** Default 'retail'. */
  mode?: EngineMode;
  /** Default {@link DEFAULT_PREFS}. */
  prefs?: EnginePrefs;
  /** Default distance 0, bearing 0. Ignored by the centre and interface paths (distance 0, pan 0). */
  placement?: Placement;
  /** Table paths (network, table-hook, ambient, ambient-center, interface-table): the sound type's rows. */
  rows?: readonly SoundRow[];
  /** Wave paths (sound-hook, tweaked-hook, interface-wave): the wave id. */
  waveId?: number;
  /** tweaked-hook: the hook's floats (required on that path). */
  hook?: TweakedHookFloats;
  /** network: the 0xF750 wire volume, which replaces the row volume. Default 1 (ACE's default). */
  wireVolume?: number;
  /** ambient paths: the descriptor volume (intermittent) or the weighted volume (constant). Default 1. */
  ambientVolume?: number;
  /** Seconds the chosen wave lasts, for the voice pool (a number, or a lookup by wave id). Default 0. */
  durationSec?: number | ((waveId: number) => number);
  /** Whether the client has the wave (its sound cache); a miss is "missing-wave". Default: every id except 0. */
  waveExists?: (waveId: number) => boolean;
  /**
   * Why the client could not create the wave's buffer (core/index `playProblem`, e.g. "sample rate
   * 0 Hz is outside 100..384000 Hz"), or null when it can play; a problem is "cannot-play" (no
   * voice). Default: none.
   */
  waveProblem?: (waveId: number) => string | null;
}

/**
 * The engine's answer to a play request (retail-engine §5.2), a plain JSON-serializable object.
 * Fields a step did not reach are null. `played` ⇔ `reason === null`.
 */
export interface PlayDecision {
  path: SoundPath;
  mode: EngineMode;
  played: boolean;
  reason: SkipReason | null;
  /** The wave that plays (or would have), or null when none was chosen. */
  waveId: number | null;
  /** Number of rows of the sound type (table paths), else null. */
  variantCount: number | null;
  variantIndex: number | null;
  /** The ran2 value U used for the variant pick. */
  variantRoll: number | null;
  /** The CRT rand() value k used by the probability gate. */
  gateRoll: number | null;
  /** The gate's probability threshold p. */
  gateProbability: number | null;
  /** null when the path has no gate or it was not reached. */
  gatePassed: boolean | null;
  /** The volume argument V handed to attenuation. */
  volume: number | null;
  /** The slider S applied inside attenuation. */
  slider: number | null;
  /** The distance used, metres (0 on centre and interface paths). */
  distance: number;
  /** The normalised pan angle, degrees (null when not computed). */
  delta: number | null;
  /** Linear gain after falloff, clamp and slider. */
  g: number | null;
  /** Integer dB, −50..0 (null when inaudible, not reached, or the Wave cannot play: reason 'cannot-play'). */
  dB: number | null;
  /** SetVolume value, hundredths of a dB (null when not played). */
  setVolume: number | null;
  /** Integer pan, whole dB, positive = right (null when not reached or the Wave cannot play). */
  pan: number | null;
  /** SetPan value, hundredths of a dB; null when not played or pan = 0 (SetPan not called). */
  setPan: number | null;
  /** Linear gains as heard (0 when not played). */
  left: number;
  right: number;
  /** Audible radius in metres for this V and S (null on centre paths or before V is known). */
  audibleRadius: number | null;
  /** The voice slot claimed (null when not played or no pool was given). */
  slot: number | null;
  /** The voice stopped to make room (authored mode only). */
  evicted: { slot: number; waveId: number } | null;
  /** All 16 voices were busy and none could be evicted (reason 'no-voice'). */
  dropped: boolean;
  /** With reason 'cannot-play': why the wave cannot play (the request's `waveProblem`); else absent or null. */
  problem?: string | null;
}
