/**
 * The header summary of a dat (`acsound info`: {@link readDatInfo}; an open service's
 * `SoundService.getDatInfo`): the header's fields, the file size, the entry count, the iteration,
 * and the Wave and SoundTable counts. Reads the header, the directory and the iteration record only.
 */
import {
  DatFile,
  HEADER_PROBE_SIZE,
  SOUND_TABLE_RANGE,
  WAVE_RANGE,
  readHeaderFields,
  type DatHeader,
} from '../../core/dat';
import { bestEffort } from '../../core/index/limits';
import { missingText } from '../../core/index/missingText';
import { FileByteSource } from '../FileByteSource';
import { datIdentity, type DatIdentity, type EntryCountCache } from './entryCountCache';

/** {@link datInfo}'s answer: `acsound info --json` prints it as is, keys in this order. */
export interface DatInfo {
  /** The file opened (null only for a service opened on its demo dat without a path). */
  path: string | null;
  format: DatHeader['format'];
  headerOffset: DatHeader['headerOffset'];
  blockSize: DatHeader['blockSize'];
  /** Bytes of the file as it is. */
  fileSize: number;
  /** The file size the header states. */
  headerFileSize: number;
  dataSet: DatHeader['dataSet'];
  dataSubset: DatHeader['dataSubset'];
  engineVersion: DatHeader['engineVersion'];
  gameVersion: DatHeader['gameVersion'];
  minorVersion: DatHeader['minorVersion'];
  btreeRoot: DatHeader['btreeRoot'];
  freeBlocks: DatHeader['freeBlocks'];
  firstFree: DatHeader['firstFree'];
  finalFree: DatHeader['finalFree'];
  /** The whole tree's entry count (strict walk), null when a node outside the sound ranges is corrupt. */
  entryCount: number | null;
  iteration: number | null;
  waveCount: number;
  soundTableCount: number;
  warnings: string[];
}

/**
 * Where {@link datInfo} may find and keep the strict entry count of its dat (the service's
 * persistent cache, ./entryCountCache.ts, under the open file's identity).
 */
export interface StrictCountStore {
  /** The strict count stored for this very file, else null. */
  lookup(): number | null;
  /** Keeps a strict count walked from `walkStartedMs` (`Date.now()`) on; best effort. */
  store(count: number, walkStartedMs: number): void;
}

/**
 * The {@link StrictCountStore} of the file with `identity` in `cache` (./entryCountCache.ts);
 * undefined without either (then nothing is looked up or stored).
 */
export function strictCounts(
  cache: EntryCountCache | null,
  identity: DatIdentity | null,
): StrictCountStore | undefined {
  if (!cache || !identity) return undefined;
  return {
    lookup: () => cache.lookup(identity, { strict: true }),
    store: (n, started) => void cache.store(identity, n, started, { strict: true }),
  };
}

/**
 * Best effort (core/index `bestEffort`, as when the service opens a dat): a corrupt node outside
 * the sound ranges or a malformed iteration record gives null and a warning, not a failure.
 * In a truncated file, a part of the Wave or SoundTable range lost with the missing tail is a
 * warning (core/index `missingText`) and the counts are of what is still there.
 *
 * The entry count is the strict whole-tree walk (every node read whole and checked: a corrupt
 * node anywhere gives null and a warning, a node chain's non-zero final link a warning), not the
 * first-block count of the lists' summary. With `counts`, a strict count stored for this very
 * file is taken instead of walking, and a walk is stored when it is the whole answer — it
 * succeeded and the dat gave no warning of any read and nothing was unavailable — so the answer
 * is the same either way (issue #9: the walk was most of `acsound info`'s time).
 * @throws DatFormatError when the Wave or SoundTable range of the tree cannot be walked
 */
export async function datInfo(dat: DatFile, path: string | null, counts?: StrictCountStore): Promise<DatInfo> {
  const h = dat.header;
  const late: string[] = [];
  const missing: string[] = [];
  const stored = counts?.lookup() ?? null;
  const started = Date.now();
  const [entryCount, iteration, waves, tables] = await Promise.all([
    stored ?? bestEffort(() => dat.countEntries(), entryCountUnavailable(dat), late),
    bestEffort(() => dat.readIteration(), 'iteration unavailable', late),
    // in a truncated file the part of a range lost with the tail is a warning, as when listing
    dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max, {
      onMissing: (m) => missing.push(missingText('Waves', WAVE_RANGE, m)),
    }),
    dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max, {
      onMissing: (m) => missing.push(missingText('SoundTables', SOUND_TABLE_RANGE, m)),
    }),
  ]);
  const readWarnings = dat.readWarnings;
  if (stored === null && entryCount !== null && late.length === 0 && missing.length === 0 && readWarnings.length === 0)
    counts?.store(entryCount, started);
  return {
    path,
    ...headerInfo(h, dat.source.size),
    entryCount,
    iteration,
    waveCount: waves.length,
    soundTableCount: tables.length,
    warnings: [...dat.warnings, ...missing, ...late, ...readWarnings],
  };
}

/**
 * {@link DatInfo} of the dat at `path` (absolute), opened on its own and closed after: the
 * header, the iteration record and the directory walks {@link datInfo} makes — no Wave or
 * SoundTable is read (`acsound info` prints their counts, not their rows: opening it through the
 * service indexed every one, most of the command's time, issue #9). The entry count as
 * `SoundService.getDatInfo` gives it: the strict count `cache` holds for this very file (keyed
 * as the service keys it: the file, its header and its iteration), else the strict walk, stored
 * there when it is the whole answer; `cache` null: always walked, nothing stored.
 * @throws IoError when the file cannot be opened; UnsupportedDatError / DatFormatError as
 *   `SoundService.openDat` (header, root node) or {@link datInfo} (the Wave or SoundTable range walk)
 */
export async function readDatInfo(path: string, cache: EntryCountCache | null): Promise<DatInfo> {
  const source = await FileByteSource.open(path);
  try {
    const dat = await DatFile.open(source);
    // the identity of the service's cache entry: its iteration is the index's, null when unreadable
    const identity = cache ? datIdentity(source, dat.header, await dat.readIteration().catch(() => null)) : null;
    return await datInfo(dat, path, strictCounts(cache, identity));
  } finally {
    await source.close().catch(() => undefined);
  }
}

/**
 * The start of the warning when a dat's whole-tree entry count cannot be had, saying why in plain
 * words: "entry count unavailable (the file looks truncated)" when the header declares more bytes
 * than the file has (docs/formats/dat.md §1.3; the one wording of reads past the end), else
 * "entry count unavailable (the B-tree outside the Wave and SoundTable ranges could not be
 * walked)" — the Wave and SoundTable ranges were walked, or the dat would not have opened.
 */
export function entryCountUnavailable(dat: Pick<DatFile, 'header' | 'source'>): string {
  return dat.header.fileSize > dat.source.size
    ? 'entry count unavailable (the file looks truncated)'
    : 'entry count unavailable (the B-tree outside the Wave and SoundTable ranges could not be walked)';
}

/** The header's part of {@link DatInfo}, keys in their printed order (after `path`). */
function headerInfo(h: DatHeader, fileSize: number) {
  return {
    format: h.format,
    headerOffset: h.headerOffset,
    blockSize: h.blockSize,
    fileSize,
    headerFileSize: h.fileSize,
    dataSet: h.dataSet,
    dataSubset: h.dataSubset,
    engineVersion: h.engineVersion,
    gameVersion: h.gameVersion,
    minorVersion: h.minorVersion,
    btreeRoot: h.btreeRoot,
    freeBlocks: h.freeBlocks,
    firstFree: h.firstFree,
    finalFree: h.finalFree,
  };
}

/**
 * {@link DatInfo} of a dat the service could not open: the header's fields as stored (read from
 * the first 0x190 bytes only, core/dat `readHeaderFields`, unvalidated) and what only the B-tree
 * gives — the entry count, iteration, Wave and SoundTable counts — null (unknown, never 0).
 * `acsound info` prints it beside the error that stopped the open (a truncated or corrupt B-tree).
 */
export type DatHeaderInfo = Omit<DatInfo, 'waveCount' | 'soundTableCount'> & {
  entryCount: null;
  iteration: null;
  waveCount: null;
  soundTableCount: null;
};

/**
 * Reads only the header of the dat at `path` (an absolute path): {@link DatHeaderInfo}.
 * @throws IoError when the file cannot be opened or read; UnsupportedDatError / DatFormatError when
 *   it holds no dat header (too small, no magic) — the header itself is then unreadable
 */
export async function readDatHeaderInfo(path: string): Promise<DatHeaderInfo> {
  const source = await FileByteSource.open(path);
  try {
    const probe = await source.read(0, Math.min(source.size, HEADER_PROBE_SIZE));
    const { header: h, warnings } = readHeaderFields(probe, source.size);
    return {
      path,
      ...headerInfo(h, source.size),
      entryCount: null,
      iteration: null,
      waveCount: null,
      soundTableCount: null,
      warnings,
    };
  } finally {
    await source.close().catch(() => undefined);
  }
}
