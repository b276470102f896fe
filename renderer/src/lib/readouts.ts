/**
 * The Listener's "Voice slot" readout. Like every live readout it follows the CURRENT live
 * decision: when the settings now say "not played" (inaudible, disabled…) there is no slot,
 * whatever an earlier play took. A slot shows only while the last played voice still sounds.
 */
import type { EngineMode, ExplainResult, PlayDecision } from '../../../core/engine';
import { fmtDb, fmtGain, fmtHundredths, fmtMetres, fmtPan, hex8 } from './format';

export const NOT_ALLOCATED = '— (not allocated)';

export function voiceSlotText(livePlayed: boolean, last: PlayDecision | null, sounding: boolean): string {
  if (!livePlayed || !last) return NOT_ALLOCATED;
  if (last.dropped) return 'dropped (all 16 voices busy)';
  if (!last.played || last.slot === null || !sounding) return NOT_ALLOCATED;
  return `slot ${last.slot}${last.evicted ? ` (evicted ${hex8(last.evicted.waveId)})` : ''}`;
}

/** The engine-decision readouts shown for both modes (the Voice slot is the playing mode's only). */
export const COMPARED_READOUTS = ['Outcome', 'g', 'dB', 'SetVolume', 'Pan', 'SetPan', 'Left gain', 'Right gain', 'Audible radius'] as const;
export type ComparedReadout = (typeof COMPARED_READOUTS)[number];

/** One readout's text in each mode and whether they differ (the UI highlights the row). */
export interface ReadoutPair {
  label: ComparedReadout;
  retail: string;
  authored: string;
  differs: boolean;
}

/** The texts of one mode's live readouts (exactly what the Listener shows). */
export function readoutTexts(r: ExplainResult): Record<ComparedReadout, string> {
  return {
    Outcome: r.played ? 'played' : (r.reasonText ?? 'not played'),
    g: r.g === null ? '—' : r.g.toFixed(6),
    dB: r.dB === null ? '—' : fmtDb(r.dB),
    SetVolume: r.setVolume === null ? '—' : fmtHundredths(r.setVolume),
    Pan: r.pan === null ? '—' : fmtPan(r.pan),
    SetPan: r.setPan === null ? (r.played ? 'not called (pan 0)' : '—') : fmtHundredths(r.setPan, true),
    'Left gain': fmtGain(r.left),
    'Right gain': fmtGain(r.right),
    'Audible radius': r.audibleRadius === null ? 'n/a (centre path)' : fmtMetres(r.audibleRadius, 3),
  };
}

/** Retail and authored side by side, row by row (the same engine, the mode flag flipped). */
export function compareReadouts(retail: ExplainResult, authored: ExplainResult): ReadoutPair[] {
  const r = readoutTexts(retail);
  const a = readoutTexts(authored);
  return COMPARED_READOUTS.map((label) => ({ label, retail: r[label], authored: a[label], differs: r[label] !== a[label] }));
}

/** The accessible name of a readout: the playing mode keeps the bare label ("dB"), the other gets "dB (authored)". */
export function readoutName(label: string, column: EngineMode, playing: EngineMode): string {
  return column === playing ? label : `${label} (${column})`;
}
