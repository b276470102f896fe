/** A SoundTable's listing row and its contract shapes (dat-format §6). */
import type { SoundEntryData, SoundTableDetail, SoundTableInfo, SoundTypeData, SoundTypeSummary } from '../contract';
import { chainDataView, type DatEntry, type DatFile } from '../dat';
import { parseSoundTable, parseSoundTableRows, soundTypeName, type SoundEntry, type SoundTable } from '../objects';
import { errorDataForEntry } from '../errors';
import { errorMessage } from './limits';
import { idMismatchWarning } from './waveListing';

/** A SoundTable entry read and parsed: its listing row, and the table (or why it did not parse). */
export interface SoundTableListing {
  info: SoundTableInfo;
  parsed: SoundTable | Error;
}

/**
 * Reads and parses one SoundTable entry; never throws: a table that fails to read or parse is
 * listed with `error` set, no sound types, and its error in `parsed`. The index lists a source
 * with `readInto` through {@link soundTableListingSync}.
 */
export async function soundTableListingOf(
  dat: DatFile,
  entry: DatEntry,
  label: string | null,
): Promise<SoundTableListing> {
  const warnings: string[] = [];
  try {
    const bytes = dat.readsSync ? dat.readEntryView(entry, { warnings }) : await dat.readEntry(entry, { warnings });
    return tableListing(entry, label, bytes, warnings);
  } catch (e) {
    return failedTableListing(entry, label, e, warnings);
  }
}

/**
 * {@link soundTableListingOf} without a promise, on a source with `readInto` (`dat.readsSync`),
 * into `tables` at `i`: the same row, warnings and errors. A table the fast path reads
 * (`parseSoundTableRows`) is listed from its bytes without being parsed whole: its bytes are kept
 * in `tables`, which parses it on first use (issue #9: the playback entries of every table were
 * a third of what an open + list allocated); any other is parsed now, as {@link soundTableListingOf} does.
 */
export function soundTableListingSync(
  dat: DatFile,
  entry: DatEntry,
  label: string | null,
  tables: ParsedTables,
  i: number,
): SoundTableInfo {
  const warnings: string[] = [];
  let listing: SoundTableListing;
  try {
    const bytes = dat.readEntryView(entry, { warnings });
    const sounds = parseSoundTableRows(bytes, chainDataView(bytes)); // no DataView per table
    if (sounds !== null) {
      const id = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
      if (id !== entry.id >>> 0) warnings.unshift(idMismatchWarning(id, entry.id));
      tables.keep(i, bytes);
      return tableInfo(entry, label, sounds, warnings);
    }
    listing = tableListing(entry, label, bytes, warnings);
  } catch (e) {
    listing = failedTableListing(entry, label, e, warnings);
  }
  tables.put(i, listing.parsed);
  return listing.info;
}

/**
 * The parsed SoundTables of an index by id (the ids of its rows, ascending): each one given
 * parsed ({@link put}: a table read through a source without `readInto`, or why it did not
 * parse), or its bytes kept ({@link keep}: copied into one buffer for all) and parsed on first
 * {@link get}, then the same object on every later call.
 */
export class ParsedTables {
  private readonly values: (SoundTable | Error | null)[];
  private readonly starts: number[];
  private readonly ends: number[];
  private bytes: Uint8Array;
  private used = 0;

  /**
   * @param ids the tables' dat entry ids, ascending
   * @param capacity bytes to reserve for kept tables (it grows as needed)
   */
  constructor(
    private readonly ids: readonly number[],
    capacity = 0,
  ) {
    this.values = new Array<SoundTable | Error | null>(ids.length).fill(null);
    this.starts = new Array<number>(ids.length).fill(0);
    this.ends = new Array<number>(ids.length).fill(0);
    this.bytes = new Uint8Array(capacity);
  }

  /** Table `i` as parsed, or the error it failed with. */
  put(i: number, value: SoundTable | Error): void {
    this.values[i] = value;
  }

  /** Keeps a copy of table `i`'s bytes, which `parseSoundTable` reads without an error (parsed on first {@link get}). */
  keep(i: number, table: Uint8Array): void {
    const end = this.used + table.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(table, this.used);
    this.starts[i] = this.used;
    this.ends[i] = end;
    this.used = end;
  }

  /** The table with dat entry id `id` parsed (made on first use), its error, or undefined when the index holds none. */
  get(id: number): SoundTable | Error | undefined {
    const ids = this.ids;
    let a = 0;
    let b = ids.length;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (ids[mid]! < id) a = mid + 1;
      else b = mid;
    }
    if (a >= ids.length || ids[a] !== id) return undefined;
    let v = this.values[a];
    if (v === null) {
      try {
        v = parseSoundTable(this.bytes.subarray(this.starts[a], this.ends[a]));
      } catch (e) {
        v = e instanceof Error ? e : new Error(errorMessage(e)); // never: keep() holds tables that parse
      }
      this.values[a] = v;
    }
    return v;
  }
}

/** @throws ObjectFormatError when the bytes do not parse as a SoundTable */
function tableListing(entry: DatEntry, label: string | null, bytes: Uint8Array, warnings: string[]): SoundTableListing {
  const t = parseSoundTable(bytes);
  if (t.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(t.id, entry.id));
  return { info: tableInfo(entry, label, soundTypeSummaries(t), warnings), parsed: t };
}

/** The listing row of a table that parsed, from its sound types as listed. */
function tableInfo(
  entry: DatEntry,
  label: string | null,
  sounds: SoundTypeSummary[],
  warnings: string[],
): SoundTableInfo {
  let entryCount = 0;
  for (let i = 0; i < sounds.length; i++) entryCount += sounds[i]!.entries.length;
  return { id: entry.id, label, soundTypeCount: sounds.length, entryCount, sounds, warnings, error: null };
}

function failedTableListing(entry: DatEntry, label: string | null, e: unknown, warnings: string[]): SoundTableListing {
  const err = e instanceof Error ? e : new Error(errorMessage(e));
  return {
    info: {
      id: entry.id,
      label,
      soundTypeCount: 0,
      entryCount: 0,
      sounds: [],
      warnings,
      error: errorDataForEntry(err, entry.id),
    },
    parsed: err,
  };
}

/** A table's sound types as listed: names and each row's Wave id, file order. */
export function soundTypeSummaries(t: SoundTable): SoundTypeSummary[] {
  // plain loops into arrays of their final length: the index makes these rows for every table of
  // a dat when it opens (issue #9: no callback or grown array per sound type)
  const out = new Array<SoundTypeSummary>(t.sounds.length);
  for (let i = 0; i < out.length; i++) {
    const s = t.sounds[i]!;
    const entries = new Array<{ waveId: number }>(s.entries.length);
    for (let j = 0; j < entries.length; j++) entries[j] = { waveId: s.entries[j]!.waveId };
    out[i] = { soundType: s.key, name: soundTypeName(s.key), entries };
  }
  return out;
}

/** A SoundTable as the contract shows it (floats as read, float32). */
export function soundTableSounds(t: SoundTable): SoundTypeData[] {
  return t.sounds.map((s) => ({ soundType: s.key, name: soundTypeName(s.key), entries: s.entries.map(entryData) }));
}

/** Copies a core SoundEntry into the contract's shape. */
export function entryData(e: SoundEntry): SoundEntryData {
  return { waveId: e.waveId, priority: e.priority, probability: e.probability, volume: e.volume };
}

/** A parsed table as {@link SoundTableDetail} (the dat entry's id and label; a fresh object each call). */
export function soundTableDetail(id: number, label: string | null, t: SoundTable): SoundTableDetail {
  return { id, label, hashKey: t.hashKey, rootEntries: t.rootEntries.map(entryData), sounds: soundTableSounds(t) };
}
