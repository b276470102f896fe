/**
 * UI preferences that stick across sessions (localStorage, whitelisted fields only): auto-play
 * on select, loop (not retail), the play-as-the-game seed. Transient status is never persisted.
 */
import { create } from 'zustand';

export interface PrefsState {
  autoPlay: boolean;
  loop: boolean;
  seed: number;
}

const KEY = 'acsound.prefs.v1';
const DEFAULTS: PrefsState = { autoPlay: false, loop: false, seed: 1 };

/** Reads persisted prefs, keeping only known fields of the right type. */
export function loadPrefs(storage: Pick<Storage, 'getItem'> | null): PrefsState {
  if (!storage) return { ...DEFAULTS };
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return { ...DEFAULTS };
    const p = JSON.parse(raw) as Partial<Record<keyof PrefsState, unknown>>;
    return {
      autoPlay: typeof p.autoPlay === 'boolean' ? p.autoPlay : DEFAULTS.autoPlay,
      loop: typeof p.loop === 'boolean' ? p.loop : DEFAULTS.loop,
      seed: typeof p.seed === 'number' && Number.isInteger(p.seed) ? p.seed : DEFAULTS.seed,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const usePrefs = create<PrefsState>()(() => loadPrefs(storage()));

function persist(): void {
  const s = usePrefs.getState();
  try {
    storage()?.setItem(KEY, JSON.stringify({ autoPlay: s.autoPlay, loop: s.loop, seed: s.seed }));
  } catch {
    // storage full or disabled: the preference still applies for this session
  }
}

export function setAutoPlay(autoPlay: boolean): void {
  usePrefs.setState({ autoPlay });
  persist();
}

export function setLoop(loop: boolean): void {
  usePrefs.setState({ loop });
  persist();
}

export function setSeed(seed: number): void {
  usePrefs.setState({ seed: Math.trunc(seed) });
  persist();
}
