/** A SoundTable's listing row and its contract shapes (dat-format §6). */
import type { SoundEntryData, SoundTableDetail, SoundTableInfo, SoundTypeData, SoundTypeSummary } from '../contract';
import type { DatEntry, DatFile } from '../dat';
import { parseSoundTable, soundTypeName, type SoundEntry, type SoundTable } from '../objects';
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
 * listed with `error` set, no sound types, and its error in `parsed`. On a source with
 * `readInto` this is {@link soundTableListingSync}.
 */
export async function soundTableListingOf(
  dat: DatFile,
  entry: DatEntry,
  label: string | null,
): Promise<SoundTableListing> {
  if (dat.readsSync) return soundTableListingSync(dat, entry, label);
  const warnings: string[] = [];
  try {
    return tableListing(entry, label, await dat.readEntry(entry, { warnings }), warnings);
  } catch (e) {
    return failedTableListing(entry, label, e, warnings);
  }
}

/** {@link soundTableListingOf} without a promise, on a source with `readInto` (`dat.readsSync`). */
export function soundTableListingSync(dat: DatFile, entry: DatEntry, label: string | null): SoundTableListing {
  const warnings: string[] = [];
  try {
    return tableListing(entry, label, dat.readEntryView(entry, { warnings }), warnings);
  } catch (e) {
    return failedTableListing(entry, label, e, warnings);
  }
}

/** @throws ObjectFormatError when the bytes do not parse as a SoundTable */
function tableListing(entry: DatEntry, label: string | null, bytes: Uint8Array, warnings: string[]): SoundTableListing {
  const t = parseSoundTable(bytes);
  if (t.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(t.id, entry.id));
  const sounds = soundTypeSummaries(t);
  let entryCount = 0;
  for (const s of sounds) entryCount += s.entries.length;
  return {
    info: {
      id: entry.id,
      label,
      soundTypeCount: t.sounds.length,
      entryCount,
      sounds,
      warnings,
      error: null,
    },
    parsed: t,
  };
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
