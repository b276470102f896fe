import { afterEach, describe, expect, it } from 'vitest';
import type { DatSummary, SoundTableDetail, SoundTableInfo } from '../../../core/contract';
import { setBridge, type ServiceBridge } from '../bridge';
import { filterTables, filterWaves } from '../lib/listModel';
import { initDat, loadSoundTable, onDatChanged, openDat, useDat } from './datStore';
import { referencesOf, tablesById } from './listSelectors';
import { openTarget, useNav } from './navStore';
import { waveInfo } from '../../../core/test/contractFixtures';
import { waveUsageOf } from '../../../core/index';

const summary = (path: string): DatSummary =>
  ({
    path,
    demo: false,
    format: 'eor',
    blockSize: 1024,
    fileSize: 1,
    dataSet: 1,
    entryCount: 2,
    iteration: 1,
    waveCount: 0,
    soundTableCount: 2,
    openMs: 1,
    warnings: [],
  }) as DatSummary;
const table = (id: number, path = ''): SoundTableInfo => ({
  id,
  label: path || null,
  soundTypeCount: 1,
  entryCount: 1,
  sounds: [{ soundType: 0x37, name: 'Footstep1', entries: [{ waveId: 0x0a000000 + id }] }],
  warnings: [],
  error: null,
});
const detail = (id: number, label: string): SoundTableDetail => ({
  id,
  label,
  hashKey: 0,
  rootEntries: [],
  sounds: [],
});

/**
 * A bridge whose getSoundTable answers wait until the test releases them; every call is recorded
 * as `<dat>:<method or table id>`.
 */
function fakeBridge() {
  const waiting: { path: string; resolve: () => void }[] = [];
  const calls: string[] = [];
  let path = '';
  const bridge = {
    openDat: async (p: string) => {
      path = p;
      return summary(p);
    },
    listWaves: async () => [waveInfo(0x0a000001), waveInfo(0x0a000002)],
    listSoundTables: async () => {
      calls.push(`${path}:listSoundTables`);
      return [table(1, path), table(2, path)];
    },
    getSoundTable: (id: number) => {
      const at = path;
      calls.push(`${at}:${id}`);
      return new Promise<SoundTableDetail>((resolve) =>
        waiting.push({ path: at, resolve: () => resolve(detail(id, at)) }),
      );
    },
    listSoundTableDetails: async () => {
      calls.push(`${path}:listSoundTableDetails`);
      return [];
    },
    getWaveUsage: async () => {
      calls.push(`${path}:getWaveUsage`);
      return [];
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
    const off = onDatChanged(() => changes++);
    await openDat('a.dat');
    expect(changes).toBe(1);
    const lateTable = loadSoundTable(1);
    openTarget({ kind: 'wave', id: 7 });
    expect(useNav.getState().current).not.toBeNull();

    await openDat('b.dat');
    expect(changes).toBe(2);
    expect(useNav.getState().current).toBeNull(); // resetNav ran inside the store action
    expect(useNav.getState().selectedWaves).toEqual([]);

    await fake.release('a.dat');
    expect(await lateTable).toBeNull();
    expect(useDat.getState().tableDetails[1]).toBeUndefined();

    const viewed = loadSoundTable(1);
    await fake.release('b.dat');
    expect((await viewed)?.label).toBe('b.dat');
    expect(useDat.getState().tableDetails[1]?.label).toBe('b.dat');
    off();
  });

  it('the list alone answers search by sound type and "used by": opening a dat fetches no table (issue #6: indexed once, by the service)', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    await openDat('c.dat');
    await fake.release('c.dat');
    expect(fake.calls.filter((c) => c.startsWith('c.dat:'))).toEqual(['c.dat:listSoundTables']);
    const s = useDat.getState();
    expect(filterTables(s.soundTables, tablesById(s.soundTables), 'footstep1').map((t) => t.id)).toEqual([1, 2]);
    expect(filterWaves(s.waves, tablesById(s.soundTables), 'footstep1').map((w) => w.id)).toEqual([
      0x0a000001, 0x0a000002,
    ]);
    expect(waveUsageOf(referencesOf(s.soundTables), 0x0a000002)).toEqual([
      { tableId: 2, soundType: 0x37, name: 'Footstep1', entryIndex: 0 },
    ]);
    expect(referencesOf(s.soundTables)).toBe(referencesOf(useDat.getState().soundTables)); // built once per list
    expect(fake.calls.filter((c) => c.startsWith('c.dat:'))).toEqual(['c.dat:listSoundTables']);
  });

  it('a SoundTable view asks for its details once; views opened at once share the request; the answer is cached', async () => {
    const fake = fakeBridge();
    setBridge(fake.bridge);
    await openDat('e.dat');
    const a = loadSoundTable(1);
    const b = loadSoundTable(1);
    await fake.release('e.dat');
    expect((await a)?.label).toBe('e.dat');
    expect(await b).toBe(await a);
    expect(await loadSoundTable(1)).toBe(useDat.getState().tableDetails[1]);
    expect(fake.calls.filter((c) => c === 'e.dat:1')).toHaveLength(1);
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
          waiting.push({
            path: at,
            resolve: () =>
              resolve({
                ...summary(at),
                entryCount: count(at),
                warnings: count(at) === null ? ['entry count unavailable'] : [],
              }),
          }),
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

describe('dat store: start-up (issue #9: rows as early as possible)', () => {
  /** A bridge whose host, summary and list answers wait until the test releases them. */
  function startBridge() {
    const asked: string[] = [];
    const answers: Record<string, (v: unknown) => void> = {};
    const later = (name: string) => (): Promise<unknown> => {
      asked.push(name);
      return new Promise((resolve) => (answers[name] = resolve));
    };
    const bridge = {
      getHost: later('getHost'),
      getSummary: later('getSummary'),
      listWaves: later('listWaves'),
      listSoundTables: later('listSoundTables'),
      openDat: async (p: string) => summary(p),
    } as unknown as ServiceBridge;
    return { bridge, asked, answers };
  }

  it('asks for the host, the summary and both lists before any answer; installs the host with the lists in one update', async () => {
    const { bridge, asked, answers } = startBridge();
    setBridge(bridge);
    const started = initDat();
    expect([...asked].sort()).toEqual(['getHost', 'getSummary', 'listSoundTables', 'listWaves']);
    const updates: { host: boolean; waves: number }[] = [];
    const off = useDat.subscribe((s) => updates.push({ host: s.host !== null, waves: s.waves.length }));
    answers.getHost!({ kind: 'browser', initialPath: null });
    answers.getSummary!(summary('/start.dat'));
    answers.listSoundTables!([table(1)]);
    await new Promise((r) => setTimeout(r, 0));
    expect(useDat.getState().host).toBeNull(); // not installed on its own: one re-render fewer
    answers.listWaves!([waveInfo(0x0a000001)]);
    await started;
    off();
    expect(updates.filter((u) => u.host && u.waves > 0)).toHaveLength(1);
    expect(updates[0]).toEqual({ host: true, waves: 1 });
    expect(useDat.getState().summary?.path).toBe('/start.dat');
  });
});
