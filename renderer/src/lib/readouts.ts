/**
 * The Listener's "Voice slot" readout. Like every live readout it follows the CURRENT live
 * decision: when the settings now say "not played" (inaudible, disabled…) there is no slot,
 * whatever an earlier play took. A slot shows only while the last played voice still sounds.
 */
import type { PlayDecision } from '../../../core/engine';
import { hex8 } from './format';

export const NOT_ALLOCATED = '— (not allocated)';

export function voiceSlotText(livePlayed: boolean, last: PlayDecision | null, sounding: boolean): string {
  if (!livePlayed || !last) return NOT_ALLOCATED;
  if (last.dropped) return 'dropped (all 16 voices busy)';
  if (!last.played || last.slot === null || !sounding) return NOT_ALLOCATED;
  return `slot ${last.slot}${last.evicted ? ` (evicted ${hex8(last.evicted.waveId)})` : ''}`;
}
