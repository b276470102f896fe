import type { SoundEntryData, SoundTableInfo, SoundTypeData, WaveInfo, WaveUsage } from '../../core/contract';
import { MAX_OBJECT_SIZE, SOUND_TABLE_RANGE, WAVE_RANGE, readChain, type DatEntry, type DatFile } from '../../core/dat';
import { hex8 } from '../../core/errors';
import {
  parseSoundTable,
  parseWave,
  parseWaveHeader,
  soundTypeName,
  waveFacts,
  type SoundEntry,
  type SoundTable,
  type WaveFacts,
  type WaveFormat,
  type WaveHeader,
} from '../../core/objects';
import type { SoundTableLabels } from './labels';

/**
 * Everything the service knows about an open dat after indexing (no audio bytes are kept).
 * Immutable once built: sessions that open the same file share one (see indexCache.ts); every
 * service method copies what it hands out.
 */
export interface DatIndex {
  /** The iteration (record 0xFFFF0001 or the pre-ToD header field); null when absent or unreadable (see `warnings`). */
  iteration: number | null;
  /** Non-fatal findings of indexing: an unreadable iteration record, block-chain warnings. */
  warnings: string[];
  /** Wave id → its dat entry (for reading the bytes later without a B-tree lookup). */
  waveEntries: Map<number, DatEntry>;
  /** Ascending by id. */
  waves: WaveInfo[];
  /** Ascending by id. */
  tables: SoundTableInfo[];
  /** SoundTable id (the dat entry's id) → its listing row. */
  tablesById: Map<number, SoundTableInfo>;
  /** Parsed tables by dat entry id; a table that failed to parse maps to its error. */
  parsedTables: Map<number, SoundTable | Error>;
  /** Wave id → every (table, sound type, entry index) that names it. */
  usage: Map<number, WaveUsage[]>;
}

/** Options of {@link indexDat}. */
export interface IndexOptions {
  labels: SoundTableLabels;
  /** Objects read at the same time (default 8). */
  concurrency?: number;
}

/**
 * The warning for an object whose own id (its first u32) differs from the id of its dat entry.
 * One policy for Waves and SoundTables: a warning on the row, not a failure — the bytes are
 * still what the dat stores under the entry id, which is the id everything else uses (lists,
 * usage, lookups, export names).
 */
export function idMismatchWarning(objectId: number, entryId: number): string {
  return `object id ${hex8(objectId)} differs from its dat entry id ${hex8(entryId)}`;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs `fn`; on failure returns null and records `what: <error>` in `warnings`. */
export async function bestEffort<T>(fn: () => Promise<T>, what: string, warnings: string[]): Promise<T | null> {
  try {
    return await fn();
  } catch (e) {
    warnings.push(`${what}: ${message(e)}`);
    return null;
  }
}

/**
 * Indexes a dat: the Wave and SoundTable range walks, every SoundTable parsed, every Wave parsed
 * into a {@link WaveInfo}, the reverse index Wave → usage, and — best effort — the iteration.
 *
 * A Wave or SoundTable that fails to read or parse is still listed, with `error` set (one
 * try/catch per object: nothing is lost). The iteration record lies outside the sound ranges:
 * when it cannot be read (malformed, broken chain) the iteration is null and `warnings` says why.
 * The whole-tree entry count is NOT part of the index (it walks every node, about as long as the
 * rest of the index on a portal dat): `DatFile.countEntries()` computes it on demand, once per
 * DatFile (see SoundService.getSummary). Only the two range walks can fail the index.
 * @throws DatFormatError when a node inside the Wave or SoundTable range walk is corrupt
 */
export async function indexDat(dat: DatFile, options: IndexOptions): Promise<DatIndex> {
  const iterationWarnings: string[] = [];
  const [iteration, waveEntryList, tableEntryList] = await Promise.all([
    bestEffort(() => dat.readIteration(), 'iteration unavailable (record 0xFFFF0001 could not be read)', iterationWarnings),
    dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max),
    dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max),
  ]);
  const concurrency = options.concurrency ?? 8;

  const tables: SoundTableInfo[] = new Array<SoundTableInfo>(tableEntryList.length);
  const parsedTables = new Map<number, SoundTable | Error>();
  await forEachLimited(tableEntryList, concurrency, async (entry, i) => {
    const label = options.labels.get(entry.id) ?? null;
    const warnings: string[] = [];
    try {
      const t = parseSoundTable(await dat.readEntry(entry, { onWarning: (m) => warnings.push(m) }));
      if (t.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(t.id, entry.id));
      parsedTables.set(entry.id, t);
      const entryTotal = t.sounds.reduce((sum, s) => sum + s.entries.length, 0);
      tables[i] = { id: entry.id, label, soundTypeCount: t.sounds.length, entryCount: entryTotal, warnings, error: null };
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      parsedTables.set(entry.id, err);
      tables[i] = { id: entry.id, label, soundTypeCount: 0, entryCount: 0, warnings, error: err.message };
    }
  });

  const waves: WaveInfo[] = new Array<WaveInfo>(waveEntryList.length);
  const waveEntries = new Map<number, DatEntry>();
  await forEachLimited(waveEntryList, concurrency, async (entry, i) => {
    waveEntries.set(entry.id, entry);
    waves[i] = await waveInfoOf(dat, entry);
  });

  const usage = new Map<number, WaveUsage[]>();
  for (const info of tables) {
    const t = parsedTables.get(info.id);
    if (!t || t instanceof Error) continue;
    for (const s of t.sounds) {
      s.entries.forEach((e, entryIndex) => {
        const list = usage.get(e.waveId) ?? [];
        list.push({ tableId: info.id, soundType: s.key, name: soundTypeName(s.key), entryIndex });
        usage.set(e.waveId, list);
      });
    }
  }
  const tablesById = new Map(tables.map((t) => [t.id, t]));
  return {
    iteration,
    // + every chain warning met while indexing (object chains are also on their rows)
    warnings: [...iterationWarnings, ...dat.readWarnings],
    waveEntries,
    waves,
    tables,
    tablesById,
    parsedTables,
    usage,
  };
}

/** Bytes read from the start of a Wave's chain to learn its id, sizes and format (fits in one block). */
export const WAVE_PROBE_BYTES = 64;

/** A Wave's listing facts: what {@link waveInfoOf} turns into a {@link WaveInfo}. */
export interface WaveListing {
  id: number;
  headerSize: number;
  declaredDataSize: number;
  format: WaveFormat;
  facts: WaveFacts;
  warnings: string[];
}

/**
 * A Wave's listing facts, reading as little as possible (pitfalls #11):
 * - uncompressed Waves whose facts do not depend on the sample bytes (PCM, unknown tags): only
 *   the first {@link WAVE_PROBE_BYTES} bytes of the chain (one block read), parsed by core's
 *   `parseWaveHeader` with the entry's true size — the same facts and lint a full parse gives
 *   (checked by a test), without reading the samples.
 * - everything else (MP3, whose facts come from the frames; compressed entries; format blocks
 *   longer than the probe; sizes the chain reader would reject): the whole object, `parseWave`.
 * The sample bytes are read later, when asked for (`getWaveBytes`, export), so a broken chain
 * past the first block of a PCM Wave shows up there, not in the list.
 * @throws ObjectFormatError / DatFormatError as parsing or reading the object would.
 */
export async function waveListingOf(dat: DatFile, entry: DatEntry): Promise<WaveListing> {
  const size = entry.size;
  if (!entry.compressed && size > WAVE_PROBE_BYTES && size <= MAX_OBJECT_SIZE && size <= dat.source.size) {
    const head = await readChain(dat.source, dat.geometry, entry.offset, WAVE_PROBE_BYTES, `block chain of ${hex8(entry.id)}`, { checkFinalLink: false });
    let h: WaveHeader | null = null;
    try {
      h = parseWaveHeader(head, size);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // format block longer than the probe: read it all
    }
    if (h?.summary) {
      return { id: h.id, headerSize: h.headerSize, declaredDataSize: h.declaredDataSize, format: h.format, facts: h.summary.facts, warnings: [...h.summary.warnings] };
    }
  }
  const chain: string[] = [];
  const w = parseWave(await dat.readEntry(entry, { onWarning: (m) => chain.push(m) }));
  return { id: w.id, headerSize: w.headerSize, declaredDataSize: w.declaredDataSize, format: w.format, facts: waveFacts(w), warnings: [...chain, ...w.warnings] };
}

/** Reads and parses one Wave entry into a {@link WaveInfo}; never throws (errors land in `error`). */
export async function waveInfoOf(dat: DatFile, entry: DatEntry): Promise<WaveInfo> {
  try {
    const w = await waveListingOf(dat, entry);
    const facts = w.facts;
    const warnings = [...w.warnings];
    if (w.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(w.id, entry.id));
    const f = w.format;
    return {
      id: entry.id,
      formatTag: f.wFormatTag,
      channels: facts.channels,
      sampleRate: facts.sampleRate,
      bitsPerSample: f.wBitsPerSample,
      blockAlign: f.nBlockAlign,
      avgBytesPerSec: f.nAvgBytesPerSec,
      headerSize: w.headerSize,
      dataSize: w.declaredDataSize,
      frames: facts.frames,
      durationSec: facts.durationSec,
      compressed: entry.compressed,
      warnings,
      error: null,
    };
  } catch (e) {
    return {
      id: entry.id,
      formatTag: 0,
      channels: 0,
      sampleRate: 0,
      bitsPerSample: 0,
      blockAlign: 0,
      avgBytesPerSec: 0,
      headerSize: 0,
      dataSize: 0,
      frames: 0,
      durationSec: 0,
      compressed: entry.compressed,
      warnings: [],
      error: e instanceof Error ? e.message : String(e),
    };
  }
}

/** A SoundTable as the contract shows it (floats as read, float32). */
export function soundTableSounds(t: SoundTable): SoundTypeData[] {
  return t.sounds.map((s) => ({ soundType: s.key, name: soundTypeName(s.key), entries: s.entries.map(entryData) }));
}

/** Copies a core SoundEntry into the contract's shape. */
export function entryData(e: SoundEntry): SoundEntryData {
  return { waveId: e.waveId, priority: e.priority, probability: e.probability, volume: e.volume };
}

/** Runs `fn` over `items` with at most `limit` calls in flight; rejects with the first error. */
export async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
