/** "Play as the game would" logs and "Roll N times" histograms, per SoundTable sound type. */
import { create } from 'zustand';
import type { EngineMode, PlayDecision, SkipReason, SoundPath } from '../../../core/engine/types';

export interface RollLogEntry {
  n: number;
  decision: PlayDecision;
}

export interface Histogram {
  total: number;
  /** Plays per row index. */
  rows: number[];
  /** Silent outcomes by reason. */
  silent: Partial<Record<SkipReason, number>>;
  seed: number;
  mode: EngineMode;
  path: SoundPath;
}

export interface RollsState {
  logs: Record<string, RollLogEntry[]>;
  histograms: Record<string, Histogram>;
  /** Total plays requested through "Play as the game would" (numbering of the log). */
  counter: number;
}

export const useRolls = create<RollsState>()(() => ({ logs: {}, histograms: {}, counter: 0 }));

export function rollKey(tableId: number, soundType: number): string {
  return `${tableId}:${soundType}`;
}

export function addRollLog(key: string, decision: PlayDecision): void {
  useRolls.setState((s) => {
    const n = s.counter + 1;
    const log = [{ n, decision }, ...(s.logs[key] ?? [])].slice(0, 8);
    return { counter: n, logs: { ...s.logs, [key]: log } };
  });
}

export function setHistogram(key: string, h: Histogram): void {
  useRolls.setState((s) => ({ histograms: { ...s.histograms, [key]: h } }));
}

export function clearRolls(): void {
  useRolls.setState({ logs: {}, histograms: {}, counter: 0 });
}

/** Tallies decisions into a histogram. */
export function tally(decisions: readonly PlayDecision[], rowCount: number, meta: Omit<Histogram, 'total' | 'rows' | 'silent'>): Histogram {
  const rows = new Array<number>(rowCount).fill(0);
  const silent: Partial<Record<SkipReason, number>> = {};
  for (const d of decisions) {
    if (d.played && d.variantIndex !== null) rows[d.variantIndex] = (rows[d.variantIndex] ?? 0) + 1;
    else if (d.reason) silent[d.reason] = (silent[d.reason] ?? 0) + 1;
  }
  return { total: decisions.length, rows, silent, ...meta };
}
