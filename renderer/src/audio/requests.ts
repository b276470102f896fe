/**
 * Building engine play requests from what the user plays: a bare Wave (the Listener's path and
 * volume, via core's `settingsRequest`) or a SoundTable sound type's rows ("play as the game
 * would", via core's `tableRequest`, the same request `acsound play-table` builds).
 */
import type { SoundEntryData, WaveInfo } from '../../../core/contract';
import { playProblem } from '../../../core/index/waveListing';
import {
  settingsRequest,
  tableRequest,
  type EngineSettings,
  type PlayRequest,
  type SoundRow,
} from '../../../core/engine';
import { soundHookRequest } from '../../../core/graph/eventRequest';

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
      /** Why a Wave cannot play ({@link problemLookup}); a row naming one is "cannot-play", no voice. */
      waveProblem?: (waveId: number) => string | null;
    }
  | {
      /** A sound hook of a motion or effect (core/graph `soundHookRequest`: its path, its candidates). */
      kind: 'hook';
      hook: 'Sound' | 'SoundTweaked' | 'SoundTable';
      candidates: readonly SoundEntryData[];
      waveExists?: (waveId: number) => boolean;
      waveProblem?: (waveId: number) => string | null;
    };

export function buildRequest(target: PlayTarget, settings: EngineSettings): PlayRequest {
  if (target.kind === 'wave' || target.kind === 'fixed') return settingsRequest(settings, target.waveId);
  if (target.kind === 'hook') {
    const request = soundHookRequest(settings, target.hook, target.candidates, target.waveExists);
    if (target.waveProblem) request.waveProblem = target.waveProblem;
    return request;
  }
  return tableRequest(settings, target.rows, target.waveExists, target.waveProblem);
}

const problemLookups = new WeakMap<readonly WaveInfo[], (waveId: number) => string | null>();

/**
 * A `waveProblem` lookup over the open dat's Wave list: core/index `playProblem` of each Wave
 * (e.g. "sample rate 0 Hz is outside 100..384000 Hz"), cached by array identity like {@link waveLookup}.
 */
export function problemLookup(waves: readonly WaveInfo[]): (waveId: number) => string | null {
  let f = problemLookups.get(waves);
  if (!f) {
    const problems = new Map<number, string>();
    for (const w of waves) {
      const p = playProblem(w);
      if (p) problems.set(w.id >>> 0, p);
    }
    f = (waveId) => problems.get(waveId >>> 0) ?? null;
    problemLookups.set(waves, f);
  }
  return f;
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
  if (target.kind === 'hook') {
    const c =
      (variantIndex === null ? undefined : target.candidates[variantIndex]) ??
      target.candidates.find((x) => x.waveId === waveId);
    return { ...target, candidates: [{ waveId, priority: c?.priority ?? 0, probability: 1, volume: c?.volume ?? 1 }] };
  }
  if (target.kind !== 'rows') return target;
  const row = variantIndex === null ? undefined : target.rows[variantIndex];
  return { ...target, rows: [{ waveId, priority: row?.priority ?? 0, probability: 1, volume: row?.volume ?? 1 }] };
}
