/**
 * UI preferences that stick across sessions (localStorage, whitelisted fields only): auto-play
 * on select, loop (not retail), the play-as-the-game seed, the preview volume, the export naming
 * template. Transient status is never persisted.
 */
import { create } from 'zustand';
import { nearestSeed } from '../../../core/engine';
import { DEFAULT_NAME_TEMPLATE } from '../../../core/exportNames';
import { storedObject } from '../lib/storedJson';

export interface PrefsState {
  autoPlay: boolean;
  loop: boolean;
  seed: number;
  /**
   * The preview (monitor) volume in dB, −60…0: a gain applied after the engine's output, like a
   * headphone knob — not the game's sliders, and never part of an export. −60 dB is silence.
   */
  previewDb: number;
  /**
   * The Export dialog's naming template (docs/export-names.md), e.g. `{table}/{cue}_{id}`; kept
   * as typed, also when it is not a valid template (the dialog explains why and will not export).
   */
  exportNameTemplate: string;
}

/** The preview volume's range in dB; at the floor it is silence. */
export const PREVIEW_DB_MIN = -60;
export const PREVIEW_DB_MAX = 0;

/** The linear gain of a preview volume in dB (0 at the floor). */
export function previewGain(db: number): number {
  return db <= PREVIEW_DB_MIN ? 0 : 10 ** (db / 20);
}

const KEY = 'acsound.prefs.v1';
const DEFAULTS: PrefsState = {
  autoPlay: false,
  loop: false,
  seed: 1,
  previewDb: 0,
  exportNameTemplate: DEFAULT_NAME_TEMPLATE,
};

/** The longest naming template kept (a longer stored value is not a template anyone typed). */
const MAX_TEMPLATE = 400;

/** Reads persisted prefs, keeping only known fields of the right type. */
export function loadPrefs(storage: Pick<Storage, 'getItem'> | null): PrefsState {
  if (!storage) return { ...DEFAULTS };
  try {
    const p: Partial<Record<keyof PrefsState, unknown>> | null = storedObject(storage.getItem(KEY));
    if (!p) return { ...DEFAULTS };
    return {
      autoPlay: typeof p.autoPlay === 'boolean' ? p.autoPlay : DEFAULTS.autoPlay,
      loop: typeof p.loop === 'boolean' ? p.loop : DEFAULTS.loop,
      seed: typeof p.seed === 'number' && nearestSeed(p.seed) === p.seed ? p.seed : DEFAULTS.seed,
      previewDb:
        typeof p.previewDb === 'number' && p.previewDb >= PREVIEW_DB_MIN && p.previewDb <= PREVIEW_DB_MAX
          ? p.previewDb
          : DEFAULTS.previewDb,
      exportNameTemplate:
        typeof p.exportNameTemplate === 'string' && p.exportNameTemplate.length <= MAX_TEMPLATE
          ? p.exportNameTemplate
          : DEFAULTS.exportNameTemplate,
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
      JSON.stringify({
        autoPlay: s.autoPlay,
        loop: s.loop,
        seed: s.seed,
        previewDb: s.previewDb,
        exportNameTemplate: s.exportNameTemplate,
      }),
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

/** Sets the play-as-the-game seed, as core/engine `nearestSeed` makes it (0…4294967295, whole). */
export function setSeed(seed: number): void {
  usePrefs.setState({ seed: nearestSeed(seed) });
  persist();
}

/** The preview volume in dB, clamped to −60…0 (see {@link PrefsState.previewDb}). */
export function setPreviewDb(db: number): void {
  usePrefs.setState({ previewDb: Math.max(PREVIEW_DB_MIN, Math.min(PREVIEW_DB_MAX, Math.round(db))) });
  persist();
}

/** The export naming template as typed (at most 400 characters; see {@link PrefsState.exportNameTemplate}). */
export function setExportNameTemplate(template: string): void {
  usePrefs.setState({ exportNameTemplate: template.slice(0, MAX_TEMPLATE) });
  persist();
}
