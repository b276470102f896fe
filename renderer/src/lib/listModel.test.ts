import { describe, expect, it } from 'vitest';
import type { SoundTableDetail, SoundTableInfo, WaveInfo } from '../../../core/contract';
import {
  cueMatches,
  emptyListText,
  filterTables,
  filterWaves,
  shownWaves,
  sortWaves,
  shownCountText,
  tabCountText,
  waveHaystacks,
  waveUsageText,
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
    expect(waveUsageText(details)).toBe(waveUsageText(details));
    expect(waveUsageText({ ...details })).not.toBe(waveUsageText(details));
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
  it('census filters find Waves by header size and compressed entries', () => {
    const ws = [wave(0x0a000001), wave(0x0a000002, { headerSize: 30, formatTag: 0x55, compressed: true })];
    expect(filterWaves(ws, {}, 'h30').map((w) => w.id)).toEqual([0x0a000002]);
    expect(filterWaves(ws, {}, 'compressed').map((w) => w.id)).toEqual([0x0a000002]);
    expect(filterWaves(ws, {}, '22050hz')).toEqual([]);
    expect(filterWaves(ws, {}, '11025hz')).toHaveLength(2);
  });
});
