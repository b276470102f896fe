/**
 * Building engine play requests from what the user plays: a bare Wave (the Listener's path and
 * volume, via core's `settingsRequest`) or a SoundTable sound type's rows ("play as the game
 * would", via core's `tableRequest`, the same request `acsound play-table` builds).
 */
import { settingsRequest, tableRequest, type EngineSettings, type PlayRequest, type SoundRow } from '../../../core/engine';

/** The one rule now lives in core/engine (explain.ts); re-exported for the renderer's components. */
export { tablePathFor } from '../../../core/engine';

export type PlayTarget =
  | { kind: 'wave'; waveId: number }
  /** A voice whose gains were decided elsewhere (the ambient scheduler) and stay as started. */
  | { kind: 'fixed'; waveId: number }
  | {
      kind: 'rows';
      tableId: number;
      soundType: number;
      name: string;
      rows: readonly SoundRow[];
      /** Whether the open dat has a Wave id ({@link waveLookup}); a row naming a missing one is "missing-wave". */
      waveExists?: (waveId: number) => boolean;
    };

export function buildRequest(target: PlayTarget, settings: EngineSettings): PlayRequest {
  if (target.kind === 'wave' || target.kind === 'fixed') return settingsRequest(settings, target.waveId);
  return tableRequest(settings, target.rows, target.waveExists);
}

const lookups = new WeakMap<readonly { id: number }[], (waveId: number) => boolean>();

/**
 * A `waveExists` lookup over the open dat's Wave list (e.g. `useDat.getState().waves`), built
 * once per list (cached by array identity, so a new dat's list gets a new lookup).
 */
export function waveLookup(waves: readonly { id: number }[]): (waveId: number) => boolean {
  let f = lookups.get(waves);
  if (!f) {
    const ids = new Set(waves.map((w) => w.id >>> 0));
    f = (waveId) => ids.has(waveId >>> 0);
    lookups.set(waves, f);
  }
  return f;
}

/** The request a playing voice re-applies on slider moves: its chosen row, always passing the gate. */
export function reapplyTarget(target: PlayTarget, waveId: number, variantIndex: number | null): PlayTarget {
  if (target.kind !== 'rows') return target;
  const row = variantIndex === null ? undefined : target.rows[variantIndex];
  return { ...target, rows: [{ waveId, priority: row?.priority ?? 0, probability: 1, volume: row?.volume ?? 1 }] };
}
