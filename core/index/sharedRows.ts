/**
 * The listing rows of an index, deep-frozen once when the index is built: the service hands them
 * out as they are (core/contract.ts `Shared`), to every caller and every service on the same
 * file (node/service/indexCache.ts), so nothing may change them — a change throws (modules are
 * strict) instead of showing up in another caller's list. Issue #9: copying every row on every
 * list cost a tenth of the garbage of an open + list.
 */
import type { Shared, SoundTableInfo, WaveInfo } from '../contract';
import type { ErrorData } from '../errors';

function freezeError(e: ErrorData | null): void {
  if (e === null) return;
  if (e.details) Object.freeze(e.details);
  Object.freeze(e);
}

/** Freezes a Wave row, its warnings and its error; returns it, typed read-only. */
export function freezeWaveRow(w: WaveInfo): Shared<WaveInfo> {
  Object.freeze(w.warnings);
  freezeError(w.error);
  return Object.freeze(w);
}

/** Freezes a SoundTable row: its sound types, their rows, its warnings and error; returns it, typed read-only. */
export function freezeTableRow(t: SoundTableInfo): Shared<SoundTableInfo> {
  const sounds = t.sounds;
  for (let i = 0; i < sounds.length; i++) {
    const s = sounds[i]!;
    const entries = s.entries;
    for (let j = 0; j < entries.length; j++) Object.freeze(entries[j]);
    Object.freeze(entries);
    Object.freeze(s);
  }
  Object.freeze(sounds);
  Object.freeze(t.warnings);
  freezeError(t.error);
  return Object.freeze(t);
}
