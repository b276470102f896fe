/**
 * What a reload restores (localStorage, whitelisted fields only): the list tab that was shown,
 * the Listener settings, and — when the same dat opens again — the item that was open and each
 * list's scroll offset (issue #10 defect 9). Values are checked field by field with core/engine/settings.ts (the one
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
import { useDat } from './datStore';
import { useListener } from './listenerStore';
import { openTarget, useNav, type ListTab, type Target } from './navStore';
import { datKey, openDatOf } from './recentStore';
import { storedObject } from '../lib/storedJson';

const KEY = 'acsound.session.v1';

/** What was open in which dat ({@link datKey}), and where each list was scrolled (px). */
export interface SavedView {
  dat: string;
  open: Target | null;
  scroll: Record<ListTab, number>;
}

export interface SavedSession {
  tab: ListTab;
  listener: EngineSettings;
  /** Restored only when the same dat opens again; null: nothing to restore. */
  view: SavedView | null;
}

const TABS: readonly ListTab[] = ['soundTables', 'waves', 'creatures', 'effects'];
const KINDS: readonly Target['kind'][] = ['table', 'wave', 'creature', 'effect'];

/** The view from its stored shape, or null when any part of it is not what was written. */
function parseView(v: unknown): SavedView | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as { dat?: unknown; open?: unknown; scroll?: unknown };
  if (typeof o.dat !== 'string' || o.dat.length === 0) return null;
  let open: Target | null = null;
  if (o.open !== null && o.open !== undefined) {
    const t = o.open as { kind?: unknown; id?: unknown };
    const id = t.id;
    if (
      !KINDS.includes(t.kind as Target['kind']) ||
      typeof id !== 'number' ||
      !Number.isInteger(id) ||
      id < 0 ||
      id > 0xffffffff
    )
      return null;
    open = { kind: t.kind as Target['kind'], id };
  }
  const scroll: Record<ListTab, number> = { soundTables: 0, waves: 0, creatures: 0, effects: 0 };
  if (typeof o.scroll === 'object' && o.scroll !== null)
    for (const k of TABS) {
      const x = (o.scroll as Record<string, unknown>)[k];
      if (finite(x) && x >= 0) scroll[k] = x;
    }
  return { dat: o.dat, open, scroll };
}

const SLIDERS = SLIDER_KEYS;
const FLAGS = FLAG_KEYS;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The session from its stored text, every field checked (null text or bad JSON: the defaults). */
export function parseSession(raw: string | null): SavedSession {
  const d = DEFAULT_SETTINGS;
  const out: SavedSession = { tab: 'soundTables', listener: { ...d, prefs: { ...d.prefs } }, view: null };
  const v = storedObject(raw);
  if (!v) return out;
  const o = v as { tab?: unknown; listener?: Record<string, unknown>; view?: unknown };
  if (o.tab === 'soundTables' || o.tab === 'waves' || o.tab === 'creatures' || o.tab === 'effects') out.tab = o.tab;
  out.view = parseView(o.view);
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
export function serializeSession(tab: ListTab, l: EngineSettings, view: SavedView | null = null): string {
  const prefs: Partial<EnginePrefs> = {};
  for (const k of SLIDERS) prefs[k] = l.prefs[k];
  for (const k of FLAGS) prefs[k] = l.prefs[k];
  return JSON.stringify({
    tab,
    listener: { path: l.path, mode: l.mode, distance: l.distance, bearingDeg: l.bearingDeg, volume: l.volume, prefs },
    view: view && {
      dat: view.dat,
      open: view.open && { kind: view.open.kind, id: view.open.id },
      scroll: { ...view.scroll },
    },
  });
}

/** The view of the open dat now (null when no dat is open). */
function currentView(): SavedView | null {
  const dat = openDatOf();
  if (!dat) return null;
  const n = useNav.getState();
  return { dat: datKey(dat.path), open: n.current, scroll: n.scroll };
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
  // The opened item and the scroll wait for the first dat to be listed: restored if it is the same dat.
  let pending: SavedView | null = null;
  if (raw) {
    const s = parseSession(raw);
    useListener.setState(s.listener);
    useNav.setState({ tab: s.tab });
    pending = s.view;
  }
  const restoreView = (): void => {
    const view = pending;
    pending = null;
    const dat = openDatOf();
    if (!view || !dat || datKey(dat.path) !== view.dat) return;
    useNav.setState({ scroll: { ...view.scroll } });
    if (view.open) openTarget(view.open);
  };
  let last = '';
  const save = (): void => {
    // until the first dat is listed, the saved view stays as it was (the start-up reset must not erase it)
    const text = serializeSession(useNav.getState().tab, useListener.getState(), pending ?? currentView());
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
    if (n.tab !== prev.tab || n.current !== prev.current || n.scroll !== prev.scroll) save();
  });
  useDat.subscribe((d, prev) => {
    if (d.generation === prev.generation) return;
    restoreView();
    save();
  });
  if (useDat.getState().generation > 0) restoreView();
}
