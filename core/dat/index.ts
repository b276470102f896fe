/** core/dat: the dat container (docs/formats/dat.md §1–§3) — reader and writer. */
export { DatFile, chainOf, WAVE_RANGE, SOUND_TABLE_RANGE, ITERATION_ID } from './DatFile';
export type { DatFormat, DatHeader, DatEntry, DatOpenOptions, EntryReadOptions, MissingSubtree } from './DatFile';
export { MAX_READ_WARNINGS } from './DatFile';
export {
  parseHeader,
  readHeaderFields,
  HEADER_PROBE_SIZE,
  DAT_MAGIC,
  FIRST_DATA_BLOCK,
  EOR_HEADER_OFFSET,
  PRE_TOD_HEADER_OFFSET,
} from './DatHeader';
export { chainDataView, chainName, readChain, readChainSync, FREE_BIT, MAX_OBJECT_SIZE } from './BlockChain';
export type { ChainGeometry, ChainName, ReadChainOptions, SyncByteSource } from './BlockChain';
export { parseNode, nodeSize, entrySize, MAX_NODE_ENTRIES, DRW_LEAF_MARKER } from './BTreeNode';
export type { BTreeNode } from './BTreeNode';
export { inflateRecord, deflateRecord, adler32 } from './compression';
export { parseIterationRecord, encodeIterationRecord } from './iteration';
export type { IterationRecord } from './iteration';
export {
  ALL_IDS,
  inRange,
  SETUP_RANGE,
  ANIMATION_RANGE,
  MOTION_TABLE_RANGE,
  REGION_RANGE,
  PHYSICS_SCRIPT_RANGE,
  PHYSICS_SCRIPT_TABLE_RANGE,
} from './ranges';
export type { IdRange } from './ranges';
export { writeDat } from './DatWriter';
export * from './DatTokens';
export type { DatWriterFile, DatWriterOptions } from './DatWriter';
export { CountingByteSource } from './CountingByteSource';
