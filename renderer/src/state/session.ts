/**
 * What a reload restores (localStorage, whitelisted fields only): the list tab that was shown and
 * the Listener settings. Values are checked field by field with core/engine/settings.ts (the one
 * settings parser): distance, bearing and sliders are clamped or wrapped into their ranges like
 * the panel's controls do (`clampSetting`); anything else the parser refuses (unknown path or
 * mode, a negative volume, a non-boolean flag) falls back to the default. Transient state (playing, loading, errors) is never
 * written, so it can never come back.
 */
import {
  clampSetting,
  DEFAULT_SETTINGS,
  FLAG_KEYS,
  parseSettings,
  SLIDER_KEYS,
  type EnginePrefs,
  type EngineSettings,
} from '../../../core/engine';
import { useListener } from './listenerStore';
import { useNav, type ListTab } from './navStore';

const KEY = 'acsound.session.v1';

export interface SavedSession {
  tab: ListTab;
  listener: EngineSettings;
}

const SLIDERS = SLIDER_KEYS;
const FLAGS = FLAG_KEYS;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The session from its stored text, every field checked (null text or bad JSON: the defaults). */
export function parseSession(raw: string | null): SavedSession {
  const d = DEFAULT_SETTINGS;
  const out: SavedSession = { tab: 'soundTables', listener: { ...d, prefs: { ...d.prefs } } };
  if (!raw) return out;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof v !== 'object' || v === null) return out;
  const o = v as { tab?: unknown; listener?: Record<string, unknown> };
  if (o.tab === 'soundTables' || o.tab === 'waves' || o.tab === 'creatures' || o.tab === 'effects') out.tab = o.tab;
  const l = o.listener;
  if (typeof l !== 'object' || l === null) return out;
  const s = out.listener;
  // one field at a time through the parser: a bad field keeps its default, the rest still restore
  const accept = (field: Record<string, unknown>): EngineSettings | null => {
    try {
      return parseSettings(field, { defaults: s });
    } catch {
      return null;
    }
  };
  const apply = (field: Record<string, unknown>): void => {
    const next = accept(field);
    if (next) Object.assign(s, next);
  };
  apply({ path: l.path });
  apply({ mode: l.mode });
  if (finite(l.distance)) s.distance = clampSetting('distance', l.distance);
  if (finite(l.bearingDeg)) s.bearingDeg = clampSetting('bearingDeg', l.bearingDeg);
  apply({ volume: l.volume });
  const p = l.prefs as Partial<Record<keyof EnginePrefs, unknown>> | undefined;
  if (typeof p === 'object' && p !== null) {
    for (const k of SLIDERS) {
      const x = p[k];
      if (finite(x)) s.prefs = { ...s.prefs, [k]: clampSetting(`prefs.${k}`, x) };
    }
    for (const k of FLAGS) apply({ prefs: { [k]: p[k] } });
  }
  return out;
}

/** The stored text: the whitelisted fields only. */
export function serializeSession(tab: ListTab, l: EngineSettings): string {
  const prefs: Partial<EnginePrefs> = {};
  for (const k of SLIDERS) prefs[k] = l.prefs[k];
  for (const k of FLAGS) prefs[k] = l.prefs[k];
  return JSON.stringify({
    tab,
    listener: { path: l.path, mode: l.mode, distance: l.distance, bearingDeg: l.bearingDeg, volume: l.volume, prefs },
  });
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let started = false;

/** Restores the last session into the stores, then keeps it saved (called once at start-up). */
export function restoreSession(store: Pick<Storage, 'getItem' | 'setItem'> | null = storage()): void {
  if (started || !store) return;
  started = true;
  let raw: string | null = null;
  try {
    raw = store.getItem(KEY);
  } catch {
    // storage disabled: start from the defaults
  }
  if (raw) {
    const s = parseSession(raw);
    useListener.setState(s.listener);
    useNav.setState({ tab: s.tab });
  }
  let last = '';
  const save = (): void => {
    const text = serializeSession(useNav.getState().tab, useListener.getState());
    if (text === last) return;
    last = text;
    try {
      store.setItem(KEY, text);
    } catch {
      // storage full or disabled: the settings still apply for this session
    }
  };
  useListener.subscribe(save);
  useNav.subscribe((n, prev) => {
    if (n.tab !== prev.tab) save();
  });
}
