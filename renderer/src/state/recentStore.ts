/**
 * History beyond back/forward (issue #10 "History"): the recently opened items (Waves,
 * SoundTables, Creatures, Effects) of each dat and the recently opened dats, newest first,
 * persisted in localStorage (`acsound.recent.v1`, whitelisted fields only, like the prefs and the
 * session). State only; {@link connectRecent} (called by the composition root) records what opens.
 */
import { create } from 'zustand';
import { useDat } from './datStore';
import { useGraph } from './graphStore';
import { tablesById } from './listSelectors';
import { useNav, type Target } from './navStore';
import { storedObject } from '../lib/storedJson';

export interface RecentItem {
  kind: Target['kind'];
  id: number;
  /** The SoundTable's or creature's label when it was opened, or null. */
  label: string | null;
}

export interface RecentDat {
  /** The dat's path; null: the bundled demo dat. */
  path: string | null;
}

export interface RecentState {
  dats: RecentDat[];
  /** Per dat ({@link datKey}), its recent items. */
  items: Record<string, RecentItem[]>;
}

export const RECENT_ITEMS_MAX = 12;
export const RECENT_DATS_MAX = 8;
/** An item enters the history once it has stayed open this long (holding ↓ does not flood it). */
export const RECENT_DWELL_MS = 600;
const KEY = 'acsound.recent.v1';

const KINDS: readonly Target['kind'][] = ['table', 'wave', 'creature', 'effect'];

/** The key of a dat's items: its path, or "demo". */
export function datKey(path: string | null): string {
  return path ?? 'demo';
}

const empty = (): RecentState => ({ dats: [], items: {} });

function isItem(v: unknown): v is RecentItem {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    KINDS.includes(o['kind'] as Target['kind']) &&
    typeof o['id'] === 'number' &&
    Number.isInteger(o['id']) &&
    (o['id'] as number) >= 0 &&
    (o['id'] as number) <= 0xffffffff &&
    (o['label'] === null || typeof o['label'] === 'string')
  );
}

/** The history from its stored text, every entry checked (bad entries are dropped, bad JSON: empty). */
export function parseRecent(raw: string | null): RecentState {
  const out = empty();
  const v = storedObject(raw);
  if (!v) return out;
  const o = v as { dats?: unknown; items?: unknown };
  if (Array.isArray(o.dats))
    for (const d of o.dats) {
      const path = (d as { path?: unknown } | null)?.path;
      if ((path === null || (typeof path === 'string' && path.length > 0)) && out.dats.length < RECENT_DATS_MAX)
        if (!out.dats.some((x) => x.path === path)) out.dats.push({ path });
    }
  if (typeof o.items === 'object' && o.items !== null)
    for (const [k, list] of Object.entries(o.items as Record<string, unknown>)) {
      if (!out.dats.some((d) => datKey(d.path) === k) || !Array.isArray(list)) continue;
      out.items[k] = list
        .filter(isItem)
        .slice(0, RECENT_ITEMS_MAX)
        .map((i) => ({ kind: i.kind, id: i.id, label: i.label }));
    }
  return out;
}

export function serializeRecent(s: RecentState): string {
  return JSON.stringify({ dats: s.dats, items: s.items });
}

/** The history with `item` first among its dat's items (moved there when already listed), capped. */
export function withItem(s: RecentState, dat: string, item: RecentItem): RecentState {
  const list = (s.items[dat] ?? []).filter((i) => !(i.kind === item.kind && i.id === item.id));
  return { ...s, items: { ...s.items, [dat]: [item, ...list].slice(0, RECENT_ITEMS_MAX) } };
}

/** The history with `dat` first among the dats, capped; the items of a dat that falls off are forgotten. */
export function withDat(s: RecentState, dat: RecentDat): RecentState {
  const dats = [dat, ...s.dats.filter((d) => d.path !== dat.path)].slice(0, RECENT_DATS_MAX);
  const keep = new Set(dats.map((d) => datKey(d.path)));
  const items: Record<string, RecentItem[]> = {};
  for (const [k, v] of Object.entries(s.items)) if (keep.has(k)) items[k] = v;
  return { dats, items };
}

export const useRecent = create<RecentState>()(empty);

/** The label an item is listed with: a SoundTable's or a creature's. */
function labelOf(t: Target): string | null {
  if (t.kind === 'table') return tablesById(useDat.getState().soundTables)[t.id]?.label ?? null;
  if (t.kind === 'creature') return useGraph.getState().creatures?.find((c) => c.id === t.id)?.label ?? null;
  return null;
}

/** The open dat as the history names it, or null when none is open. */
export function openDatOf(): RecentDat | null {
  const summary = useDat.getState().summary;
  if (!summary) return null;
  return { path: summary.demo ? null : summary.path };
}

/**
 * Loads the history from `store` and keeps it: each dat that opens, and each item that stays
 * open {@link RECENT_DWELL_MS}, goes first; every change is saved. Returns the undo function.
 */
export function connectRecent(
  store: Pick<Storage, 'getItem' | 'setItem'> | null,
  dwellMs = RECENT_DWELL_MS,
): () => void {
  let raw: string | null = null;
  try {
    raw = store?.getItem(KEY) ?? null;
  } catch {
    // storage disabled: an empty history
  }
  useRecent.setState(parseRecent(raw), true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const recordDat = (): void => {
    const dat = openDatOf();
    if (dat) useRecent.setState((s) => withDat(s, dat), true);
  };
  const unsubs = [
    useRecent.subscribe((s) => {
      try {
        store?.setItem(KEY, serializeRecent(s));
      } catch {
        // storage full or disabled: the history still works for this session
      }
    }),
    useDat.subscribe((s, prev) => {
      if (s.generation !== prev.generation) recordDat();
    }),
    useNav.subscribe((s, prev) => {
      const t = s.current;
      if (t === prev.current) return;
      clearTimeout(timer);
      if (!t) return;
      timer = setTimeout(() => {
        const dat = openDatOf();
        if (!dat || useNav.getState().current !== t) return;
        useRecent.setState((r) => withItem(r, datKey(dat.path), { kind: t.kind, id: t.id, label: labelOf(t) }), true);
      }, dwellMs);
    }),
  ];
  if (useDat.getState().summary) recordDat();
  return () => {
    clearTimeout(timer);
    for (const u of unsubs) u();
  };
}
