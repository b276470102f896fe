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
export const useListFocus = create<{ tick: number; handled: number }>()(() => ({ tick: 0, handled: 0 }));

export function requestListFocus(): void {
  useListFocus.setState((s) => ({ tick: s.tick + 1 }));
}

/** Called by the grid: true when a focus request is pending (and marks it handled). */
export function takeListFocusRequest(): boolean {
  const s = useListFocus.getState();
  if (s.tick <= s.handled) return false;
  useListFocus.setState({ handled: s.tick });
  return true;
}

/** Sends a key to the visible list (focusing it first). */
export function activeListKey(key: string): boolean {
  if (!active) return false;
  active.focus();
  return active.key(key);
}
