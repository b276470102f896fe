/**
 * The index of an open dat: every Wave's and SoundTable's listing row, the parsed tables and the
 * references between objects — built once per dat from a {@link DatFile} (any ByteSource), so the
 * service (node/service/SoundService.ts), the CLI through it, and tests share one definition.
 */
import type { Shared, SoundTableDetail, SoundTableInfo, WaveInfo } from '../contract';
import { SOUND_TABLE_RANGE, WAVE_RANGE, type DatEntry, type DatFile, type MissingSubtree } from '../dat';
import { NotFoundError } from '../errors';
import type { SoundTable } from '../objects';
import { bestEffort, forEachLimited } from './limits';
import { missingText } from './missingText';
import { addSoundTableReferences, ReferenceIndex } from './references';
import { ParsedTables, soundTableDetail, soundTableListingOf, soundTableListingSync } from './soundTables';
import { waveInfoOf, waveInfoSync } from './waveListing';

export { missingText };

/**
 * The objects of one kind (dat-format §3: one id range each): listing rows ascending by dat entry
 * id, the same rows by id, and each row's dat entry (to read its bytes later without a B-tree
 * lookup). Everything is keyed by the entry id, never by an id embedded in an object. The kinds
 * of issue #7 (Setup, Animation, MotionTable, PhysicsScript(Table), Region) take this shape too.
 */
export interface KindIndex<Row extends { id: number }, Parsed = never> {
  /** Handed out as they are, read-only by type (core/contract.ts `Shared`): never changed once built. */
  rows: readonly Row[];
  byId: Map<number, Row>;
  entries: Map<number, DatEntry>;
  /** Objects kept parsed (small ones the app asks for whole), or why they did not parse. */
  parsed: ParsedObjects<Parsed>;
}

/** The parsed objects of a {@link KindIndex} by dat entry id (undefined: none such); a Map is one. */
export interface ParsedObjects<Parsed> {
  get(id: number): Parsed | Error | undefined;
}

/**
 * Everything known about an open dat after indexing (no audio bytes are kept). Immutable once
 * built: services that open the same file share one (node/service/indexCache.ts). The listing
 * rows are handed out as they are, typed deeply read-only (core/contract.ts `Shared`) — not
 * frozen at run time: freezing the ~5,000 objects of a portal dat's rows cost 8–10 % of an open
 * + list, paired, more than the copies it replaced. Whoever hands out other parts (the parsed
 * tables) copies them.
 */
export interface DatIndex {
  /** The iteration (record 0xFFFF0001 or the pre-ToD header field); null when absent or unreadable (see `warnings`). */
  iteration: number | null;
  /**
   * Non-fatal findings of indexing: Waves or SoundTables that cannot be listed because their part
   * of the B-tree lies in the missing tail of a truncated file, an unreadable iteration record,
   * block-chain warnings.
   */
  warnings: string[];
  /** Waves: header facts only (their sample bytes are read when asked for). */
  waves: KindIndex<Shared<WaveInfo>>;
  /** SoundTables, each kept parsed (they are small; `getSoundTable` answers from here). */
  soundTables: KindIndex<Shared<SoundTableInfo>, SoundTable>;
  /** Who names whom: today every SoundTable row → its Wave (see references.ts). */
  references: ReferenceIndex;
}

/** Options of {@link indexDat}. */
export interface IndexOptions {
  /** SoundTable id → public label (e.g. 0x20000007 → "Drudge"); default none. */
  labels?: ReadonlyMap<number, string>;
  /** Objects read at the same time on a source without `readInto` (default 8; with it, one synchronous pass). */
  concurrency?: number;
}

/**
 * A {@link KindIndex} whose maps are made on first use (a lookup by id comes from a user's
 * action, after the lists are shown: building them while indexing cost a tenth of open + list,
 * issue #9). Built once, then the same maps on every read.
 */
class LazyKindIndex<Row extends { id: number }, Parsed> implements KindIndex<Row, Parsed> {
  private rowMap: Map<number, Row> | null = null;
  private entryMap: Map<number, DatEntry> | null = null;

  constructor(
    readonly rows: readonly Row[],
    private readonly entryList: readonly DatEntry[],
    readonly parsed: ParsedObjects<Parsed>,
  ) {}

  get byId(): Map<number, Row> {
    if (this.rowMap === null) {
      const m = new Map<number, Row>();
      for (const r of this.rows) m.set(r.id, r);
      this.rowMap = m;
    }
    return this.rowMap;
  }

  get entries(): Map<number, DatEntry> {
    if (this.entryMap === null) {
      const m = new Map<number, DatEntry>();
      for (const e of this.entryList) m.set(e.id, e);
      this.entryMap = m;
    }
    return this.entryMap;
  }
}

function kindIndex<Row extends { id: number }, Parsed>(
  rows: readonly Row[],
  entries: readonly DatEntry[],
  parsed: ParsedObjects<Parsed> = new Map<number, Parsed | Error>(),
): KindIndex<Row, Parsed> {
  return new LazyKindIndex(rows, entries, parsed);
}

/**
 * Indexes a dat: the Wave and SoundTable range walks (dat-format §3.3), every SoundTable parsed,
 * every Wave's listing facts (core/index/waveListing.ts: one block for most), the references
 * SoundTable row → Wave, and — best effort — the iteration.
 *
 * A Wave or SoundTable that fails to read or parse is still listed, with `error` set (one
 * try/catch per object: nothing is lost). The iteration record lies outside the sound ranges:
 * when it cannot be read (malformed, broken chain) the iteration is null and `warnings` says why.
 * The whole-tree entry count is NOT part of the index (it walks every node, about as long as the
 * rest of the index on a portal dat): `DatFile.countEntries()` computes it on demand. Only the
 * two range walks can fail the index — except in a truncated file (the header declares more
 * bytes than it has): a part of either walk lost with the missing tail is a warning naming the
 * ids it held (`Waves 0x0A000062–0x0A000070 cannot be listed: B-tree node … the file looks
 * truncated …`), and every object whose entry is still there is listed (with its own error when
 * its blocks are missing), as corruption outside the sound ranges is handled.
 * @throws DatFormatError when a node inside the Wave or SoundTable range walk is corrupt
 */
export async function indexDat(dat: DatFile, options: IndexOptions = {}): Promise<DatIndex> {
  const iterationWarnings: string[] = [];
  const missing: string[] = [];
  const [iteration, waveEntries, tableEntries] = await Promise.all([
    bestEffort(
      () => dat.readIteration(),
      'iteration unavailable (record 0xFFFF0001 could not be read)',
      iterationWarnings,
    ),
    dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max, { onMissing: lost(missing, 'Waves', WAVE_RANGE) }),
    dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max, {
      onMissing: lost(missing, 'SoundTables', SOUND_TABLE_RANGE),
    }),
  ]);
  const tables = new Array<SoundTableInfo>(tableEntries.length);
  const tableIds = new Array<number>(tableEntries.length);
  let tableBytes = 0;
  for (let i = 0; i < tableEntries.length; i++) {
    tableIds[i] = tableEntries[i]!.id;
    tableBytes += tableEntries[i]!.size;
  }
  const parsedTables = new ParsedTables(tableIds, dat.readsSync ? Math.min(tableBytes, 1 << 20) : 0);
  const waves = new Array<WaveInfo>(waveEntries.length);
  const labels = options.labels;
  if (dat.readsSync) {
    // one synchronous pass: no promise per object (issue #9); each table parsed on first use
    for (let i = 0; i < tableEntries.length; i++) {
      const entry = tableEntries[i]!;
      tables[i] = soundTableListingSync(dat, entry, labels?.get(entry.id) ?? null, parsedTables, i);
    }
    for (let i = 0; i < waveEntries.length; i++) waves[i] = waveInfoSync(dat, waveEntries[i]!);
  } else {
    const concurrency = options.concurrency ?? 8;
    await forEachLimited(tableEntries, concurrency, async (entry, i) => {
      const listing = await soundTableListingOf(dat, entry, labels?.get(entry.id) ?? null);
      tables[i] = listing.info;
      parsedTables.put(i, listing.parsed);
    });
    await forEachLimited(waveEntries, concurrency, async (entry, i) => {
      waves[i] = await waveInfoOf(dat, entry);
    });
  }

  return new BuiltIndex(
    iteration,
    // + every chain warning met while indexing (object chains are also on their rows)
    [...missing, ...iterationWarnings, ...dat.readWarnings],
    kindIndex(waves, waveEntries),
    kindIndex(tables, tableEntries, parsedTables),
    tables,
  );
}

/**
 * The {@link DatIndex} {@link indexDat} builds. A class whose `references` getter is on its
 * prototype: an object literal with its own getter made one closure per index over the index's
 * arrays, and those closures kept every earlier open's rows alive through scavenges until a
 * mark-compact (issue #9; docs/architecture.md, core/index; scripts/benchIndexGc.ts measures it).
 */
class BuiltIndex implements DatIndex {
  private referenceIndex: ReferenceIndex | null = null;

  constructor(
    readonly iteration: number | null,
    readonly warnings: string[],
    readonly waves: KindIndex<Shared<WaveInfo>>,
    readonly soundTables: KindIndex<Shared<SoundTableInfo>, SoundTable>,
    /** The SoundTable rows, whose Wave ids make {@link references}. */
    private readonly tableRows: readonly SoundTableInfo[],
  ) {}

  /** Who names whom: made on first use ("used by" of a Wave), from the rows (which never change). */
  get references(): ReferenceIndex {
    return (this.referenceIndex ??= addSoundTableReferences(new ReferenceIndex(), this.tableRows));
  }
}

/**
 * The `onMissing` of a range walk: each lost subtree's warning to `missing`. A function, not a
 * named arrow in {@link indexDat}: tsx's `keepNames` names those with a `defineProperty` on
 * every index (issue #9).
 */
function lost(missing: string[], kind: string, range: { min: number; max: number }): (m: MissingSubtree) => void {
  return (m) => void missing.push(missingText(kind, range, m));
}

/**
 * One SoundTable of an index as the contract shows it (the dat entry's id, its label, sound types
 * in file order, floats as read): a fresh object each call.
 * @throws NotFoundError when the index holds no such SoundTable; its parse error when it did not parse
 */
export function tableDetail(index: DatIndex, id: number): SoundTableDetail {
  const t = index.soundTables.parsed.get(id);
  if (!t) throw new NotFoundError(id, 'SoundTable');
  if (t instanceof Error) throw t;
  return soundTableDetail(id, index.soundTables.byId.get(id)?.label ?? null, t);
}
