import { afterEach, describe, expect, it } from 'vitest';
import type { DatSummary, SoundTableDetail, SoundTableInfo, WaveUsage } from '../../../core/contract';
import { setBridge, type ServiceBridge } from '../bridge';
import { loadSoundTable, loadWaveUsage, onDatChanged, openDat, useDat } from './datStore';
import { openTarget, useNav } from './navStore';

const summary = (path: string): DatSummary =>
  ({ path, demo: false, format: 'eor', blockSize: 1024, fileSize: 1, dataSet: 1, entryCount: 2, iteration: 1, waveCount: 0, soundTableCount: 2, openMs: 1, warnings: [] }) as DatSummary;
const table = (id: number): SoundTableInfo => ({ id, label: null, soundTypeCount: 0, entryCount: 0, warnings: [], error: null });
const detail = (id: number, label: string): SoundTableDetail => ({ id, label, hashKey: 0, rootEntries: [], sounds: [] });

/** A bridge whose getSoundTable / getWaveUsage answers wait until the test releases them. */
function fakeBridge() {
  const waiting: { id: number; path: string; resolve: () => void }[] = [];
  const calls: string[] = [];
  let path = '';
  const later = <T,>(id: number, value: () => T): Promise<T> => {
    const at = path;
    calls.push(`${at}:${id}`);
    return new Promise<T>((resolve) => waiting.push({ id, path: at, resolve: () => resolve(value()) }));
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

  it('one getSoundTable per table and dat: the open view shares the indexer’s request', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    await openDat('c.dat');
    const viewed = loadSoundTable(1);
    await fake.release('c.dat');
    expect((await viewed)?.label).toBe('c.dat');
    expect(fake.calls.filter((c) => c === 'c.dat:1')).toHaveLength(1);
    expect(await loadSoundTable(1)).toBe(useDat.getState().tableDetails[1]);
    expect(fake.calls.filter((c) => c.startsWith('c.dat:'))).toHaveLength(2);
  });
});
