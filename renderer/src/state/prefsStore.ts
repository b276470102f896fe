/**
 * UI preferences that stick across sessions (localStorage, whitelisted fields only): auto-play
 * on select, loop (not retail), the play-as-the-game seed, the preview volume. Transient status is
 * never persisted.
 */
import { create } from 'zustand';

export interface PrefsState {
  autoPlay: boolean;
  loop: boolean;
  seed: number;
  /**
   * The preview (monitor) volume in dB, −60…0: a gain applied after the engine's output, like a
   * headphone knob — not the game's sliders, and never part of an export. −60 dB is silence.
   */
  previewDb: number;
}

/** The preview volume's range in dB; at the floor it is silence. */
export const PREVIEW_DB_MIN = -60;
export const PREVIEW_DB_MAX = 0;

/** The linear gain of a preview volume in dB (0 at the floor). */
export function previewGain(db: number): number {
  return db <= PREVIEW_DB_MIN ? 0 : 10 ** (db / 20);
}

const KEY = 'acsound.prefs.v1';
const DEFAULTS: PrefsState = { autoPlay: false, loop: false, seed: 1, previewDb: 0 };

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
      previewDb:
        typeof p.previewDb === 'number' && p.previewDb >= PREVIEW_DB_MIN && p.previewDb <= PREVIEW_DB_MAX
          ? p.previewDb
          : DEFAULTS.previewDb,
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
    storage()?.setItem(
      KEY,
      JSON.stringify({ autoPlay: s.autoPlay, loop: s.loop, seed: s.seed, previewDb: s.previewDb }),
    );
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

/** The preview volume in dB, clamped to −60…0 (see {@link PrefsState.previewDb}). */
export function setPreviewDb(db: number): void {
  usePrefs.setState({ previewDb: Math.max(PREVIEW_DB_MIN, Math.min(PREVIEW_DB_MAX, Math.round(db))) });
  persist();
}
