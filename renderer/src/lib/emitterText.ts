/**
 * What the Soundscape picture (components/EmitterMap.tsx) says of its marks: each mark's
 * accessible name and tooltip, and the note it shows when none of the plays drawn was heard.
 */
import type { SoundscapeEmitter } from '../state/soundscapeStore';

/** The longest reason the picture's note writes in full (9-unit text across the 240-unit picture). */
const NOTE_REASON_MAX = 40;

export const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** A mark's accessible name and tooltip: `Ambient2 at 106.8 m, bearing -42.6°: inaudible (below −50 dB)` (the log’s numbers). */
export function emitterName(e: Pick<SoundscapeEmitter, 'name' | 'distance' | 'bearing' | 'heard' | 'why'>): string {
  const where = `${e.name} at ${e.distance.toFixed(1)} m${e.bearing === null ? '' : `, bearing ${e.bearing.toFixed(1)}°`}`;
  return `${where}: ${e.heard ? 'heard' : (e.why ?? 'not heard')}`;
}

/**
 * The picture's note when none of the plays shown was heard (null when one was, or none is shown):
 * two lines, e.g. `No positional play heard` / `3 plays: inaudible (below −50 dB)`.
 */
export function silentNote(emitters: readonly Pick<SoundscapeEmitter, 'heard' | 'why'>[]): [string, string] | null {
  if (emitters.length === 0 || emitters.some((e) => e.heard)) return null;
  const n = emitters.length;
  const whys = new Set(emitters.map((e) => e.why ?? 'not heard'));
  const [only] = whys;
  const plays = plural(n, 'play');
  return [
    'No positional play heard',
    whys.size === 1 && only !== undefined && only.length <= NOTE_REASON_MAX
      ? `${plays}: ${only}`
      : `${plays} made no sound (the log says why)`,
  ];
}
