/**
 * The graph store (renderer/src/state/graphStore.ts) against a fake bridge: the background build
 * followed to ready and its lists installed, references and creatures asked once per dat, answers
 * for an older dat dropped, and a timeline asked again only when what shapes it changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphStatus, Timeline, TimelineRequest } from '../../../core/contract';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../../core/engine';
import { setBridge, type ServiceBridge } from '../bridge';
import {
  GRAPH_POLL_MS,
  loadReferences,
  loadTimeline,
  startGraphFor,
  timelineKey,
  timelineSettings,
  useGraph,
} from './graphStore';

const status = (state: GraphStatus['state'], done = 0): GraphStatus => ({
  state,
  done,
  total: 10,
  errorCount: 0,
  warnings: [],
  buildMs: state === 'ready' ? 5 : null,
  error: null,
});

function fakeBridge(over: Partial<Record<keyof ServiceBridge, unknown>> = {}) {
  const calls: Record<string, unknown[][]> = {};
  const track =
    <T>(name: string, f: (...a: unknown[]) => T) =>
    (...a: unknown[]): T => {
      (calls[name] ??= []).push(a);
      return f(...a);
    };
  const statuses = [status('building', 3), status('building', 7), status('ready', 10)];
  const b = {
    startGraph: track('startGraph', async () => status('building', 0)),
    getGraphStatus: track('getGraphStatus', async () => statuses.shift() ?? status('ready', 10)),
    listCreatures: track('listCreatures', async () => [{ id: 0x02000001 }]),
    listEffects: track('listEffects', async () => [{ id: 0x33000001 }]),
    getUsedByCounts: track('getUsedByCounts', async () => [{ id: 0x0a000010, count: 3 }]),
    getSoundGraph: track('getSoundGraph', async () => ({ setups: [] })),
    getReferences: track('getReferences', async () => [{ from: 0x20000001 }]),
    getTimeline: track('getTimeline', async (r) => ({ setupId: (r as TimelineRequest).setupId }) as Timeline),
    ...over,
  };
  setBridge(b as unknown as ServiceBridge);
  return { calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
});

describe('graph store: the background build', () => {
  it('a new dat forgets the old graph at once; the build starts when `later` calls back, not for a dat already replaced (issue #9)', async () => {
    const { calls } = fakeBridge();
    const pending: (() => void)[] = [];
    startGraphFor(11, (f) => pending.push(f));
    expect(useGraph.getState().generation).toBe(11);
    expect(calls.startGraph).toBeUndefined(); // not while the first rows are being painted
    startGraphFor(12, (f) => pending.push(f));
    for (const f of pending) f();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.startGraph).toHaveLength(1); // only the dat still listed
  });

  it('follows the build while it is building, then installs the lists and the used-by counts', async () => {
    const { calls } = fakeBridge();
    startGraphFor(1);
    await vi.advanceTimersByTimeAsync(GRAPH_POLL_MS * 4);
    const s = useGraph.getState();
    expect(calls.getGraphStatus!.length).toBeGreaterThanOrEqual(3);
    expect(s.status?.state).toBe('ready');
    expect(s.creatures).toEqual([{ id: 0x02000001 }]);
    expect(s.effects).toEqual([{ id: 0x33000001 }]);
    expect(s.usedBy?.get(0x0a000010)).toBe(3);
  });

  it('answers for an older dat are dropped when a new one is listed meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    fakeBridge({
      startGraph: async () => {
        await gate;
        return status('ready', 10);
      },
    });
    startGraphFor(1);
    useGraph.setState({ generation: 2 }); // another dat was listed
    release();
    await vi.advanceTimersByTimeAsync(GRAPH_POLL_MS);
    expect(useGraph.getState().status).toBeNull();
    expect(useGraph.getState().creatures).toBeNull();
  });
});

describe('graph store: references', () => {
  it('asks once per dat for the references of an id', async () => {
    const { calls } = fakeBridge();
    startGraphFor(3);
    await loadReferences(0x0a000010);
    await loadReferences(0x0a000010);
    expect(calls.getReferences).toHaveLength(1);
    expect(useGraph.getState().refs[0x0a000010]).toEqual([{ from: 0x20000001 }]);
    startGraphFor(4); // a new dat forgets them
    await loadReferences(0x0a000010);
    expect(calls.getReferences).toHaveLength(2);
  });
});

describe('graph store: a timeline is asked again only when what shapes it changes', () => {
  const request = (s: EngineSettings): TimelineRequest => ({
    setupId: 0x02000001,
    motion: 0x10000051,
    speed: 1,
    seed: 1,
    settings: timelineSettings(s),
  });

  it('the Listener’s path and volume (set per hook) do not change the key; distance, bearing, mode, prefs do', () => {
    const base = timelineKey(request(DEFAULT_SETTINGS));
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, path: 'network' }))).toBe(base);
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, volume: 0.3 }))).toBe(base);
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, distance: 10 }))).not.toBe(base);
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, bearingDeg: 90 }))).not.toBe(base);
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, mode: 'authored' }))).not.toBe(base);
    const prefs = { ...DEFAULT_SETTINGS.prefs, effectVolume: 0.5 };
    expect(timelineKey(request({ ...DEFAULT_SETTINGS, prefs }))).not.toBe(base);
  });

  it('loadTimeline asks the service once for the same shaping inputs, again when they change', async () => {
    const { calls } = fakeBridge();
    startGraphFor(5);
    await loadTimeline(request(DEFAULT_SETTINGS));
    await loadTimeline(request({ ...DEFAULT_SETTINGS, path: 'interface-wave', volume: 0.2 }));
    expect(calls.getTimeline).toHaveLength(1);
    await loadTimeline(request({ ...DEFAULT_SETTINGS, distance: 12 }));
    expect(calls.getTimeline).toHaveLength(2);
  });
});
