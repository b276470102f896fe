import { describe, expect, it } from 'vitest';
import type { SoundTableDetail, SoundTableInfo, WaveInfo } from '../../../core/contract';
import {
  cueMatches,
  cueMatchesOf,
  NO_REASONS,
  emptyListText,
  filterTables,
  filterWaves,
  shownWaves,
  sortWaves,
  shownCountText,
  tabCountText,
  waveHaystacks,
  waveMatchReasonsOf,
  waveUses,
} from './listModel';
import { waveInfo } from '../../../core/test/contractFixtures';

const wave = (id: number, over: Partial<WaveInfo> = {}): WaveInfo => waveInfo(id, { durationSec: 0.1, ...over });

const tables: SoundTableInfo[] = [
  { id: 0x20000001, label: 'Human (male)', soundTypeCount: 1, entryCount: 1, sounds: [], warnings: [], error: null },
  { id: 0x20000007, label: 'Drudge', soundTypeCount: 1, entryCount: 1, sounds: [], warnings: [], error: null },
];
const details: Record<number, SoundTableDetail> = {
  0x20000007: {
    id: 0x20000007,
    label: 'Drudge',
    hashKey: 0,
    rootEntries: [],
    sounds: [
      { soundType: 0x37, name: 'Footstep1', entries: [{ waveId: 0x0a000011, priority: 0, probability: 1, volume: 1 }] },
    ],
  },
};

describe('list model', () => {
  it('filters SoundTables by label, id and (once indexed) sound type', () => {
    expect(filterTables(tables, details, 'drudge').map((t) => t.id)).toEqual([0x20000007]);
    expect(filterTables(tables, details, '20000001').map((t) => t.id)).toEqual([0x20000001]);
    expect(filterTables(tables, details, 'footstep1').map((t) => t.id)).toEqual([0x20000007]);
    expect(filterTables(tables, {}, 'footstep1')).toEqual([]);
  });
  it('filters Waves by format, rate and the sound types that use them', () => {
    const waves = [wave(0x0a000011), wave(0x0a000063, { formatTag: 0x55, sampleRate: 22050 })];
    expect(filterWaves(waves, details, 'mp3').map((w) => w.id)).toEqual([0x0a000063]);
    expect(filterWaves(waves, details, '22050').map((w) => w.id)).toEqual([0x0a000063]);
    expect(filterWaves(waves, details, 'footstep').map((w) => w.id)).toEqual([0x0a000011]);
    expect(filterWaves(waves, details, 'drudge').map((w) => w.id)).toEqual([0x0a000011]);
    expect(sortWaves(waves, { key: 'rate', dir: 'desc' }).map((w) => w.id)).toEqual([0x0a000063, 0x0a000011]);
  });
});

describe('list model: built once', () => {
  it('the usage index and the haystacks are memoized per snapshot; an empty search builds neither', () => {
    const waves = [wave(0x0a000011), wave(0x0a000063, { formatTag: 0x55 })];
    expect(waveUses(details)).toBe(waveUses(details));
    expect(waveUses({ ...details })).not.toBe(waveUses(details));
    expect(waveHaystacks(waves)).toBe(waveHaystacks(waves));
    expect(filterWaves(waves, details, '  ')).toBe(waves);
  });
  it('shownWaves: one sorted, filtered list for the grid and the Export dialog; details ignored while not searching', () => {
    const waves = [wave(0x0a000011, { sampleRate: 8000 }), wave(0x0a000063, { sampleRate: 22050 })];
    const sort = { key: 'rate' as const, dir: 'desc' as const };
    const a = shownWaves(waves, details, '', sort);
    expect(a.map((w) => w.id)).toEqual([0x0a000063, 0x0a000011]);
    expect(shownWaves(waves, { ...details }, '', { ...sort })).toBe(a); // indexing progress: no new list
    const f = shownWaves(waves, details, 'footstep', sort);
    expect(f.map((w) => w.id)).toEqual([0x0a000011]);
    expect(shownWaves(waves, { ...details }, 'footstep', sort)).not.toBe(f);
  });
  it('a Wave’s "Matched:" reasons are worked out once per row: "does any row show a pill" and its cell share them', () => {
    const waves = [wave(0x0a000011), wave(0x0a000063, { formatTag: 0x55 })];
    expect(waveMatchReasonsOf('  ', details)).toBeNull();
    expect(waveMatchReasonsOf({ search: '0x0A000011 0x0A000063', regex: false, quick: [] }, details)).toBeNull();
    // each row's reasons, [0x0A000011 (PCM, Drudge's Footstep1), 0x0A000063 (MP3, unused)], in both modes
    const expected: Record<string, [string[], string[]]> = {
      footstep: [['Footstep1'], []],
      drudge: [['Drudge'], []],
      mp3: [[], []], // the MP3 row shows "mp3"; the PCM row is not kept (no reason to give)
      'h18 -mp3': [['18-byte header'], ['18-byte header']],
      'pcm foot': [['Footstep1'], []], // "pcm" is in the row, "foot" names its cue
      '63': [[], []], // the id shows it
    };
    for (const [search, want] of Object.entries(expected)) {
      for (const regex of [false, true]) {
        const why = waveMatchReasonsOf({ search, regex, quick: [] }, details)!;
        waves.forEach((w, k) => {
          const first = why(w);
          expect(first, `${search} ${regex} ${k}`).toEqual(want[k]);
          expect(why(w), `${search}: the second ask is the first answer`).toBe(first);
        });
      }
    }
    expect(waveMatchReasonsOf('footstep', details)!(waves[0]!)).toEqual(['Footstep1']);
  });
});

describe('tab counts and empty lists', () => {
  it('shows "shown / total" while the search filters', () => {
    expect(tabCountText(3, 3, false)).toBe('3');
    expect(tabCountText(2, 3, true)).toBe('2 / 3');
    expect(tabCountText(3, 3, true)).toBe('3');
  });
  it('a count from a sound graph that is not there is not known, never 0 (the line under the search)', () => {
    expect(shownCountText({ shown: 27, total: 27 }, 'Waves')).toBe('27 Waves');
    expect(shownCountText({ shown: 7, total: 27 }, 'Waves')).toBe('7 of 27 Waves shown');
    expect(shownCountText({ shown: 0, total: 0 }, 'Creatures')).toBe('0 Creatures'); // a graph with none
    expect(shownCountText({ unknown: 'failed' }, 'Creatures')).toBe(
      'Creatures: count not known (the sound graph could not be built)',
    );
    expect(shownCountText({ unknown: 'cancelled' }, 'Effects')).toBe(
      'Effects: count not known (the sound graph was cancelled)',
    );
    expect(shownCountText({ unknown: 'reading' }, 'Creatures')).toBe(
      'Creatures: not counted yet (reading the sound graph…)',
    );
    for (const unknown of ['reading', 'failed', 'cancelled'] as const)
      expect(shownCountText({ unknown }, 'Creatures')).not.toMatch(/\b0\b/);
  });
  it('says why a list is empty', () => {
    expect(emptyListText(22, 0, 'Waves', ' xyz ', 'ready')).toMatch(/^No Waves match “xyz”\./);
    expect(emptyListText(0, 0, 'Waves', '', 'ready')).toBe('This dat has no Waves.');
    expect(emptyListText(3, 3, 'SoundTables', '', 'ready')).toBe('');
  });
  it('an MP3 Wave does not match "0-bit"', () => {
    expect(filterWaves([wave(1, { formatTag: 0x55, bitsPerSample: 0 })], {}, '0-bit')).toEqual([]);
    expect(filterWaves([wave(2)], {}, '16-bit').map((w) => w.id)).toEqual([2]);
  });
});

describe('browse by cue', () => {
  const d: SoundTableDetail = {
    id: 0x20000007,
    label: null,
    hashKey: 0,
    rootEntries: [],
    sounds: [
      { soundType: 0x37, name: 'Footstep1', entries: [] },
      { soundType: 0x0c, name: 'Wound1', entries: [] },
      { soundType: 0x0d, name: 'Wound2', entries: [] },
    ],
  };
  it('names the sound types the search names: by name part or exact value', () => {
    expect(cueMatches(d, 'Wound1').map((s) => s.name)).toEqual(['Wound1']);
    expect(cueMatches(d, 'wound').map((s) => s.name)).toEqual(['Wound1', 'Wound2']);
    expect(cueMatches(d, '0x37').map((s) => s.name)).toEqual(['Footstep1']);
    expect(cueMatches(d, '12').map((s) => s.name)).toEqual(['Wound1']);
    expect(cueMatches(d, '')).toEqual([]);
    expect(cueMatches(d, 'w')).toEqual([]);
    expect(cueMatches(undefined, 'wound')).toEqual([]);
  });
  it('the SoundTables grid works out a table’s cues once per row, under one parse of the search', () => {
    const t = (id: number): SoundTableInfo => ({
      id,
      label: null,
      soundTypeCount: 3,
      entryCount: 0,
      sounds: [],
      warnings: [],
      error: null,
    });
    const rows = [t(0x20000007), t(0x20000008)];
    const details = { 0x20000007: d };
    for (const search of ['Wound1', 'wound', '0x37', '12', '', 'w', 'wound -foot'])
      for (const regex of [false, true]) {
        const cues = cueMatchesOf(details, search, regex);
        for (const row of rows) {
          const first = cues(row);
          expect(first, search).toEqual(cueMatches(row.id === d.id ? d : undefined, search, regex));
          expect(cues(row), `${search}: the second ask is the first answer`).toBe(first);
        }
      }
  });
  it('one empty reasons list, shared by the lists and their model', () => {
    expect(NO_REASONS).toEqual([]);
    // a row whose own text shows every term has no reasons: that one list, no array made
    expect(waveMatchReasonsOf('pcm', {})!(wave(0x0a000011))).toBe(NO_REASONS);
  });
  it('census filters find Waves by header size and compressed entries', () => {
    const ws = [wave(0x0a000001), wave(0x0a000002, { headerSize: 30, formatTag: 0x55, compressed: true })];
    expect(filterWaves(ws, {}, 'h30').map((w) => w.id)).toEqual([0x0a000002]);
    expect(filterWaves(ws, {}, 'compressed').map((w) => w.id)).toEqual([0x0a000002]);
    expect(filterWaves(ws, {}, '22050hz')).toEqual([]);
    expect(filterWaves(ws, {}, '11025hz')).toHaveLength(2);
  });
});

describe('search: users see why a row matched', () => {
  const entry = (waveId: number) => ({ waveId, priority: 0, probability: 1, volume: 1 });
  const info = (id: number, label: string | null): SoundTableInfo => ({
    id,
    label,
    soundTypeCount: 1,
    entryCount: 1,
    sounds: [],
    warnings: [],
    error: null,
  });
  // the demo dat's tables: 0x2000000C defines UI_IconSuccessfulDrop (112), 0x20000007 Grunt1 (0x12)
  const demoTables = [info(0x20000001, 'Human (male)'), info(0x20000007, 'Drudge'), info(0x2000000c, null)];
  const demoDetails: Record<number, SoundTableDetail> = {
    0x20000001: {
      id: 0x20000001,
      label: 'Human (male)',
      hashKey: 0,
      rootEntries: [],
      sounds: [{ soundType: 12, name: 'Wound1', entries: [entry(0x0a000040)] }],
    },
    0x20000007: {
      id: 0x20000007,
      label: 'Drudge',
      hashKey: 0,
      rootEntries: [],
      sounds: [{ soundType: 0x12, name: 'Grunt1', entries: [entry(0x0a000051)] }],
    },
    0x2000000c: {
      id: 0x2000000c,
      label: null,
      hashKey: 0,
      rootEntries: [],
      sounds: [{ soundType: 112, name: 'UI_IconSuccessfulDrop', entries: [entry(0x0a000062)] }],
    },
  };
  const demoWaves = [0x0a000012, 0x0a000040, 0x0a000051, 0x0a000062].map((id) => wave(id));

  it('"12" keeps only the SoundTables it visibly matches or whose cue it names (Wound1), never 0x2000000C for 112', () => {
    const shown = filterTables(demoTables, demoDetails, '12');
    expect(shown.map((t) => t.id)).toEqual([0x20000001]);
    // the kept row shows why: its cue chip
    expect(cueMatches(demoDetails[0x20000001], '12').map((s) => s.name)).toEqual(['Wound1']);
    // every table the filter keeps for a sound type has a chip to show (one rule)
    for (const q of ['12', '0x12', '112', 'wound', 'drop', 'grunt', '^ui_', 'e']) {
      for (const regex of [false, true]) {
        for (const t of filterTables(demoTables, demoDetails, { search: q, regex, quick: [] })) {
          const visible = filterTables([t], {}, { search: q, regex, quick: [] }).length === 1;
          expect(visible || cueMatches(demoDetails[t.id], q, regex).length > 0, `${q} ${regex} ${t.id}`).toBe(true);
        }
      }
    }
  });

  it('a Wave kept for what its row does not show says what: the cue that plays it, a table label, its header', () => {
    // the reasons the Waves grid shows (waveMatchReasonsOf, what ListPane asks for each row)
    const why = (q: string, id: number): readonly string[] => {
      const of = waveMatchReasonsOf(q, demoDetails);
      expect(of, `${q} has terms`).not.toBeNull();
      return of!(wave(id));
    };
    expect(filterWaves(demoWaves, demoDetails, '12').map((w) => w.id)).toEqual([0x0a000012, 0x0a000040]);
    expect(why('12', 0x0a000012)).toEqual([]); // its id shows "12"
    expect(why('12', 0x0a000040)).toEqual(['Wound1']);
    expect(why('drudge', 0x0a000051)).toEqual(['Drudge']);
    expect(why('0x12', 0x0a000051)).toEqual(['Grunt1']);
    expect(why('pcm wound', 0x0a000040)).toEqual(['Wound1']); // "pcm" is in the row
    expect(why('h18', 0x0a000040)).toEqual(['18-byte header']);
    expect(why('-drudge', 0x0a000040)).toEqual([]);
    // an id list shows exactly those rows: nothing to say
    expect(waveMatchReasonsOf('0x0A000040 0x0A000051', demoDetails)).toBeNull();
    // every Wave the filter keeps either shows the match in its row or gives a reason
    for (const q of ['12', '0x12', '112', 'wound', 'drop', 'drudge', 'h18', 'male', 'pcm']) {
      for (const w of filterWaves(demoWaves, demoDetails, q)) {
        const visible = filterWaves([w], {}, q).length === 1 && !['h18'].includes(q);
        expect(visible || why(q, w.id).length > 0, `${q} ${w.id}`).toBe(true);
      }
    }
  });
});
