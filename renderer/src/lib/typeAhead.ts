/**
 * Type-ahead of a listbox (WAI-ARIA Authoring Practices, "Listbox" keyboard interaction, and any
 * OS file dialog): a printable key moves the cursor to the next entry whose name starts with it;
 * keys typed in quick succession (within {@link TYPE_AHEAD_PAUSE_MS}) spell a prefix
 * ("su" → `sub/`); the same letter again and again steps through the entries starting with it.
 * Names compare case-insensitively. Pure: the caller keeps the {@link TypeAhead} state.
 */

/** A pause longer than this (ms) starts a new prefix (the APG suggests about half a second). */
export const TYPE_AHEAD_PAUSE_MS = 500;

/** What has been typed so far and when the last key came (ms, any monotonic clock). */
export interface TypeAhead {
  typed: string;
  at: number;
}

export const NO_TYPE_AHEAD: TypeAhead = { typed: '', at: -Infinity };

/**
 * True for a key that types a character the list should search for: one printable character,
 * without Ctrl, Alt or Meta (those are shortcuts). A space only continues a prefix already typed
 * (`typing`), as in the APG; alone it is left to the caller.
 */
export function isTypeAheadKey(
  e: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean },
  typing: boolean,
): boolean {
  if (e.ctrlKey || e.altKey || e.metaKey) return false;
  if ([...e.key].length !== 1) return false; // "Enter", "ArrowDown", "Dead"…
  if (e.key === ' ') return typing;
  return e.key.trim() !== '';
}

/**
 * The state after a key (`key` at `now`): the typed prefix, which a pause longer than
 * {@link TYPE_AHEAD_PAUSE_MS} starts over.
 */
export function typeAheadKey(state: TypeAhead, key: string, now: number): TypeAhead {
  const fresh = now - state.at > TYPE_AHEAD_PAUSE_MS;
  return { typed: (fresh ? '' : state.typed) + key.toLowerCase(), at: now };
}

/** True while a prefix is being typed at `now` (a space then continues it). */
export function typingAt(state: TypeAhead, now: number): boolean {
  return state.typed !== '' && now - state.at <= TYPE_AHEAD_PAUSE_MS;
}

/**
 * The index the cursor moves to for the prefix `typed` among `names`, from the cursor at
 * `current`: the next name starting with one repeated letter ("s", "ss": step to the next `s…`
 * after the cursor), else the first name at or after the cursor starting with the whole prefix
 * (typing on keeps the entry already reached), wrapping around; `current` when none matches.
 */
export function typeAheadIndex(names: readonly string[], current: number, typed: string): number {
  const n = names.length;
  if (n === 0 || typed === '') return current;
  const chars = [...typed];
  const repeated = chars.every((c) => c === chars[0]);
  const lower = names.map((s) => s.toLowerCase());
  const find = (prefix: string, from: number): number => {
    for (let k = 0; k < n; k++) {
      const i = (((from + k) % n) + n) % n;
      if (lower[i]!.startsWith(prefix)) return i;
    }
    return -1;
  };
  if (repeated) {
    // "ss": a name starting with "ss" wins when there is one at or after the cursor; else step
    const whole = typed.length > 1 ? find(typed, current) : -1;
    if (whole !== -1) return whole;
    const step = find(chars[0]!, current + 1);
    return step === -1 ? current : step;
  }
  const i = find(typed, current);
  return i === -1 ? current : i;
}
