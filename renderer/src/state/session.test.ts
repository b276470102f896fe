import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../core/engine';
import { parseSession, restoreSession, serializeSession } from './session';
import { useListener } from './listenerStore';
import { resetNav, saveScroll, useNav } from './navStore';
import { useDat } from './datStore';
import type { DatSummary } from '../../../core/contract';

describe('session (reload restores the tab and the Listener)', () => {
  it('round-trips the whitelisted fields', () => {
    const l = {
      ...DEFAULT_SETTINGS,
      path: 'network' as const,
      mode: 'authored' as const,
      distance: 12.345,
      bearingDeg: 64.158,
      volume: 0.5,
      prefs: { ...DEFAULT_SETTINGS.prefs, mono: true, effectVolume: 0.25 },
    };
    expect(parseSession(serializeSession('waves', l))).toEqual({ tab: 'waves', listener: l, view: null });
    const view = {
      dat: '/x/client_portal.dat',
      open: { kind: 'wave' as const, id: 0x0a000012 },
      scroll: { soundTables: 0, waves: 220, creatures: 0, effects: 44 },
    };
    expect(parseSession(serializeSession('waves', l, view)).view).toEqual(view);
  });
  it('drops unknown, mistyped and transient fields; clamps out-of-range values', () => {
    const raw = JSON.stringify({
      tab: 'census',
      playing: true,
      listener: {
        path: 'nowhere',
        mode: 'loud',
        distance: 999,
        bearingDeg: 270,
        volume: -1,
        prefs: { effectVolume: 3, mono: 'yes', playing: true },
      },
    });
    const s = parseSession(raw);
    expect(s.tab).toBe('soundTables');
    expect(s.listener).toEqual({
      ...DEFAULT_SETTINGS,
      distance: 200,
      bearingDeg: -90,
      prefs: { ...DEFAULT_SETTINGS.prefs, effectVolume: 1 },
    });
    expect(JSON.parse(serializeSession('waves', s.listener))).not.toHaveProperty('playing');
    expect(parseSession('{not json')).toEqual(parseSession(null));
    const badView = (view: unknown) => parseSession(JSON.stringify({ tab: 'waves', view })).view;
    expect(badView({ dat: '', open: null })).toBeNull();
    expect(badView({ dat: '/a.dat', open: { kind: 'census', id: 1 } })).toBeNull();
    expect(badView({ dat: '/a.dat', open: { kind: 'wave', id: 1.5 } })).toBeNull();
    expect(badView({ dat: '/a.dat', open: null, scroll: { waves: -3, effects: 'x', playing: 1 } })).toEqual({
      dat: '/a.dat',
      open: null,
      scroll: { soundTables: 0, waves: 0, creatures: 0, effects: 0 },
    });
  });
  it('restores into the stores and saves changes', () => {
    const saved = new Map<string, string>([
      [
        'acsound.session.v1',
        serializeSession(
          'waves',
          { ...DEFAULT_SETTINGS, distance: 10, prefs: { ...DEFAULT_SETTINGS.prefs } },
          {
            dat: '/x/client_portal.dat',
            open: { kind: 'wave', id: 0x0a000012 },
            scroll: { soundTables: 0, waves: 220, creatures: 0, effects: 0 },
          },
        ),
      ],
    ]);
    restoreSession({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v) });
    expect(useNav.getState().tab).toBe('waves');
    expect(useListener.getState().distance).toBe(10);
    useListener.setState({ distance: 20 });
    const stored = () => JSON.parse(saved.get('acsound.session.v1')!);
    expect(stored().listener.distance).toBe(20);
    // the start-up reset (lists not yet loaded) does not erase the saved item and scroll
    resetNav();
    expect(stored().view.open).toEqual({ kind: 'wave', id: 0x0a000012 });
    // the same dat is listed: the item opens again and each list's scroll comes back
    useDat.setState((s) => ({
      summary: { path: '/x/client_portal.dat', demo: false } as DatSummary,
      generation: s.generation + 1,
    }));
    expect(useNav.getState().current).toEqual({ kind: 'wave', id: 0x0a000012 });
    expect(useNav.getState().cursor.waves).toBe(0x0a000012);
    expect(useNav.getState().scroll.waves).toBe(220);
    // and what changes next is saved
    saveScroll('waves', 330);
    expect(stored().view).toMatchObject({ dat: '/x/client_portal.dat', scroll: { waves: 330 } });
  });
});
