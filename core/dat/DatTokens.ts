/**
 * The dat container's fixed layouts, each defined once as a token and used by the reader
 * (DatHeader.ts, BTreeNode.ts) and the writer (DatWriter.ts) alike: the two header variants,
 * the B-tree node header (child links + count) and the two directory-entry variants.
 * Layouts and field meanings: docs/formats/dat.md §1 (header) and §3 (B-tree).
 */
import { INT32_LE, UINT32_LE, bytesToken, struct } from '../binary/token';
import type { StructValue, Token } from '../binary/token';

/**
 * End-of-retail `DiskFileInfo_t`, 80 bytes at 0x140 (docs/formats/dat.md §1.2). Field names follow
 * the client's struct; every byte is a field so a writer reproduces it.
 */
export const EorHeaderToken = struct({
  /** +0x00 `magic_`: 0x5442 (bytes "BT\0\0"). */
  magic: UINT32_LE,
  /** +0x04 `iBlockSize_`: block size in bytes including the 4-byte link word (portal: 1024). */
  blockSize: INT32_LE,
  /** +0x08 `fileSize_`: allocated size of the dat in bytes. */
  fileSize: UINT32_LE,
  /** +0x0C `data_set_lm`: 1 portal/highres, 2 cell, 3 local. */
  dataSet: UINT32_LE,
  /** +0x10 `data_subset_lm`: portal 0, highres 0x69466948 ("HiFi"). */
  dataSubset: UINT32_LE,
  /** +0x14 `firstFree_`: offset of the first free block. */
  firstFree: UINT32_LE,
  /** +0x18 `finalFree_`: offset of the last free block. */
  finalFree: UINT32_LE,
  /** +0x1C `iFreeBlocks_`: number of free blocks. */
  freeBlocks: INT32_LE,
  /** +0x20 `btreeRoot_`: offset of the root B-tree node's first block. */
  btreeRoot: UINT32_LE,
  /** +0x24 `young_lru_lm`: cache dats only (0). */
  youngLru: INT32_LE,
  /** +0x28 `old_lru_lm`: cache dats only (0). */
  oldLru: INT32_LE,
  /** +0x2C `use_lru_fm`: a bool in byte +0x2C, then 3 padding bytes (kept as one word). */
  useLru: UINT32_LE,
  /** +0x30 `master_map_id_m`: root DID-mapper (not needed for sounds). */
  masterMapId: UINT32_LE,
  /** +0x34 `eng_pack_vnum`: engine pack version (EoR 110). */
  engineVersion: INT32_LE,
  /** +0x38 `game_pack_vnum`: game pack version. */
  gameVersion: INT32_LE,
  /** +0x3C `_maj_vnum`: 16 raw GUID bytes. */
  majorVersion: bytesToken(16),
  /** +0x4C `_min_vnum`: minor version (EoR 6657). */
  minorVersion: UINT32_LE,
});
export type EorHeaderRecord = StructValue<typeof EorHeaderToken.fields>;

/**
 * Pre-ToD `CLDiskFileInfo_t`, 44 bytes at 0x12C: eleven u32s (docs/formats/dat.md §1.3).
 * No dataSet, subset or version stamps; an iteration field instead.
 */
export const PreTodHeaderToken = struct({
  /** +0x00 magic 0x5442. */
  magic: UINT32_LE,
  /** +0x04 block size including the link word. */
  blockSize: INT32_LE,
  /** +0x08 allocated file size. */
  fileSize: UINT32_LE,
  /** +0x0C the dat's iteration. */
  iteration: INT32_LE,
  /** +0x10 first free block. */
  firstFree: UINT32_LE,
  /** +0x14 last free block. */
  finalFree: UINT32_LE,
  /** +0x18 number of free blocks. */
  freeBlocks: INT32_LE,
  /** +0x1C root B-tree node's first block. */
  btreeRoot: UINT32_LE,
  /** +0x20 young LRU. */
  youngLru: INT32_LE,
  /** +0x24 old LRU. */
  oldLru: INT32_LE,
  /** +0x28 use LRU. */
  useLru: UINT32_LE,
});
export type PreTodHeaderRecord = StructValue<typeof PreTodHeaderToken.fields>;

/** Number of child-link slots in a node (order 62; docs/formats/dat.md §3.1). */
export const NODE_BRANCHES = 62;
/** Maximum entries per node (docs/formats/dat.md §3.1). */
export const MAX_NODE_ENTRIES = 61;

/** The node header as stored: 62 child links (`NextNode_`) and the entry count (`NumEntries_`). */
export interface NodeHeaderRecord {
  /** All 62 slots as stored; only `0..count` mean anything, and only in internal nodes. */
  branches: number[];
  /** Entries in the node, 0..61 once validated. */
  count: number;
}

/** B-tree node header, 248 + 4 bytes (docs/formats/dat.md §3.1). */
export const NodeHeaderToken: Token<NodeHeaderRecord> = {
  len: NODE_BRANCHES * 4 + 4,
  get(view, offset) {
    const branches = new Array<number>(NODE_BRANCHES);
    for (let i = 0; i < NODE_BRANCHES; i++) branches[i] = UINT32_LE.get(view, offset + i * 4);
    return { branches, count: INT32_LE.get(view, offset + NODE_BRANCHES * 4) };
  },
  put(view, offset, value) {
    for (let i = 0; i < NODE_BRANCHES; i++) UINT32_LE.put(view, offset + i * 4, value.branches[i] ?? 0);
    return INT32_LE.put(view, offset + NODE_BRANCHES * 4, value.count);
  },
};

/** One directory entry (docs/formats/dat.md §3.2). Pre-ToD entries have date/iteration/version 0. */
export interface DatEntry {
  /** Object id, unsigned u32 (the B-tree key). */
  id: number;
  /** Absolute offset of the object's first block. */
  offset: number;
  /** Bytes stored in the chain (for compressed entries: including the 4-byte length prefix). */
  size: number;
  /** Timestamp (Unix seconds per DRW). */
  date: number;
  /** Patch iteration that last wrote the object. */
  iteration: number;
  /** Entry word bit 0: the stored bytes are `u32 length + zlib stream` (§3.4). */
  compressed: boolean;
  /** Entry word `>>> 16` (2 in retail-style entries). */
  version: number;
}

/**
 * EoR directory entry, 24 bytes (docs/formats/dat.md §3.2): +0 word (bit 0 compressed, bits 16–31
 * version), +4 id, +8 offset, +12 size, +16 date (i32), +20 iteration (i32).
 */
/** Where the id lies in an entry: byte 4 of an EoR entry (after the flags word), byte 0 of a pre-ToD one. */
export const EOR_ENTRY_ID_AT = 4;
export const PRE_TOD_ENTRY_ID_AT = 0;

export const EorEntryToken: Token<DatEntry> = {
  len: 24,
  get(view, o) {
    const word = UINT32_LE.get(view, o);
    return {
      id: UINT32_LE.get(view, o + EOR_ENTRY_ID_AT),
      offset: UINT32_LE.get(view, o + 8),
      size: UINT32_LE.get(view, o + 12),
      date: INT32_LE.get(view, o + 16),
      iteration: INT32_LE.get(view, o + 20),
      compressed: (word & 1) === 1,
      version: word >>> 16,
    };
  },
  put(view, o, e) {
    UINT32_LE.put(view, o, ((e.version & 0xffff) << 16) + (e.compressed ? 1 : 0));
    UINT32_LE.put(view, o + 4, e.id);
    UINT32_LE.put(view, o + 8, e.offset);
    UINT32_LE.put(view, o + 12, e.size);
    INT32_LE.put(view, o + 16, e.date);
    return INT32_LE.put(view, o + 20, e.iteration);
  },
};

/** Pre-ToD directory entry, 12 bytes: id, offset, size (docs/formats/dat.md §1.3, §3.2). */
export const PreTodEntryToken: Token<DatEntry> = {
  len: 12,
  get(view, o) {
    return {
      id: UINT32_LE.get(view, o + PRE_TOD_ENTRY_ID_AT),
      offset: UINT32_LE.get(view, o + 4),
      size: UINT32_LE.get(view, o + 8),
      date: 0,
      iteration: 0,
      compressed: false,
      version: 0,
    };
  },
  put(view, o, e) {
    UINT32_LE.put(view, o, e.id);
    UINT32_LE.put(view, o + 4, e.offset);
    return UINT32_LE.put(view, o + 8, e.size);
  },
};

/**
 * A block's link word, the first 4 bytes of every block (docs/formats/dat.md §2.1): the next
 * block's offset, 0 after the last block; bit 31 set on free-list blocks.
 */
export const BlockLinkToken: Token<number> = UINT32_LE;

/** The `u32` uncompressed length in front of a compressed entry's zlib stream (docs/formats/dat.md §3.4). */
export const CompressedLengthToken: Token<number> = UINT32_LE;
