/**
 * Building engine play requests from what the user plays: a bare Wave (the Listener's path and
 * volume, via core's `settingsRequest`) or a SoundTable sound type's rows ("play as the game would").
 */
import { isTablePath, settingsRequest, type EngineSettings, type PlayRequest, type SoundPath, type SoundRow } from '../../../core/engine';

export type PlayTarget =
  | { kind: 'wave'; waveId: number }
  | { kind: 'rows'; tableId: number; soundType: number; name: string; rows: readonly SoundRow[] };

/**
 * The path used for a sound type: the Listener's path when it is a table path; the bare-wave
 * paths map to their table counterparts (sound-hook/tweaked-hook → table-hook, interface-wave → interface-table).
 */
export function tablePathFor(path: SoundPath): SoundPath {
  if (isTablePath(path)) return path;
  return path === 'interface-wave' ? 'interface-table' : 'table-hook';
}

export function buildRequest(target: PlayTarget, settings: EngineSettings): PlayRequest {
  if (target.kind === 'wave') return settingsRequest(settings, target.waveId);
  const path = tablePathFor(settings.path);
  const req: PlayRequest = {
    path,
    mode: settings.mode,
    prefs: settings.prefs,
    placement: { distance: settings.distance, bearingDeg: settings.bearingDeg },
    rows: target.rows,
  };
  if (path === 'network') req.wireVolume = settings.volume;
  if (path === 'ambient' || path === 'ambient-center') req.ambientVolume = settings.volume;
  return req;
}

/** The request a playing voice re-applies on slider moves: its chosen row, always passing the gate. */
export function reapplyTarget(target: PlayTarget, waveId: number, variantIndex: number | null): PlayTarget {
  if (target.kind === 'wave') return target;
  const row = variantIndex === null ? undefined : target.rows[variantIndex];
  return { ...target, rows: [{ waveId, priority: row?.priority ?? 0, probability: 1, volume: row?.volume ?? 1 }] };
}
