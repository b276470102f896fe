import { describe, expect, it } from 'vitest';
import type { SoundTableInfo } from '../../../core/contract';
import { waveInfo } from '../../../core/test/contractFixtures';
import { emptyListText, filterTables, filterWaves, shownWaves } from './listModel';
import { passesQuickFilters, quickFilterMatches } from './quickFilters';
import { classifyWaveError, emptyWaveProblem, warningProblem, type KnownProblems } from './waveProblem';

const hex = (id: number): string => `0x${id.toString(16)}`;

const pcm16 = waveInfo(0x0a000010);
const pcm8 = waveInfo(0x0a000011, { bitsPerSample: 8, blockAlign: 1 });
const stereo22 = waveInfo(0x0a000012, { channels: 2, sampleRate: 22050 });
const mp3 = waveInfo(0x0a000063, { formatTag: 0x55, bitsPerSample: 0, sampleRate: 22050 });
const adpcm4 = waveInfo(0x0a000070, { formatTag: 0x11, bitsPerSample: 4 });
const linted = waveInfo(0x0a000080, { warnings: ['nBlockAlign 3 ≠ 2'] });
const broken = waveInfo(0x0a000090, { error: { name: 'ObjectFormatError', message: 'Corrupt Wave' } as never });
const all = [pcm16, pcm8, stereo22, mp3, adpcm4, linted, broken];
const keep = (f: Parameters<typeof quickFilterMatches>[0]) =>
  all.filter((w) => quickFilterMatches(f, w)).map((w) => w.id);

describe('quick filters (format chips)', () => {
  it('PCM: format tag 0x0001 only', () => {
    expect(keep('pcm')).toEqual([pcm16.id, pcm8.id, stereo22.id, linted.id]);
  });
  it('MP3: format tag 0x0055 only', () => {
    expect(keep('mp3')).toEqual([mp3.id]);
  });
  it('8-bit: 8 bits per sample of an uncompressed format (ADPCM bit counts are not sample sizes)', () => {
    expect(keep('8bit')).toEqual([pcm8.id]);
  });
  it('stereo: two channels', () => {
    expect(keep('stereo')).toEqual([stereo22.id]);
  });
  it('22 kHz: 22050 Hz', () => {
    expect(keep('22khz')).toEqual([stereo22.id, mp3.id]);
  });
  it('has warnings: lint warnings or a header that cannot be read; a broken row matches no format chip', () => {
    expect(keep('warnings')).toEqual([linted.id, broken.id]);
    for (const f of ['pcm', 'mp3', '8bit', 'stereo', '22khz'] as const) expect(keep(f)).not.toContain(broken.id);
  });
  it('has warnings keeps every row the list marks ⚠: a Wave whose read failed since listing (QA #2), a format no decoder takes; not an empty Wave (∅)', () => {
    const corrupt = classifyWaveError(
      { name: 'DatFormatError', message: 'block chain of 0x0A000010 continues with link 0x5B1729BE' },
      'read',
    );
    const known: KnownProblems = { [pcm16.id]: corrupt, [pcm8.id]: emptyWaveProblem(1) };
    const rate0 = waveInfo(0x0a0000a0, { sampleRate: 0 });
    for (const w of [...all, rate0]) {
      const badge = warningProblem(w, known) !== null || w.warnings.length > 0;
      expect(quickFilterMatches('warnings', w, known), hex(w.id)).toBe(badge);
    }
    expect(quickFilterMatches('warnings', pcm16, known)).toBe(true);
    expect(quickFilterMatches('warnings', pcm16)).toBe(false); // before the read failed
    expect(quickFilterMatches('warnings', pcm8, known)).toBe(false);
    expect(quickFilterMatches('warnings', rate0)).toBe(true);
    expect(filterWaves(all, {}, { search: '', regex: false, quick: ['warnings'] }, known).map((w) => w.id)).toEqual([
      pcm16.id,
      linted.id,
      broken.id,
    ]);
  });
  it('chips combine with AND, and with the search', () => {
    expect(all.filter((w) => passesQuickFilters(['pcm', '22khz'], w)).map((w) => w.id)).toEqual([stereo22.id]);
    expect(all.filter((w) => passesQuickFilters([], w))).toHaveLength(all.length);
    const f = { search: '-0a000012', regex: false, quick: ['22khz' as const] };
    expect(filterWaves(all, {}, f).map((w) => w.id)).toEqual([mp3.id]);
    const sorted = shownWaves(all, {}, f, { key: 'id', dir: 'asc' });
    expect(sorted.map((w) => w.id)).toEqual([mp3.id]);
  });
  it('a SoundTable passes when one of its Waves passes every chip (the same language for SoundTables)', () => {
    const table = (id: number, waves: number[]): SoundTableInfo => ({
      id,
      label: null,
      soundTypeCount: 1,
      entryCount: waves.length,
      sounds: [{ soundType: 1, name: 'Speak1', entries: waves.map((waveId) => ({ waveId })) }],
      warnings: [],
      error: null,
    });
    const tables = [table(0x20000001, [pcm16.id, mp3.id]), table(0x20000002, [pcm8.id])];
    const f = (quick: ('mp3' | '8bit' | 'pcm')[], search = '') => ({ search, regex: false, quick });
    expect(filterTables(tables, {}, f(['mp3']), all).map((t) => t.id)).toEqual([0x20000001]);
    expect(filterTables(tables, {}, f(['pcm', '8bit']), all).map((t) => t.id)).toEqual([0x20000002]);
    expect(filterTables(tables, {}, f(['pcm'], '-20000001'), all).map((t) => t.id)).toEqual([0x20000002]);
  });
  it('an empty result names the chips', () => {
    expect(emptyListText(7, 0, 'Waves', { search: '', regex: false, quick: ['mp3', 'stereo'] }, 'ready')).toBe(
      'No Waves pass the quick filters (MP3, Stereo).',
    );
  });
});
