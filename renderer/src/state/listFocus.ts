/**
 * Keyboard-first lists: the mounted list grid registers here, so the app can focus it (on load,
 * when a tab is clicked) and send it ↑/↓/Enter… when the focus is nowhere (on the body).
 */
import { create } from 'zustand';

export interface ActiveList {
  focus(): void;
  /** Handles a grid key (see lib/gridKeys); false when the key does nothing. */
  key(key: string): boolean;
}

let active: ActiveList | null = null;

/** Registers the visible list; returns the unregister function. */
export function registerActiveList(list: ActiveList): () => void {
  active = list;
  return () => {
    if (active === list) active = null;
  };
}

/** Bumps to ask the visible list to take focus (once per bump, also when it mounts later). */
export const useListFocus = create<{ tick: number; handled: number; openFirst: boolean }>()(() => ({
  tick: 0,
  handled: 0,
  openFirst: false,
}));

/**
 * Asks the visible list to take focus; `openFirst`: also move its cursor to its first row and open
 * it, as ↓ in the list does (↓ from the search box: one press opens the first match).
 */
export function requestListFocus(openFirst = false): void {
  useListFocus.setState((s) => ({ tick: s.tick + 1, openFirst }));
}

/** Called by the grid: the pending focus request ('focus', or 'open-first'), or null (and marks it handled). */
export function takeListFocusRequest(): 'focus' | 'open-first' | null {
  const s = useListFocus.getState();
  if (s.tick <= s.handled) return null;
  useListFocus.setState({ handled: s.tick });
  return s.openFirst ? 'open-first' : 'focus';
}

/** Sends a key to the visible list (focusing it first). */
export function activeListKey(key: string): boolean {
  if (!active) return false;
  active.focus();
  return active.key(key);
}
