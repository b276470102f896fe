import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../core/engine';
import { parseSession, restoreSession, serializeSession } from './session';
import { useListener } from './listenerStore';
import { useNav } from './navStore';

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
    expect(parseSession(serializeSession('waves', l))).toEqual({ tab: 'waves', listener: l });
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
  });
  it('restores into the stores and saves changes', () => {
    const saved = new Map<string, string>([
      [
        'acsound.session.v1',
        serializeSession('waves', { ...DEFAULT_SETTINGS, distance: 10, prefs: { ...DEFAULT_SETTINGS.prefs } }),
      ],
    ]);
    restoreSession({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v) });
    expect(useNav.getState().tab).toBe('waves');
    expect(useListener.getState().distance).toBe(10);
    useListener.setState({ distance: 20 });
    expect(JSON.parse(saved.get('acsound.session.v1')!).listener.distance).toBe(20);
  });
});
