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

/** "Roll N times" in both modes from the same seed; `playing` is the mode that was selected (what plays). */
export interface HistogramPair {
  playing: EngineMode;
  retail: Histogram;
  authored: Histogram;
}

export interface RollsState {
  logs: Record<string, RollLogEntry[]>;
  histograms: Record<string, HistogramPair>;
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

export function setHistogram(key: string, h: HistogramPair): void {
  useRolls.setState((s) => ({ histograms: { ...s.histograms, [key]: h } }));
}

export function clearRolls(): void {
  useRolls.setState({ logs: {}, histograms: {}, counter: 0 });
}

/** One histogram line: a row played, or silent for a reason. */
export type OutcomeKey = { kind: 'row'; index: number } | { kind: 'silent'; reason: SkipReason };

export interface OutcomeLine {
  key: OutcomeKey;
  retail: number;
  authored: number;
  /** The counts differ between the modes. */
  differs: boolean;
}

/**
 * The lines of a side-by-side histogram: every row (retail never picks the last one of n ≥ 2,
 * so it shows 0 there), then every silent reason either mode saw, in a fixed order.
 */
export function outcomeLines(pair: HistogramPair): OutcomeLine[] {
  const rowCount = Math.max(pair.retail.rows.length, pair.authored.rows.length);
  const lines: OutcomeLine[] = [];
  for (let i = 0; i < rowCount; i++) {
    const r = pair.retail.rows[i] ?? 0;
    const a = pair.authored.rows[i] ?? 0;
    lines.push({ key: { kind: 'row', index: i }, retail: r, authored: a, differs: r !== a });
  }
  const order: SkipReason[] = ['probability', 'inaudible', 'disabled', 'inactive', 'no-voice', 'missing-wave'];
  for (const reason of order) {
    const r = pair.retail.silent[reason] ?? 0;
    const a = pair.authored.silent[reason] ?? 0;
    if (r > 0 || a > 0) lines.push({ key: { kind: 'silent', reason }, retail: r, authored: a, differs: r !== a });
  }
  return lines;
}

/** Silent rolls in total. */
export function silentTotal(h: Histogram): number {
  return Object.values(h.silent).reduce((a, b) => a + (b ?? 0), 0);
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
