import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatSummary } from '../../../core/contract';
import { useDat } from './datStore';
import { openTarget, resetNav } from './navStore';
import {
  connectRecent,
  parseRecent,
  RECENT_DATS_MAX,
  RECENT_ITEMS_MAX,
  serializeRecent,
  useRecent,
  withDat,
  withItem,
} from './recentStore';

const summary = (path: string, demo = false): DatSummary => ({ path, demo }) as unknown as DatSummary;

function memoryStore(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

let undo: (() => void) | null = null;
afterEach(() => {
  undo?.();
  undo = null;
  vi.useRealTimers();
  resetNav();
});

describe('recent history (items and dats)', () => {
  it("withItem: the item goes first among its dat's items, once, capped", () => {
    let s = withDat({ dats: [], items: {} }, { path: '/a.dat' });
    for (let i = 0; i < RECENT_ITEMS_MAX + 3; i++) s = withItem(s, '/a.dat', { kind: 'wave', id: i, label: null });
    s = withItem(s, '/a.dat', { kind: 'wave', id: 5, label: null });
    const ids = s.items['/a.dat']!.map((i) => i.id);
    expect(ids).toHaveLength(RECENT_ITEMS_MAX);
    expect(ids[0]).toBe(5);
    expect(ids.filter((x) => x === 5)).toHaveLength(1);
  });
  it('withDat: the dat goes first, capped; a dat that falls off forgets its items', () => {
    let s = withItem(withDat({ dats: [], items: {} }, { path: '/0.dat' }), '/0.dat', {
      kind: 'table',
      id: 0x20000001,
      label: 'Human (male)',
    });
    for (let i = 1; i <= RECENT_DATS_MAX; i++) s = withDat(s, { path: `/${i}.dat` });
    expect(s.dats).toHaveLength(RECENT_DATS_MAX);
    expect(s.dats[0]!.path).toBe(`/${RECENT_DATS_MAX}.dat`);
    expect(s.items['/0.dat']).toBeUndefined();
    s = withDat(s, { path: '/3.dat' });
    expect(s.dats.map((d) => d.path).filter((p) => p === '/3.dat')).toHaveLength(1);
    expect(s.dats[0]!.path).toBe('/3.dat');
  });
  it('persists: round-trips; bad entries and bad JSON are dropped', () => {
    const s = withItem(withDat({ dats: [], items: {} }, { path: null }), 'demo', {
      kind: 'creature',
      id: 0x02000001,
      label: 'Drudge',
    });
    expect(parseRecent(serializeRecent(s))).toEqual(s);
    const raw = JSON.stringify({
      dats: [{ path: '/a.dat' }, { path: 7 }, { path: '' }, { path: '/a.dat' }],
      items: {
        '/a.dat': [
          { kind: 'wave', id: 1, label: null },
          { kind: 'census', id: 2, label: null },
          { kind: 'wave', id: -1 },
        ],
        '/unknown.dat': [{ kind: 'wave', id: 1, label: null }],
      },
      playing: true,
    });
    expect(parseRecent(raw)).toEqual({
      dats: [{ path: '/a.dat' }],
      items: { '/a.dat': [{ kind: 'wave', id: 1, label: null }] },
    });
    expect(parseRecent('{oops')).toEqual({ dats: [], items: {} });
  });
  it('records each opened dat and each item that stays open, and saves them', () => {
    vi.useFakeTimers();
    const store = memoryStore();
    undo = connectRecent(store, 500);
    useDat.setState((s) => ({ summary: summary('/x/client_portal.dat'), generation: s.generation + 1 }));
    expect(useRecent.getState().dats[0]).toEqual({ path: '/x/client_portal.dat' });
    openTarget({ kind: 'wave', id: 0x0a000010 });
    openTarget({ kind: 'wave', id: 0x0a000011 }); // moved on at once: not recorded
    vi.advanceTimersByTime(200);
    openTarget({ kind: 'wave', id: 0x0a000012 });
    vi.advanceTimersByTime(600);
    expect(useRecent.getState().items['/x/client_portal.dat']).toEqual([{ kind: 'wave', id: 0x0a000012, label: null }]);
    const saved = parseRecent(store.m.get('acsound.recent.v1') ?? null);
    expect(saved.items['/x/client_portal.dat']![0]!.id).toBe(0x0a000012);
    // a reload loads what was saved
    undo();
    useRecent.setState({ dats: [], items: {} });
    undo = connectRecent(store, 500);
    expect(useRecent.getState().dats[0]!.path).toBe('/x/client_portal.dat');
  });
});
