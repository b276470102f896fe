/**
 * The Soundscape's "Export seconds" field: what was typed, checked as the core checks a run's
 * length (0 < s ≤ SOUNDSCAPE_MAX_SECONDS, core/engine/ambient/soundscape.ts). The field keeps the
 * text as typed; an invalid one is flagged beside it and Export waits, nothing is replaced.
 */
import { SOUNDSCAPE_MAX_SECONDS } from '../../../core/engine';

/** `{ seconds }` when the text is a usable length, else `{ error }` in plain words. */
export function parseExportSeconds(text: string): { seconds: number; error?: undefined } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: 'Enter how many seconds to export.' };
  const v = Number(t);
  if (!Number.isFinite(v)) return { error: `“${t}” is not a number of seconds.` };
  if (v <= 0) return { error: 'Must be more than 0 seconds.' };
  if (v > SOUNDSCAPE_MAX_SECONDS) return { error: `At most ${SOUNDSCAPE_MAX_SECONDS} seconds (one hour).` };
  return { seconds: v };
}
