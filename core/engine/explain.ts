/**
 * `acsound explain` (issue 3 §3): the engine's decision for Listener settings, as JSON, and the
 * human text for skip reasons that the UI shows.
 */
import { decide, isCentrePath, isTablePath, settingsAudibleRadius } from './decide';
import { SeededRandom } from './random';
import type { EngineSettings, PlayDecision, PlayRequest, SkipReason, SoundPath, SoundRow } from './types';

/**
 * The CLI's JSON object. Key order: the keys of issue 3 §3 first, then context. Rounding:
 * `left`/`right` to 6 decimals, `audibleRadius` to 5 decimals, `g` to 6 significant digits;
 * dB, pan and the DirectSound values are integers already.
 */
export interface ExplainResult extends Pick<
  PlayDecision,
  | 'played'
  | 'reason'
  | 'g'
  | 'dB'
  | 'setVolume'
  | 'pan'
  | 'setPan'
  | 'left'
  | 'right'
  | 'audibleRadius'
  | 'path'
  | 'mode'
  | 'distance'
  | 'volume'
  | 'slider'
> {
  // From the decision (rounded as above): `audibleRadius` metres, null on centre and interface
  // paths (they ignore distance); `distance` the distance used (0 on those paths); `volume` the V
  // handed to attenuation and `slider` the S inside it. The JSON key order is that of
  // {@link explainDecision}'s object literal, not of this type.
  /** Human text for `reason` ({@link reasonText}), null when played. */
  reasonText: string | null;
  /** The bearing θ used, degrees (null on centre and interface paths). */
  bearing: number | null;
}

/** Rounds to `decimals` places (for display and JSON), keeping null and turning −0 into 0. */
export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f + 0;
}

function sig(x: number | null, digits: number): number | null {
  return x === null ? null : Number(x.toPrecision(digits)) + 0;
}

/** The exact UI text for an inaudible play (issue 3 §5). */
export const INAUDIBLE_TEXT = 'inaudible (below \u221250 dB)';

/**
 * Human text for a skip reason, e.g. `inaudible (below −50 dB)` (the UI must show exactly that
 * for "inaudible"). `path` refines "disabled" with the preference concerned; `problem` (the
 * decision's) says why a "cannot-play" Wave cannot play: `cannot play: sample rate 0 Hz is outside 100..384000 Hz`.
 */
export function reasonText(reason: SkipReason, path?: SoundPath, problem?: string | null): string {
  switch (reason) {
    case 'inaudible':
      return INAUDIBLE_TEXT;
    case 'disabled': {
      if (!path) return 'disabled (the sound category is turned off)';
      const what =
        path === 'ambient' || path === 'ambient-center'
          ? 'ambient'
          : path.startsWith('interface')
            ? 'interface'
            : 'effect';
      return `disabled (${what} sounds are turned off)`;
    }
    case 'inactive':
      return 'inactive (play sound only when active, and the app is not active)';
    case 'probability':
      return 'skipped by the probability roll';
    case 'no-voice':
      return 'dropped (all 16 voices busy)';
    case 'missing-sound-type':
      return 'missing sound type (the SoundTable has no rows for it)';
    case 'missing-wave':
      return 'missing wave (the dat has no such wave)';
    case 'cannot-play':
      return `cannot play: ${problem ?? 'the Wave cannot be decoded'}`;
  }
}

/** The request fields every path shares: path, mode, prefs and the placement. */
function baseRequest(settings: EngineSettings, path: SoundPath): PlayRequest {
  return {
    path,
    mode: settings.mode,
    prefs: settings.prefs,
    placement: { distance: settings.distance, bearingDeg: settings.bearingDeg },
  };
}

/** The table-path volume rules: `volume` is the wire volume (network) or the descriptor volume (ambient paths). */
function applyPathVolume(req: PlayRequest, volume: number): void {
  if (req.path === 'network') req.wireVolume = volume;
  if (req.path === 'ambient' || req.path === 'ambient-center') req.ambientVolume = volume;
}

/**
 * Builds the play request that Listener settings describe: a single synthetic row (probability 1,
 * priority 0) on table paths, with `settings.volume` as the row volume (table-hook,
 * interface-table), the wire volume (network) or the descriptor volume (ambient paths); the hook
 * volume with probability 1 on tweaked-hook; unused on sound-hook and interface-wave.
 */
export function settingsRequest(settings: EngineSettings, waveId = 1): PlayRequest {
  const { path } = settings;
  const req = baseRequest(settings, path);
  if (isTablePath(path)) {
    const rowVolume = path === 'table-hook' || path === 'interface-table' ? settings.volume : 1;
    req.rows = [{ waveId, priority: 0, probability: 1, volume: rowVolume }];
    applyPathVolume(req, settings.volume);
  } else {
    req.waveId = waveId;
    if (path === 'tweaked-hook') req.hook = { probability: 1, priority: 0, volume: settings.volume };
  }
  return req;
}

/**
 * The table path a Listener path plays a SoundTable sound type through: table paths are kept;
 * the bare-wave paths map to their table counterparts (sound-hook, tweaked-hook → table-hook;
 * interface-wave → interface-table).
 */
export function tablePathFor(path: SoundPath): SoundPath {
  if (isTablePath(path)) return path;
  return path === 'interface-wave' ? 'interface-table' : 'table-hook';
}

/**
 * The play request for a SoundTable sound type's rows with Listener settings ("Play as the game
 * would", `acsound play-table`): path {@link tablePathFor}(settings.path); the rows keep their own
 * volumes; `settings.volume` is the wire volume (network) or the descriptor volume (ambient
 * paths), as in {@link settingsRequest}; unused on table-hook and interface-table.
 * @param waveExists whether the dat has a Wave id (a row naming a missing one is "missing-wave");
 *   omitted = the engine's default (every id except 0)
 * @param waveProblem why a Wave cannot play (core/index `playProblem`), null when it can; a row
 *   naming such a Wave is "cannot-play"
 */
export function tableRequest(
  settings: EngineSettings,
  rows: readonly SoundRow[],
  waveExists?: (waveId: number) => boolean,
  waveProblem?: (waveId: number) => string | null,
): PlayRequest {
  const req = baseRequest(settings, tablePathFor(settings.path));
  req.rows = rows;
  applyPathVolume(req, settings.volume);
  if (waveExists) req.waveExists = waveExists;
  if (waveProblem) req.waveProblem = waveProblem;
  return req;
}

/** The rounded JSON form of a decision (see {@link ExplainResult}). */
export function explainDecision(d: PlayDecision, bearingDeg: number | null): ExplainResult {
  return {
    played: d.played,
    reason: d.reason,
    g: sig(d.g, 6),
    dB: d.dB,
    setVolume: d.setVolume,
    pan: d.pan,
    setPan: d.setPan,
    left: roundTo(d.left, 6),
    right: roundTo(d.right, 6),
    audibleRadius: d.audibleRadius === null ? null : roundTo(d.audibleRadius, 5),
    reasonText: d.reason === null ? null : reasonText(d.reason, d.path, d.problem),
    path: d.path,
    mode: d.mode,
    distance: d.distance,
    bearing: isCentrePath(d.path) ? null : bearingDeg,
    volume: sig(d.volume, 6),
    slider: sig(d.slider, 6),
  };
}

/**
 * `acsound explain`: the engine's decision for Listener settings (no voice pool, so never
 * dropped; `audibleRadius` is that of the settings even when a gate skipped the play; the single synthetic row with probability 1 makes the random draws irrelevant).
 * Example: table-hook, 10 m, bearing +90 → `{"played":true,"reason":null,"g":0.25,"dB":-12,
 * "setVolume":-1200,"pan":14,"setPan":1400,"left":0.050119,"right":0.251189,"audibleRadius":94.18245,…}`.
 */
export function explain(settings: EngineSettings): ExplainResult {
  const d = decide(settingsRequest(settings), new SeededRandom(1));
  // The radius describes the settings, so report it even when a gate stopped the play early.
  return explainDecision({ ...d, audibleRadius: settingsAudibleRadius(settings) }, settings.bearingDeg);
}
