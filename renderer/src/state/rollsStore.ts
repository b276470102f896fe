/** "Play as the game would" logs and "Roll N times" histograms, per SoundTable sound type. */
import { create } from 'zustand';
import { SKIP_REASON_ORDER, type RollHistogram } from '../../../core/engine/histogram';
import type { EngineMode, PlayDecision, SkipReason } from '../../../core/engine/types';

export interface RollLogEntry {
  n: number;
  decision: PlayDecision;
}

/** "Roll N times" in both modes from the same seed; `playing` is the mode that was selected (what plays). */
export interface HistogramPair {
  playing: EngineMode;
  /** The seed both modes rolled from. */
  seed: number;
  retail: RollHistogram;
  authored: RollHistogram;
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
  const rowCount = Math.max(pair.retail.playedByRow.length, pair.authored.playedByRow.length);
  const lines: OutcomeLine[] = [];
  for (let i = 0; i < rowCount; i++) {
    const r = pair.retail.playedByRow[i] ?? 0;
    const a = pair.authored.playedByRow[i] ?? 0;
    lines.push({ key: { kind: 'row', index: i }, retail: r, authored: a, differs: r !== a });
  }
  for (const reason of SKIP_REASON_ORDER) {
    const r = pair.retail.skipped[reason];
    const a = pair.authored.skipped[reason];
    if (r > 0 || a > 0) lines.push({ key: { kind: 'silent', reason }, retail: r, authored: a, differs: r !== a });
  }
  return lines;
}
