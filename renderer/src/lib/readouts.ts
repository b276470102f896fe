/**
 * The Listener's "Voice slot" readout. Like every live readout it follows the CURRENT live
 * decision: when the settings now say "not played" (inaudible, disabled…) there is no slot,
 * whatever an earlier play took. A slot shows only while the last played voice still sounds.
 */
import {
  GATE_SCALE,
  type EngineMode,
  type EnginePrefs,
  type ExplainResult,
  type PlayDecision,
} from '../../../core/engine';
import { fmtDb, fmtFloat, fmtGain, fmtHundredths, fmtMetres, fmtPan, hex8 } from './format';

export const NOT_ALLOCATED = '— (not allocated)';

export function voiceSlotText(livePlayed: boolean, last: PlayDecision | null, sounding: boolean): string {
  if (!livePlayed || !last) return NOT_ALLOCATED;
  if (last.dropped) return 'dropped (all 16 voices busy)';
  if (!last.played || last.slot === null || !sounding) return NOT_ALLOCATED;
  return `slot ${last.slot}${last.evicted ? ` (evicted ${hex8(last.evicted.waveId)})` : ''}`;
}

/**
 * The "Output" readout line: the play goes ahead but nothing is heard — "Play only when active"
 * is off and the app is not active, and retail buffers lack DSBCAPS_GLOBALFOCUS, so DirectSound
 * mutes them while another app has the focus (the Player's master gain is 0). null otherwise.
 */
export function mutedText(played: boolean, prefs: Pick<EnginePrefs, 'appActive'>): string | null {
  return played && !prefs.appActive ? MUTED_TEXT : null;
}

/** Why a voice that plays is silent (the Player status adds it in parentheses). */
export const MUTED_TEXT = 'muted: app not active — retail buffers have no GLOBALFOCUS';

/** The engine-decision readouts shown for both modes (the Voice slot is the playing mode's only). */
export const COMPARED_READOUTS = [
  'Outcome',
  'g',
  'dB',
  'SetVolume',
  'Pan',
  'SetPan',
  'Left gain',
  'Right gain',
  'Audible radius',
] as const;
export type ComparedReadout = (typeof COMPARED_READOUTS)[number];

/** Units shown under a readout's row label (its values are bare numbers so two columns fit). */
export const READOUT_UNITS: Partial<Record<ComparedReadout, string>> = { SetVolume: '1/100 dB', SetPan: '1/100 dB' };

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
    SetVolume: r.setVolume === null ? '—' : fmtHundredths(r.setVolume, false, false),
    // Like SetPan: no pan is applied when nothing plays.
    Pan: r.pan === null || !r.played ? '—' : fmtPan(r.pan),
    SetPan: r.setPan === null ? (r.played ? 'not called' : '—') : fmtHundredths(r.setPan, true, false),
    'Left gain': fmtGain(r.left),
    'Right gain': fmtGain(r.right),
    'Audible radius': r.audibleRadius === null ? 'n/a (centre path)' : fmtMetres(r.audibleRadius, 3),
  };
}

/** Retail and authored side by side, row by row (the same engine, the mode flag flipped). */
export function compareReadouts(retail: ExplainResult, authored: ExplainResult): ReadoutPair[] {
  const r = readoutTexts(retail);
  const a = readoutTexts(authored);
  return COMPARED_READOUTS.map((label) => ({
    label,
    retail: r[label],
    authored: a[label],
    differs: r[label] !== a[label],
  }));
}

/**
 * The readouts that say what a play does to the voice (its gain, level and pan): none of them
 * applies when the Wave cannot play, so they show "—" then, as for an inaudible play. The Audible
 * radius stays: it follows the volume and the path, whatever Wave is open.
 */
const VOICE_READOUTS: ReadonlySet<ComparedReadout> = new Set(
  COMPARED_READOUTS.filter((label) => label !== 'Outcome' && label !== 'Audible radius'),
);

/**
 * The readouts for a Wave that cannot play (lib/waveProblem): the engine would play it, but the
 * Outcome says "cannot play — <why>" in both modes (`why`: "cannot decode", "empty Wave", "cannot
 * read", …) and the voice's values ({@link VOICE_READOUTS}) are "—": no voice gets them.
 */
export function withCannotPlay(pairs: readonly ReadoutPair[], why: string): ReadoutPair[] {
  const outcome = `cannot play — ${why}`;
  return pairs.map((p) => {
    if (p.label === 'Outcome') return { ...p, retail: outcome, authored: outcome, differs: false };
    if (VOICE_READOUTS.has(p.label)) return { ...p, retail: '—', authored: '—', differs: false };
    return p;
  });
}

/** The accessible name of a readout: the playing mode keeps the bare label ("dB"), the other gets "dB (authored)". */
export function readoutName(label: string, column: EngineMode, playing: EngineMode): string {
  return column === playing ? label : `${label} (${column})`;
}

/** One line per "Play as the game would": each roll the engine used. */
export function describeRolls(d: PlayDecision): string[] {
  const parts: string[] = [];
  if (d.variantRoll !== null && d.variantCount !== null) {
    const formula = d.mode === 'retail' ? `trunc((${d.variantCount}−1)·U)` : `trunc(${d.variantCount}·U)`;
    parts.push(`ran2 U=${d.variantRoll.toFixed(8)} → ${formula} = row ${d.variantIndex ?? '—'}`);
  }
  if (d.gateRoll !== null && d.gateProbability !== null) {
    const x = d.gateRoll * GATE_SCALE;
    parts.push(
      `rand() k=${d.gateRoll} → k/32767=${x.toFixed(5)} ${d.gatePassed ? '<' : '≥'} p=${fmtFloat(d.gateProbability)} ${d.gatePassed ? 'pass' : 'fail'}`,
    );
  }
  // no level where the engine gives none (inaudible, a missing Wave, a Wave that cannot play)
  if (d.dB !== null) parts.push(`${fmtDb(d.dB)}, pan ${fmtPan(d.pan ?? 0)}`);
  if (d.slot !== null) parts.push(`slot ${d.slot}`);
  if (d.evicted) parts.push(`evicted slot ${d.evicted.slot} (${hex8(d.evicted.waveId)})`);
  return parts;
}
