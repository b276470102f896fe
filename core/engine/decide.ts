/**
 * From a play request to a decision: the retail pipeline of retail-engine §5.2 (and §3.1 per
 * path), pure and deterministic. The only state it touches is the optional {@link VoicePool}.
 */
import { attenuate, audibleRadius } from './attenuation';
import { channelGains, setPanFor, setVolumeFor } from './directsound';
import { computePan } from './pan';
import type { RandomSources } from './random';
import type { VoicePool } from './VoicePool';
import {
  DEFAULT_PREFS,
  type EngineMode,
  type EnginePrefs,
  type EngineSettings,
  type PathCategory,
  type Placement,
  type PlayDecision,
  type PlayRequest,
  type SkipReason,
  type SoundPath,
  type SoundRow,
} from './types';
import { gatePasses, variantIndex } from './variant';

/** Which enabled flag gates a path (§3.1): effects 1–4, ambient 5–6, interface 7–8. */
export function pathCategory(path: SoundPath): PathCategory {
  switch (path) {
    case 'ambient':
    case 'ambient-center':
      return 'ambient';
    case 'interface-table':
    case 'interface-wave':
      return 'interface';
    default:
      return 'effect';
  }
}

/** True for the paths that pick a variant from SoundTable rows (3, 4, 5, 6, 7). */
export function isTablePath(path: SoundPath): boolean {
  return (
    path === 'network' ||
    path === 'table-hook' ||
    path === 'ambient' ||
    path === 'ambient-center' ||
    path === 'interface-table'
  );
}

/** True for the paths played "from centre": distance 0 and pan 0 (6, 7, 8). */
export function isCentrePath(path: SoundPath): boolean {
  return path === 'ambient-center' || path === 'interface-table' || path === 'interface-wave';
}

/** The volume V handed to attenuation and the slider S applied inside it. */
export interface PathLevels {
  volume: number;
  slider: number;
}

/**
 * V and S for a path (§3.1, §4f, §5.2 steps 4 and 6; decision 1):
 * - sound-hook: V = effect slider in retail (so it counts twice), 1 in authored; S = effect;
 * - tweaked-hook, network, table-hook: V = `volumeArg` (hook, wire or row volume); S = effect;
 * - ambient, ambient-center: V = ambient slider × descriptor in retail (twice), descriptor in
 *   authored; S = ambient;
 * - interface-table: V = `volumeArg` (row volume); interface-wave: V = 1; S = effect slider in
 *   retail (the interface slider is dead), interface slider in authored.
 *
 * @param volumeArg the path's volume argument: row volume on table paths, descriptor volume on
 *   ambient paths, wire volume for network, hook volume for tweaked-hook; unused for sound-hook
 *   and interface-wave
 */
export function pathLevels(path: SoundPath, mode: EngineMode, volumeArg: number, prefs: EnginePrefs): PathLevels {
  const retail = mode === 'retail';
  switch (path) {
    case 'sound-hook':
      return { volume: retail ? prefs.effectVolume : 1, slider: prefs.effectVolume };
    case 'tweaked-hook':
    case 'network':
    case 'table-hook':
      return { volume: volumeArg, slider: prefs.effectVolume };
    case 'ambient':
    case 'ambient-center':
      return {
        // PlayAmbientSound* stores the product in a float local.
        volume: retail ? Math.fround(Math.fround(prefs.ambientVolume) * Math.fround(volumeArg)) : volumeArg,
        slider: prefs.ambientVolume,
      };
    case 'interface-table':
    case 'interface-wave':
      return {
        volume: path === 'interface-wave' ? 1 : volumeArg,
        slider: retail ? prefs.effectVolume : prefs.interfaceVolume,
      };
  }
}

/** Whether a path's category is enabled in the preferences. */
export function categoryEnabled(category: PathCategory, prefs: EnginePrefs): boolean {
  return category === 'effect'
    ? prefs.effectsEnabled
    : category === 'ambient'
      ? prefs.ambientEnabled
      : prefs.interfaceEnabled;
}

/** `PlaySoundOnlyWhenActive` blocks starting a sound while another application is active. */
export function focusBlocked(prefs: EnginePrefs): boolean {
  return prefs.playOnlyWhenActive && !prefs.appActive;
}

/**
 * The audible radius (metres) for Listener settings: `audibleRadius(V, S)` of {@link pathLevels};
 * null on the centre and interface paths, which ignore distance.
 */
export function settingsAudibleRadius(settings: EngineSettings): number | null {
  if (isCentrePath(settings.path)) return null;
  const { volume, slider } = pathLevels(settings.path, settings.mode, settings.volume, settings.prefs);
  return audibleRadius(volume, slider);
}

function blankDecision(path: SoundPath, mode: EngineMode, distance: number): PlayDecision {
  return {
    path,
    mode,
    played: false,
    reason: null,
    waveId: null,
    variantCount: null,
    variantIndex: null,
    variantRoll: null,
    gateRoll: null,
    gateProbability: null,
    gatePassed: null,
    volume: null,
    slider: null,
    distance,
    delta: null,
    g: null,
    dB: null,
    setVolume: null,
    pan: null,
    setPan: null,
    left: 0,
    right: 0,
    audibleRadius: null,
    slot: null,
    evicted: null,
    dropped: false,
    problem: null,
  };
}

function skip(d: PlayDecision, reason: SkipReason): PlayDecision {
  d.played = false;
  d.reason = reason;
  d.left = 0;
  d.right = 0;
  d.setVolume = null;
  d.setPan = null;
  return d;
}

/**
 * The one cannot-play decision (step 7, and {@link cannotPlayAfterRead}): a skip "cannot-play"
 * with `problem`, and no level or pan — no sound buffer is made, so nothing sounds at a level
 * (`dB` and `pan` null, like `setVolume`/`setPan`; the rolls, `g` and the audible radius stay).
 * Every log reads these: the app's Plays log, the Soundscape's event log, `acsound play-table`,
 * `timeline` and `ambient` (`"dB":null,"pan":null`).
 */
function cannotPlay(d: PlayDecision, problem: string): PlayDecision {
  d.problem = problem;
  d.dB = null;
  d.pan = null;
  return skip(d, 'cannot-play');
}

/**
 * A play {@link decide} let through whose Wave's data then could not be read or decoded (a broken
 * block chain, a decode error: what the Wave list, which reads only each Wave's header, cannot
 * know before the bytes are read). As in retail, where the client makes no sound buffer for such
 * a Wave, nothing plays and no voice is held: the slot is given back to `pool` and the play is
 * "cannot-play" with `problem` (why, e.g. "Corrupt dat: block chain of 0x0A000072 continues with
 * link 0x5B1729BE, beyond the end of the file …") and no level or pan, as if step 7 had known it
 * ({@link cannotPlay}). The one rule of the
 * app's Player (every play, the soundscape's, a motion's) and `acsound play-table`.
 * @returns a new decision (`decision` is unchanged); one that did not play is returned as it is
 */
export function cannotPlayAfterRead(decision: PlayDecision, problem: string, pool?: VoicePool): PlayDecision {
  if (!decision.played) return decision;
  if (pool && decision.slot !== null) pool.release(decision.slot);
  return cannotPlay({ ...decision, slot: null, evicted: null, dropped: false }, problem);
}

const DEFAULT_PLACEMENT: Placement = { distance: 0, bearingDeg: 0 };

/**
 * Decides what the client does with one play request (retail-engine §5.2, in this order):
 *
 * 1. Category gate: the path's enabled flag → "disabled"; for paths 1–4 and 7–8 the focus test
 *    (`playOnlyWhenActive && !appActive`) → "inactive". Ambient paths meet the focus test only
 *    later, after their random draws: the positional ambient path in the positional step (before
 *    attenuation), ambient-center in the allocator (after attenuation).
 * 2. Variant pick (table paths): no rows → "missing-sound-type" (no draw); else one ran2 draw U and
 *    `variantIndex(n, U, mode)`; a row whose wave id is 0 or absent → "missing-wave".
 *    Wave paths look their wave up instead (id 0 or absent → "missing-wave").
 * 3. Probability gate (table paths with the row's probability, tweaked-hook with the hook's first
 *    float): one crtRand draw k; `k·fround(1/32767) < p` or "probability".
 * 4. Volume argument V and slider S ({@link pathLevels}).
 * 5. Pan (positional paths 1–5; {@link computePan}); centre paths use distance 0 and pan 0.
 * 6. Attenuation ({@link attenuate}) → "inaudible" (no voice allocated).
 * 7. A wave the client could not make a buffer for (`request.waveProblem`) → "cannot-play", with
 *    `problem` and no level or pan (dB, pan null); no voice is allocated (retail-engine §4i: no buffer, the sound is silent; the draws
 *    above happen as in retail). Then voice allocation, if a pool is given: focus test again, then `pool.claim(nowSec, …)` →
 *    slot / evicted, or "no-voice" (dropped). Without a pool no voice is tracked (slot null).
 * 8–9. SetVolume = 100·dB, SetPan = 100·pan (null when 0), left/right gains (decision 4).
 *
 * @param request the path, its inputs and the settings
 * @param random the ran2 and crtRand streams (each roll used is reported)
 * @param pool the shared 16-voice pool, or undefined to skip allocation
 * @param nowSec the time of the request in seconds, for the pool (default 0)
 */
export function decide(request: PlayRequest, random: RandomSources, pool?: VoicePool, nowSec = 0): PlayDecision {
  const path = request.path;
  const mode = request.mode ?? 'retail';
  const prefs = request.prefs ?? DEFAULT_PREFS;
  const centre = isCentrePath(path);
  const placement = request.placement ?? DEFAULT_PLACEMENT;
  const distance = centre ? 0 : placement.distance;
  const d = blankDecision(path, mode, distance);
  const category = pathCategory(path);
  const ambient = category === 'ambient';
  const waveExists = request.waveExists ?? ((id: number) => id !== 0);

  // 1. Category gate.
  if (!categoryEnabled(category, prefs)) return skip(d, 'disabled');
  if (!ambient && focusBlocked(prefs)) return skip(d, 'inactive');

  // 2. Variant pick or wave lookup.
  let row: SoundRow | null = null;
  if (isTablePath(path)) {
    const rows = request.rows ?? [];
    d.variantCount = rows.length;
    if (rows.length === 0) return skip(d, 'missing-sound-type');
    const u = random.ran2();
    d.variantRoll = u;
    const idx = variantIndex(rows.length, u, mode);
    d.variantIndex = idx;
    row = idx === null ? null : (rows[idx] ?? null);
    if (!row || !row.waveId || !waveExists(row.waveId)) {
      d.waveId = row && row.waveId ? row.waveId : null;
      return skip(d, 'missing-wave');
    }
    d.waveId = row.waveId;
  } else {
    const id = request.waveId;
    d.waveId = id ?? null;
    if (!id || !waveExists(id)) return skip(d, 'missing-wave');
  }
  const waveId = d.waveId as number;

  // 3. Probability gate.
  let probability: number | null = null;
  if (row) probability = row.probability;
  else if (path === 'tweaked-hook') {
    if (!request.hook) throw new TypeError('decide: the tweaked-hook path needs request.hook');
    probability = request.hook.probability;
  }
  if (probability !== null) {
    const k = random.crtRand();
    d.gateRoll = k;
    d.gateProbability = probability;
    d.gatePassed = gatePasses(k, probability);
    if (!d.gatePassed) return skip(d, 'probability');
  }

  // 4. Volume argument and slider.
  let volumeArg: number;
  switch (path) {
    case 'tweaked-hook':
      volumeArg = request.hook?.volume ?? 1;
      break;
    case 'network':
      volumeArg = request.wireVolume ?? 1;
      break;
    case 'ambient':
    case 'ambient-center':
      volumeArg = request.ambientVolume ?? 1;
      break;
    default:
      volumeArg = row ? row.volume : 1;
  }
  const levels = pathLevels(path, mode, volumeArg, prefs);
  d.volume = levels.volume;
  d.slider = levels.slider;
  d.audibleRadius = centre ? null : audibleRadius(levels.volume, levels.slider);

  // 5. Pan (the positional step starts with its own focus test).
  if (centre) {
    d.pan = 0;
  } else {
    if (focusBlocked(prefs)) return skip(d, 'inactive');
    const p = computePan(placement, prefs.mono);
    d.pan = p.pan;
    d.delta = p.delta;
  }

  // 6. Attenuation.
  const att = attenuate(distance, levels.volume, levels.slider);
  d.g = att.g;
  if (!att.audible || att.dB === null) return skip(d, 'inaudible');
  d.dB = att.dB;

  // 7. Voice allocation (the allocator repeats the focus test).
  if (focusBlocked(prefs)) return skip(d, 'inactive');
  const problem = request.waveProblem?.(waveId) ?? null;
  if (problem) return cannotPlay(d, problem);
  if (pool) {
    const dur = typeof request.durationSec === 'function' ? request.durationSec(waveId) : (request.durationSec ?? 0);
    let priority = 0;
    if (row) priority = row.priority;
    else if (path === 'tweaked-hook' && request.hook) priority = request.hook.priority;
    const claim = pool.claim(nowSec, { waveId, path, durationSec: dur, priority }, mode);
    if (claim.dropped) {
      d.dropped = true;
      return skip(d, 'no-voice');
    }
    d.slot = claim.slot;
    d.evicted = claim.evicted ? { slot: claim.evicted.slot, waveId: claim.evicted.waveId } : null;
  }

  // 8–9. DirectSound values and channel gains.
  const pan = d.pan ?? 0;
  d.setVolume = setVolumeFor(d.dB);
  d.setPan = setPanFor(pan);
  const gains = channelGains(d.dB, pan);
  d.left = gains.left;
  d.right = gains.right;
  d.played = true;
  d.reason = null;
  return d;
}
