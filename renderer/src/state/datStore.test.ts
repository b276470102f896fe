import { afterEach, describe, expect, it } from 'vitest';
import type { DatSummary, SoundTableDetail, SoundTableInfo, WaveUsage } from '../../../core/contract';
import { setBridge, type ServiceBridge } from '../bridge';
import { loadSoundTable, loadWaveUsage, onDatChanged, openDat, useDat } from './datStore';
import { openTarget, useNav } from './navStore';

const summary = (path: string): DatSummary =>
  ({ path, demo: false, format: 'eor', blockSize: 1024, fileSize: 1, dataSet: 1, entryCount: 2, iteration: 1, waveCount: 0, soundTableCount: 2, openMs: 1, warnings: [] }) as DatSummary;
const table = (id: number): SoundTableInfo => ({ id, label: null, soundTypeCount: 0, entryCount: 0, sounds: [], warnings: [], error: null });
const detail = (id: number, label: string): SoundTableDetail => ({ id, label, hashKey: 0, rootEntries: [], sounds: [] });

/**
 * A bridge whose listSoundTableDetails / getSoundTable / getWaveUsage answers wait until the test
 * releases them (`bulk: 'fail'` makes listSoundTableDetails reject on release).
 */
function fakeBridge(options: { bulk?: 'ok' | 'fail' } = {}) {
  const waiting: { id: number | string; path: string; resolve: () => void }[] = [];
  const calls: string[] = [];
  let path = '';
  const later = <T,>(id: number | string, value: () => T): Promise<T> => {
    const at = path;
    calls.push(`${at}:${id}`);
    return new Promise<T>((resolve, reject) =>
      waiting.push({
        id,
        path: at,
        resolve: () => {
          try {
            resolve(value());
          } catch (e) {
            reject(e);
          }
        },
      }),
    );
  };
  const bridge = {
    openDat: async (p: string) => {
      path = p;
      return summary(p);
    },
    listWaves: async () => [],
    listSoundTables: async () => [table(1), table(2)],
    getSoundTable: (id: number) => {
      const at = path;
      return later(id, () => detail(id, at));
    },
    listSoundTableDetails: () => {
      const at = path;
      return later('bulk', () => {
        if (options.bulk === 'fail') throw Object.assign(new Error('no such method'), { name: 'UnknownMethodError' });
        return [detail(1, at), detail(2, at)];
      });
    },
    getWaveUsage: (id: number): Promise<WaveUsage[]> => {
      const at = path;
      return later(id, () => [{ tableId: at === 'a.dat' ? 0xa : 0xb, soundType: 1, name: 'x', entryIndex: 0 }]);
    },
  } as unknown as ServiceBridge;
  const release = async (p: string) => {
    for (const w of waiting.filter((x) => x.path === p)) w.resolve();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { bridge, calls, release };
}

afterEach(() => setBridge(null));

describe('dat store: a new dat', () => {
  it('drops late answers from the previous dat; resets navigation and the registered handlers in the same step', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    let changes = 0;
    onDatChanged(() => changes++);
    await openDat('a.dat');
    expect(changes).toBe(1);
    const lateTable = loadSoundTable(1);
    void loadWaveUsage(7);
    openTarget({ kind: 'wave', id: 7 });
    expect(useNav.getState().current).not.toBeNull();

    await openDat('b.dat');
    expect(changes).toBe(2);
    expect(useNav.getState().current).toBeNull(); // resetNav ran inside the store action
    expect(useNav.getState().selectedWaves).toEqual([]);

    await fake.release('a.dat');
    expect(await lateTable).toBeNull();
    expect(useDat.getState().tableDetails[1]).toBeUndefined();
    expect(useDat.getState().usage[7]).toBeUndefined();

    await fake.release('b.dat');
    expect(useDat.getState().tableDetails[1]?.label).toBe('b.dat');
  });

  it('one listSoundTableDetails per dat indexes every table; a view opened meanwhile waits for it (no getSoundTable)', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    await openDat('c.dat');
    expect(useDat.getState()).toMatchObject({ indexDone: 0, indexTotal: 2 });
    const viewed = loadSoundTable(1);
    await fake.release('c.dat');
    expect((await viewed)?.label).toBe('c.dat');
    expect(fake.calls.filter((c) => c.startsWith('c.dat:'))).toEqual(['c.dat:bulk']);
    expect(useDat.getState()).toMatchObject({ indexDone: 2, indexTotal: 2 });
    expect(useDat.getState().tableDetails[2]?.label).toBe('c.dat');
    expect(await loadSoundTable(1)).toBe(useDat.getState().tableDetails[1]);
    expect(fake.calls.filter((c) => c.startsWith('c.dat:'))).toEqual(['c.dat:bulk']);
  });

  it('a late bulk answer for the previous dat is dropped; the new dat commits its own', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    await openDat('d.dat');
    await openDat('e.dat');
    await fake.release('d.dat');
    expect(useDat.getState().tableDetails).toEqual({});
    expect(useDat.getState().indexDone).toBe(0);
    await fake.release('e.dat');
    expect(useDat.getState().tableDetails[1]?.label).toBe('e.dat');
    expect(useDat.getState()).toMatchObject({ indexDone: 2, indexTotal: 2 });
  });

  it('falls back to one getSoundTable per table when the bulk call fails', async () => {
    const fake = fakeBridge({ bulk: 'fail' });
    setBridge(fake.bridge);
    await openDat('f.dat');
    await fake.release('f.dat'); // the bulk call fails → per-table requests start
    await fake.release('f.dat');
    expect(fake.calls.filter((c) => c.startsWith('f.dat:')).sort()).toEqual(['f.dat:1', 'f.dat:2', 'f.dat:bulk']);
    expect(useDat.getState().tableDetails[2]?.label).toBe('f.dat');
    expect(useDat.getState()).toMatchObject({ indexDone: 2, indexTotal: 2 });
  });
});

describe('dat store: the entry count', () => {
  /** openDat answers entryCount null (as the service does); getSummary waits until released, per dat. */
  function countingBridge(count: (path: string) => number | null) {
    let path = '';
    const waiting: { path: string; resolve: () => void }[] = [];
    let summaries = 0;
    const bridge = {
      openDat: async (p: string) => {
        path = p;
        return { ...summary(p), entryCount: null };
      },
      getSummary: () => {
        summaries++;
        const at = path;
        return new Promise<DatSummary>((resolve) =>
          waiting.push({ path: at, resolve: () => resolve({ ...summary(at), entryCount: count(at), warnings: count(at) === null ? ['entry count unavailable'] : [] }) }),
        );
      },
      listWaves: async () => [],
      listSoundTables: async () => [],
      listSoundTableDetails: async () => [],
    } as unknown as ServiceBridge;
    const release = async (p: string) => {
      for (const w of waiting.filter((x) => x.path === p)) w.resolve();
      await new Promise((r) => setTimeout(r, 0));
    };
    return { bridge, release, summaries: () => summaries };
  }

  it('is fetched once in the background after an open and shown when it arrives', async () => {
    const fake = countingBridge(() => 1234);
    setBridge(fake.bridge);
    await openDat('g.dat');
    expect(useDat.getState().summary).toMatchObject({ path: 'g.dat', entryCount: null }); // "—" while unknown
    expect(fake.summaries()).toBe(1);
    await fake.release('g.dat');
    expect(useDat.getState().summary).toMatchObject({ path: 'g.dat', entryCount: 1234 });
    expect(fake.summaries()).toBe(1);
  });

  it('a count answered for a dat that is no longer open is dropped', async () => {
    const fake = countingBridge((p) => (p === 'h.dat' ? 11 : 22));
    setBridge(fake.bridge);
    await openDat('h.dat');
    await openDat('i.dat');
    await fake.release('h.dat');
    expect(useDat.getState().summary).toMatchObject({ path: 'i.dat', entryCount: null });
    await fake.release('i.dat');
    expect(useDat.getState().summary).toMatchObject({ path: 'i.dat', entryCount: 22 });
  });

  it('an unavailable count stays null and its warning joins the dat warnings', async () => {
    const fake = countingBridge(() => null);
    setBridge(fake.bridge);
    await openDat('j.dat');
    await fake.release('j.dat');
    expect(useDat.getState().summary).toMatchObject({ entryCount: null, warnings: ['entry count unavailable'] });
  });
});
