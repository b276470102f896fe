import { ByteWriter, ObjectReader } from '../binary/cursor';
import { FLOAT32_LE, UINT32_LE, struct, viewOf } from '../binary/token';
import { NUM_SOUND_TYPES, soundTypeName } from './soundTypes';

/**
 * One playback entry on disk, 16 bytes (docs/formats/soundtable.md §2): client `SoundData`,
 * DRW `SoundEntry`, ACE `SoundTableData`.
 */
const SoundEntryStruct = struct({
  /** +0 Wave id (0x0Axxxxxx); 0 = no sound. */
  waveId: UINT32_LE,
  /** +4 f32 voice-stealing priority. */
  priority: FLOAT32_LE,
  /** +8 f32 chance 0..1 that the sound plays. */
  probability: FLOAT32_LE,
  /** +12 f32 volume 0..1. */
  volume: FLOAT32_LE,
});
const AT_WAVE = SoundEntryStruct.offsetOf('waveId');
const AT_PRIORITY = SoundEntryStruct.offsetOf('priority');
const AT_PROBABILITY = SoundEntryStruct.offsetOf('probability');
const AT_VOLUME = SoundEntryStruct.offsetOf('volume');

/**
 * The playback entry token: the struct above, whose `get` reads the four fields at their offsets
 * into one fixed-shape object (a portal dat's tables hold thousands of entries, all read when a
 * dat opens; the generic struct `get` was most of parsing them, issue #9).
 */
export const SoundEntryToken: typeof SoundEntryStruct = {
  ...SoundEntryStruct,
  get: (v, o) => ({
    waveId: UINT32_LE.get(v, o + AT_WAVE),
    priority: FLOAT32_LE.get(v, o + AT_PRIORITY),
    probability: FLOAT32_LE.get(v, o + AT_PROBABILITY),
    volume: FLOAT32_LE.get(v, o + AT_VOLUME),
  }),
};

/**
 * One playback variant (client `SoundData`, DRW `SoundEntry`; docs/formats/soundtable.md §2), 16 bytes on disk.
 * The three numbers are stored as float32, so they read back as the nearest float32
 * (0.7 → 0.699999988079071).
 */
export interface SoundEntry {
  /** Wave id (0x0Axxxxxx); 0 means "no sound". */
  waveId: number;
  /** Voice-stealing priority (e.g. 0.7). */
  priority: number;
  /** Chance 0..1 that the sound plays when triggered. */
  probability: number;
  /** Volume 0..1. */
  volume: number;
}

/** A node of the recursive SoundTable tree (client `SoundTableData`; docs/formats/soundtable.md §1). */
export interface SoundTableNode {
  /** SoundType key (§6) for the root's children. */
  key: number;
  entries: SoundEntry[];
  /** Grandchildren; empty in all known data but supported. File order. */
  children: SoundTableNode[];
}

/** A parsed SoundTable object (ids 0x20000000–0x2000FFFF; docs/formats/soundtable.md §1). */
export interface SoundTable {
  id: number;
  /** Root node key (`m_hashKey`), 0 in the known EoR tables. */
  hashKey: number;
  /** Root entries; one default {0, 0, 1, 1} entry in the known tables. */
  rootEntries: SoundEntry[];
  /** The root's children (one per SoundType), in FILE order — not sorted. */
  sounds: SoundTableNode[];
}

/** Bytes of one playback entry. */
const ENTRY_SIZE = SoundEntryToken.len;
/** Smallest child node: key + entry count + child count. */
const MIN_NODE_SIZE = 12;
/** A child count above this is corrupt (there are only 205 SoundTypes; docs/formats/soundtable.md §1). */
export const MAX_SOUND_TABLE_CHILDREN = NUM_SOUND_TYPES;
/** Deepest nesting accepted: 1 = root's children, 2 = grandchildren, … (all known data uses 1). */
export const MAX_SOUND_TABLE_DEPTH = 8;

/** A node's name in errors: `root`, or `node 0x37` by its key (built only for an error, issue #9). */
function nodeName(key: number | null): string {
  return key === null ? 'root' : `node 0x${key.toString(16)}`;
}

/** `r.u32(...)` of a node's count; its error names the node (`node 0x37 entry count`). */
function countOf(r: ObjectReader, key: number | null, field: string): number {
  if (r.remaining < 4) r.need(4, `${nodeName(key)} ${field}`);
  return r.u32(field);
}

function readEntries(r: ObjectReader, key: number | null): SoundEntry[] {
  const countAt = r.pos;
  const n = countOf(r, key, 'entry count');
  if (n * ENTRY_SIZE > r.remaining) {
    throw r.error(`${nodeName(key)} entry count ${n} needs ${n * ENTRY_SIZE} bytes, ${r.remaining} remain`, countAt);
  }
  const entries: SoundEntry[] = new Array<SoundEntry>(n);
  for (let i = 0; i < n; i++) {
    entries[i] = r.token(SoundEntryToken, 'playback entry');
  }
  return entries;
}

function readChildren(r: ObjectReader, depth: number, key: number | null): SoundTableNode[] {
  const countAt = r.pos;
  const n = countOf(r, key, 'child count');
  if (n === 0) return [];
  if (depth > MAX_SOUND_TABLE_DEPTH) {
    throw r.error(`${nodeName(key)} nests deeper than ${MAX_SOUND_TABLE_DEPTH} levels`, countAt);
  }
  if (n > MAX_SOUND_TABLE_CHILDREN) {
    throw r.error(
      `${nodeName(key)} child count ${n} exceeds ${MAX_SOUND_TABLE_CHILDREN} (number of SoundTypes)`,
      countAt,
    );
  }
  if (n * MIN_NODE_SIZE > r.remaining) {
    throw r.error(
      `${nodeName(key)} child count ${n} needs at least ${n * MIN_NODE_SIZE} bytes, ${r.remaining} remain`,
      countAt,
    );
  }
  const children: SoundTableNode[] = [];
  for (let i = 0; i < n; i++) {
    const childKey = r.u32('child key');
    const entries = readEntries(r, childKey);
    const grand = readChildren(r, depth + 1, childKey);
    children.push({ key: childKey, entries, children: grand });
  }
  return children;
}

/**
 * Parses a SoundTable object (docs/formats/soundtable.md §1): id, root key, root entries, then the recursive
 * child nodes in file order. Floats are read as float32. Every count is checked against the
 * bytes that remain before anything is allocated; a child count > 205 is corrupt; nesting is
 * bounded by {@link MAX_SOUND_TABLE_DEPTH}; trailing bytes are an error (the object size is exact).
 * @throws ObjectFormatError naming the object id and the byte offset inside the object.
 */
export function parseSoundTable(bytes: Uint8Array): SoundTable {
  return parseSoundTableFast(bytes) ?? parseSoundTableChecked(bytes);
}

/**
 * {@link parseSoundTable} of a well-formed table, read straight off one DataView with the same
 * checks in the same order; null at the first check that fails (then the checked reader below
 * throws the precise error). The index parses every SoundTable when a dat opens, and the cursor's
 * per-field calls and names were most of that (issue #9). Same objects, same shapes, same order.
 */
function parseSoundTableFast(bytes: Uint8Array): SoundTable | null {
  if (bytes.length < 8) return null;
  const v = viewOf(bytes);
  const id = v.getUint32(0, true);
  const hashKey = v.getUint32(4, true);
  fastAt = 8;
  fastEnd = bytes.length;
  const rootEntries = fastEntries(v, BUILD_TABLE) as SoundEntry[] | null;
  if (rootEntries === null) return null;
  const sounds = fastChildren(v, 1, BUILD_TABLE) as SoundTableNode[] | null;
  if (sounds === null || fastAt !== bytes.length) return null;
  return { id, hashKey, rootEntries, sounds };
}

/**
 * One sound type of a SoundTable as its listing row shows it (core/contract.ts
 * `SoundTypeSummary`): the root child's key, its name and each row's Wave id, file order.
 */
export interface SoundTypeRows {
  soundType: number;
  name: string;
  entries: { waveId: number }[];
}

/**
 * The listing rows of a SoundTable — for each root child in file order its key, name and each
 * entry's Wave id, what `soundTypeSummaries(parseSoundTable(bytes))` (core/index) gives — read by
 * the fast path with every check of {@link parseSoundTable}, without the table: no object per
 * playback entry, node or grandchild (the index lists every table when a dat opens and parses
 * one whole only when it is asked for, issue #9). Null exactly where {@link parseSoundTable}
 * would need its checked reader (it then throws, or — never for a table this accepts — parses).
 * The table's id is its first u32 (`bytes.length >= 8` when rows are returned).
 * @param view a DataView whose byte 0 is `bytes[0]`, over at least `bytes.length` bytes (it may
 *   run past them: reads stop at `bytes.length`); default a view of exactly `bytes`
 */
export function parseSoundTableRows(bytes: Uint8Array, view?: DataView): SoundTypeRows[] | null {
  if (bytes.length < 8) return null;
  const v = view ?? viewOf(bytes);
  fastAt = 8;
  fastEnd = bytes.length;
  if (fastEntries(v, CHECK_ONLY) === null) return null;
  const rows = fastChildren(v, 1, BUILD_ROWS) as SoundTypeRows[] | null;
  if (rows === null || fastAt !== bytes.length) return null;
  return rows;
}

/** The cursor of {@link parseSoundTableFast} (one parse at a time: it is synchronous). */
let fastAt = 0;
/** The end of the table's bytes (its length: the view may run past them). */
let fastEnd = 0;

/** What the fast reader makes of what it checks: the table's objects, the listing's rows, or nothing. */
type FastBuild = typeof BUILD_TABLE | typeof BUILD_ROWS | typeof CHECK_ONLY;
const BUILD_TABLE = 0;
const BUILD_ROWS = 1;
const CHECK_ONLY = 2;
/** What {@link CHECK_ONLY} returns for a well-formed list (never handed out). */
const CHECKED: readonly never[] = Object.freeze([]);

/** A node's entries: {@link SoundEntry}s, `{waveId}`s for {@link BUILD_ROWS}, or {@link CHECKED}; null when a check fails. */
function fastEntries(v: DataView, build: FastBuild): SoundEntry[] | { waveId: number }[] | readonly never[] | null {
  const end = fastEnd;
  if (fastAt + 4 > end) return null;
  const n = v.getUint32(fastAt, true);
  fastAt += 4;
  if (n * ENTRY_SIZE > end - fastAt) return null;
  let o = fastAt;
  fastAt = o + n * ENTRY_SIZE;
  if (build === CHECK_ONLY) return CHECKED;
  if (build === BUILD_ROWS) {
    const ids = new Array<{ waveId: number }>(n);
    for (let i = 0; i < n; i++, o += ENTRY_SIZE) ids[i] = { waveId: v.getUint32(o + AT_WAVE, true) };
    return ids;
  }
  const entries: SoundEntry[] = new Array<SoundEntry>(n);
  for (let i = 0; i < n; i++, o += ENTRY_SIZE) {
    entries[i] = {
      waveId: v.getUint32(o + AT_WAVE, true),
      priority: v.getFloat32(o + AT_PRIORITY, true),
      probability: v.getFloat32(o + AT_PROBABILITY, true),
      volume: v.getFloat32(o + AT_VOLUME, true),
    };
  }
  return entries;
}

/**
 * A node's children: {@link SoundTableNode}s, or for {@link BUILD_ROWS} (the root's children)
 * {@link SoundTypeRows} whose own children are only checked; null when a check fails.
 */
function fastChildren(
  v: DataView,
  depth: number,
  build: FastBuild,
): SoundTableNode[] | SoundTypeRows[] | readonly never[] | null {
  const end = fastEnd;
  if (fastAt + 4 > end) return null;
  const n = v.getUint32(fastAt, true);
  fastAt += 4;
  if (n === 0) return build === CHECK_ONLY ? CHECKED : [];
  if (depth > MAX_SOUND_TABLE_DEPTH || n > MAX_SOUND_TABLE_CHILDREN || n * MIN_NODE_SIZE > end - fastAt) return null;
  const children = build === CHECK_ONLY ? null : new Array<SoundTableNode | SoundTypeRows>(n);
  const below = build === BUILD_TABLE ? BUILD_TABLE : CHECK_ONLY;
  for (let i = 0; i < n; i++) {
    if (fastAt + 4 > end) return null;
    const key = v.getUint32(fastAt, true);
    fastAt += 4;
    const entries = fastEntries(v, build);
    if (entries === null) return null;
    const grand = fastChildren(v, depth + 1, below);
    if (grand === null) return null;
    if (children === null) continue;
    children[i] =
      build === BUILD_TABLE
        ? { key, entries: entries as SoundEntry[], children: grand as SoundTableNode[] }
        : { soundType: key, name: soundTypeName(key), entries: entries as { waveId: number }[] };
  }
  return children === null ? CHECKED : (children as SoundTableNode[] | SoundTypeRows[]);
}

/**
 * {@link parseSoundTable} through the bounds-checked cursor: every error where it lies. The
 * reference the fast path is tested against (core/objects/soundTable.test.ts).
 * @throws ObjectFormatError as {@link parseSoundTable}
 */
export function parseSoundTableChecked(bytes: Uint8Array): SoundTable {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const hashKey = r.u32('root key');
  const rootEntries = readEntries(r, null);
  const sounds = readChildren(r, 1, null);
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the SoundTable`);
  return { id, hashKey, rootEntries, sounds };
}

function writeEntries(w: ByteWriter, entries: readonly SoundEntry[]): void {
  w.u32(entries.length);
  for (const e of entries) w.token(SoundEntryToken, e);
}

function writeChildren(w: ByteWriter, nodes: readonly SoundTableNode[]): void {
  w.u32(nodes.length);
  for (const n of nodes) {
    w.u32(n.key);
    writeEntries(w, n.entries);
    writeChildren(w, n.children);
  }
}

/**
 * Serializes a SoundTable exactly as {@link parseSoundTable} reads it (docs/formats/soundtable.md §1): the
 * children are written in the array's order (no sorting), floats as float32. For any parsed
 * table, `writeSoundTable(parseSoundTable(b))` is byte-identical to `b`.
 */
export function writeSoundTable(t: SoundTable): Uint8Array {
  const w = new ByteWriter(64);
  w.u32(t.id);
  w.u32(t.hashKey);
  writeEntries(w, t.rootEntries);
  writeChildren(w, t.sounds);
  return w.finish();
}

/**
 * The rows (variants) of one SoundType in a SoundTable: the entries of the root child whose key
 * is `soundType` (dat-format §4.2), or an empty list when the table has no such child. Keys are
 * not expected to repeat; if one does, the first child in file order wins (a choice).
 */
export function soundTypeEntries(table: Pick<SoundTable, 'sounds'>, soundType: number): SoundEntry[] {
  return table.sounds.find((s) => s.key === soundType)?.entries ?? [];
}
