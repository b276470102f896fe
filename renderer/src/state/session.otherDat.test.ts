import { describe, expect, it } from 'vitest';
import type { DatSummary } from '../../../core/contract';
import { DEFAULT_SETTINGS } from '../../../core/engine';
import { useDat } from './datStore';
import { useNav } from './navStore';
import { restoreSession, serializeSession } from './session';

describe('session: the opened item and scroll belong to their dat', () => {
  it('another dat opening after a reload restores neither the item nor the scroll', () => {
    const saved = new Map<string, string>([
      [
        'acsound.session.v1',
        serializeSession('waves', DEFAULT_SETTINGS, {
          dat: '/x/client_portal.dat',
          open: { kind: 'table', id: 0x20000001 },
          scroll: { soundTables: 120, waves: 0, creatures: 0, effects: 0 },
        }),
      ],
    ]);
    restoreSession({ getItem: (k) => saved.get(k) ?? null, setItem: (k, v) => void saved.set(k, v) });
    useDat.setState((s) => ({ summary: { path: null, demo: true } as DatSummary, generation: s.generation + 1 }));
    expect(useNav.getState().current).toBeNull();
    expect(useNav.getState().scroll.soundTables).toBe(0);
    expect(JSON.parse(saved.get('acsound.session.v1')!).view).toMatchObject({ dat: 'demo', open: null });
  });
});
