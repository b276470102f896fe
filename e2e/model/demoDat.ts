/**
 * What the e2e tests expect, computed by reading assets/demo_portal.dat with core (the same
 * reader the service uses, but independently of the service and the UI): the Wave and
 * SoundTable ids, a mono 16-bit PCM Wave to play, and a SoundTable with a wave link to follow.
 */
import { join } from 'node:path';
import { SOUND_TABLE_RANGE, WAVE_RANGE, DatFile } from '../../core/dat';
import { hex8 } from '../../core/errors';
import { parseSoundTable, parseWave, soundTypeName, waveFacts } from '../../core/objects';
import { FileByteSource } from '../../node/FileByteSource';

export const DEMO_DAT = join(import.meta.dirname, '..', '..', 'assets', 'demo_portal.dat');

export interface WaveFact {
  id: number;
  hex: string;
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  frames: number;
}

export interface DemoFacts {
  waves: WaveFact[];
  soundTableIds: number[];
  /** Entries in the whole B-tree (the status bar's "N entries", counted after the open). */
  entryCount: number;
  /**
   * The longest mono 16-bit PCM Wave (the retail norm): played, exported, heard through the
   * Listener. Long enough (seconds) that "Playing" and Stop are observable.
   */
  monoPcm: WaveFact;
  /** The Wave listed just before `monoPcm` (ids ascending), for the keyboard test. */
  beforeMonoPcm: WaveFact;
  table: { id: number; hex: string; soundType: string; waveHex: string };
  /** A sound type with n ≥ 2 rows (retail never picks its last row). */
  multiVariant: { tableHex: string; name: string; rows: number };
  /**
   * Browse by cue: the sound type defined by the most SoundTables (ties: the one whose card sits
   * furthest down), the tables defining it, and its heading ("Wound1 (0x0C)").
   */
  cue: { name: string; heading: string; tableHexes: string[]; deepestTableHex: string };
}

let cached: Promise<DemoFacts> | null = null;

export function demoFacts(): Promise<DemoFacts> {
  cached ??= readFacts();
  return cached;
}

async function readFacts(): Promise<DemoFacts> {
  const source = await FileByteSource.open(DEMO_DAT);
  try {
    const dat = await DatFile.open(source);
    const waveEntries = await dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max);
    const tableEntries = await dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max);
    const waves: WaveFact[] = [];
    for (const e of waveEntries) {
      const w = parseWave(await dat.readEntry(e));
      const f = waveFacts(w);
      waves.push({
        id: e.id,
        hex: hex8(e.id),
        formatTag: w.format.wFormatTag,
        channels: f.channels,
        sampleRate: f.sampleRate,
        bitsPerSample: w.format.wBitsPerSample,
        frames: f.frames,
      });
    }
    const candidates = waves.filter(
      (w) => w.formatTag === 1 && w.channels === 1 && w.bitsPerSample === 16 && w.frames > 0,
    );
    const monoPcm = candidates.reduce<WaveFact | undefined>(
      (best, w) => (!best || w.frames / w.sampleRate > best.frames / best.sampleRate ? w : best),
      undefined,
    );
    if (!monoPcm) throw new Error('the demo dat has no mono 16-bit PCM Wave');
    const beforeMonoPcm = waves[waves.indexOf(monoPcm) - 1] ?? waves[waves.indexOf(monoPcm) + 1];
    if (!beforeMonoPcm) throw new Error('the demo dat needs at least two Waves');

    let table: DemoFacts['table'] | null = null;
    let multiVariant: DemoFacts['multiVariant'] | null = null;
    const cues = new Map<string, { heading: string; at: { hex: string; index: number }[] }>();
    for (const e of tableEntries) {
      const t = parseSoundTable(await dat.readEntry(e));
      for (const [index, s] of t.sounds.entries()) {
        const name = soundTypeName(s.key);
        const c = cues.get(name) ?? {
          heading: `${name} (0x${s.key.toString(16).toUpperCase().padStart(2, '0')})`,
          at: [],
        };
        c.at.push({ hex: hex8(e.id), index });
        cues.set(name, c);
        if (!multiVariant && s.entries.length >= 2)
          multiVariant = { tableHex: hex8(e.id), name, rows: s.entries.length };
      }
      const first = t.sounds.find((s) => s.entries.length > 0);
      const entry = first?.entries[0];
      if (first && entry) {
        table = {
          id: e.id,
          hex: hex8(e.id),
          soundType: `${soundTypeName(first.key)} (0x${first.key.toString(16).toUpperCase().padStart(2, '0')})`,
          waveHex: hex8(entry.waveId),
        };
        break;
      }
    }
    if (!table) throw new Error('the demo dat has no SoundTable with an entry');
    if (!multiVariant) throw new Error('the demo dat has no sound type with two rows or more');
    const deepest = (at: { index: number }[]): number => Math.max(...at.map((a) => a.index));
    const [cueName, cue] = [...cues].sort(
      (a, b) => b[1].at.length - a[1].at.length || deepest(b[1].at) - deepest(a[1].at),
    )[0]!;
    const deepestAt = cue.at.reduce((a, b) => (b.index > a.index ? b : a));
    return {
      waves,
      soundTableIds: tableEntries.map((e) => e.id),
      entryCount: await dat.countEntries(),
      monoPcm,
      beforeMonoPcm,
      table,
      multiVariant,
      cue: {
        name: cueName,
        heading: cue.heading,
        tableHexes: cue.at.map((a) => a.hex),
        deepestTableHex: deepestAt.hex,
      },
    };
  } finally {
    await source.close();
  }
}
