/**
 * The dat file header (docs/formats/dat.md §1): end-of-retail `DiskFileInfo_t` (80 bytes at 0x140)
 * and the pre-ToD `CLDiskFileInfo_t` (44 bytes at 0x12C). Validation only; the layouts are the
 * tokens of DatTokens.ts (shared with DatWriter); no I/O.
 */
import { UINT32_LE, getToken } from '../binary/token';
import { DatFormatError, UnsupportedDatError, hex8 } from '../errors';
import { EorHeaderToken, PreTodHeaderToken } from './DatTokens';
import { endOfFileText } from './BlockChain';

/** Which header/entry layout the dat uses (docs/formats/dat.md §1.3). */
export type DatFormat = 'eor' | 'pre-tod';

/** The parsed header. Offsets and sizes are absolute bytes; all values are as stored. */
export interface DatHeader {
  format: DatFormat;
  /** 0x140 (EoR) or 0x12C (pre-ToD). */
  headerOffset: number;
  /** Always 0x5442 ("BT" on disk) once validated. */
  magic: number;
  /** Block size in bytes including the 4-byte link word (1024 for portal). */
  blockSize: number;
  /** Allocated size of the dat as the header declares it (may differ from the real length). */
  fileSize: number;
  /** 1 = portal/highres, 2 = cell, 3 = local; null for pre-ToD (no such field). */
  dataSet: number | null;
  /** Portal 0, HighRes 0x69466948; null for pre-ToD. */
  dataSubset: number | null;
  firstFree: number;
  finalFree: number;
  freeBlocks: number;
  /** Offset of the first block of the root B-tree node. */
  btreeRoot: number;
  /** Engine pack version (110 in EoR); null for pre-ToD. */
  engineVersion: number | null;
  /** Game pack version; null for pre-ToD. */
  gameVersion: number | null;
  /** Minor version stamp (6657 in EoR); null for pre-ToD. */
  minorVersion: number | null;
  /** The pre-ToD header's iteration field; null for EoR. */
  preTodIteration: number | null;
}

/** The magic number at the start of both header variants: bytes `42 54 00 00`. */
export const DAT_MAGIC = 0x5442;
/** Absolute offset of the EoR header (docs/formats/dat.md §1.2). */
export const EOR_HEADER_OFFSET = 0x140;
/** Size of the EoR header in bytes (80). */
export const EOR_HEADER_SIZE = EorHeaderToken.len;
/** Absolute offset of the pre-ToD header (docs/formats/dat.md §1.3). */
export const PRE_TOD_HEADER_OFFSET = 0x12c;
/** Size of the pre-ToD header in bytes: eleven u32s (44). */
export const PRE_TOD_HEADER_SIZE = PreTodHeaderToken.len;
/** Where the client puts the first data block (docs/formats/dat.md §1.1). */
export const FIRST_DATA_BLOCK = 1024;
/** Upper bound accepted for `blockSize` (real dats use 256 or 1024). */
export const MAX_BLOCK_SIZE = 1 << 20;

/** Bytes a reader needs from the start of the file to parse either header (0x190). */
export const HEADER_PROBE_SIZE = EOR_HEADER_OFFSET + EOR_HEADER_SIZE;

/** First byte after the header of the given format: no block may start below it. */
export function headerEnd(format: DatFormat): number {
  return format === 'eor' ? EOR_HEADER_OFFSET + EOR_HEADER_SIZE : PRE_TOD_HEADER_OFFSET + PRE_TOD_HEADER_SIZE;
}

/** A field both header variants have. */
type CommonHeaderField = keyof typeof EorHeaderToken.fields & keyof typeof PreTodHeaderToken.fields;

/**
 * Absolute offset of a header field in the given variant, from the tokens (e.g. `btreeRoot`:
 * 0x160 EoR, 0x148 pre-ToD). Errors about a header value name this offset.
 */
export function headerFieldOffset(format: DatFormat, field: CommonHeaderField): number {
  return format === 'eor'
    ? EOR_HEADER_OFFSET + EorHeaderToken.offsetOf(field)
    : PRE_TOD_HEADER_OFFSET + PreTodHeaderToken.offsetOf(field);
}

/** Result of {@link parseHeader}: the header plus non-fatal observations. */
export interface ParsedHeader {
  header: DatHeader;
  warnings: string[];
}

/**
 * Detects the variant and reads the header's fields as stored, without validating them
 * (docs/formats/dat.md §1.2, §1.3): what `acsound info` still shows when a later check or the
 * B-tree fails. The warnings are those of {@link parseHeader} (dataSet ≠ 1, a header `fileSize`
 * that disagrees with `sourceSize`).
 *
 * @param probe the first `min(sourceSize, 0x190)` bytes of the file
 * @param sourceSize the real length of the file in bytes
 * @throws DatFormatError when the file is too small to hold a header
 * @throws UnsupportedDatError when neither header variant's magic is present (not a dat this reader
 *   reads). Neither message echoes the size or bytes of a file that is not a dat.
 */
export function readHeaderFields(probe: Uint8Array, sourceSize: number): ParsedHeader {
  const minSize = PRE_TOD_HEADER_OFFSET + PRE_TOD_HEADER_SIZE;
  if (sourceSize < minSize || probe.length < minSize) {
    // neither its size nor its bytes are echoed: a file that is not a dat says only that (issue #11, finding 5)
    throw new DatFormatError(
      'dat header',
      null,
      `the file is too small to hold a dat header (at least ${minSize} bytes): not an Asheron's Call dat`,
    );
  }
  const eorMagic = probe.length >= HEADER_PROBE_SIZE ? getToken(UINT32_LE, probe, EOR_HEADER_OFFSET) : null;
  const preTodMagic = getToken(UINT32_LE, probe, PRE_TOD_HEADER_OFFSET);

  let header: DatHeader;
  if (eorMagic === DAT_MAGIC) {
    const r = getToken(EorHeaderToken, probe, EOR_HEADER_OFFSET);
    header = {
      format: 'eor',
      headerOffset: EOR_HEADER_OFFSET,
      magic: r.magic,
      blockSize: r.blockSize,
      fileSize: r.fileSize,
      dataSet: r.dataSet,
      dataSubset: r.dataSubset,
      firstFree: r.firstFree,
      finalFree: r.finalFree,
      freeBlocks: r.freeBlocks,
      btreeRoot: r.btreeRoot,
      engineVersion: r.engineVersion,
      gameVersion: r.gameVersion,
      minorVersion: r.minorVersion,
      preTodIteration: null,
    };
  } else if (preTodMagic === DAT_MAGIC) {
    const r = getToken(PreTodHeaderToken, probe, PRE_TOD_HEADER_OFFSET);
    header = {
      format: 'pre-tod',
      headerOffset: PRE_TOD_HEADER_OFFSET,
      magic: r.magic,
      blockSize: r.blockSize,
      fileSize: r.fileSize,
      dataSet: null,
      dataSubset: null,
      preTodIteration: r.iteration,
      firstFree: r.firstFree,
      finalFree: r.finalFree,
      freeBlocks: r.freeBlocks,
      btreeRoot: r.btreeRoot,
      engineVersion: null,
      gameVersion: null,
      minorVersion: null,
    };
  } else {
    // what was found there is not echoed: it would print bytes of any file (issue #11, finding 5)
    throw new UnsupportedDatError(
      `not an Asheron's Call dat: no dat magic 0x5442 at 0x140 (end-of-retail header) or at 0x12C (pre-ToD header)`,
    );
  }

  const warnings: string[] = [];
  if (header.dataSet !== null && header.dataSet !== 1) {
    const kind =
      header.dataSet === 2 ? 'a cell dat' : header.dataSet === 3 ? 'a local/language dat' : 'an unknown data set';
    warnings.push(`dataSet is ${header.dataSet} (${kind}), not 1 (portal): this dat probably holds no sounds`);
  }
  if (header.fileSize > sourceSize) {
    warnings.push(`header declares ${header.fileSize} bytes but the file has ${sourceSize}: the file looks truncated`);
  } else if (header.fileSize < sourceSize) {
    warnings.push(`header declares ${header.fileSize} bytes but the file has ${sourceSize}`);
  }
  return { header, warnings };
}

/**
 * Detects the variant and parses/validates the header (docs/formats/dat.md §1.2, §1.3):
 * {@link readHeaderFields}, then the checks below.
 *
 * Detection: u32 at 0x140 == 0x5442 → EoR; else u32 at 0x12C == 0x5442 → pre-ToD.
 * Validation: `blockSize > 4` (and ≤ 1 MiB); `btreeRoot` non-zero, high bit clear, past the header
 * and `< sourceSize`. `dataSet` ≠ 1 is accepted (exposed, plus a warning). A header `fileSize` that
 * disagrees with `sourceSize` is a warning (a truncated file fails later, on the first read past EOF).
 *
 * @param probe the first `min(sourceSize, 0x190)` bytes of the file
 * @param sourceSize the real length of the file in bytes
 * @throws DatFormatError when the file is too small or a header field is invalid
 * @throws UnsupportedDatError when neither header variant's magic is present (not a dat this reader
 *   reads). Neither message echoes the size or bytes of a file that is not a dat.
 */
export function parseHeader(probe: Uint8Array, sourceSize: number): ParsedHeader {
  const parsed = readHeaderFields(probe, sourceSize);
  const { header } = parsed;
  const where = `${header.format === 'eor' ? 'end-of-retail' : 'pre-ToD'} dat header`;
  if (header.blockSize <= 4) {
    throw new DatFormatError(
      where,
      headerFieldOffset(header.format, 'blockSize'),
      `has block size ${header.blockSize}, which must be > 4`,
    );
  }
  if (header.blockSize > MAX_BLOCK_SIZE) {
    throw new DatFormatError(
      where,
      headerFieldOffset(header.format, 'blockSize'),
      `has absurd block size ${header.blockSize} (limit ${MAX_BLOCK_SIZE})`,
    );
  }
  const rootAt = headerFieldOffset(header.format, 'btreeRoot');
  const root = header.btreeRoot;
  if (root === 0) throw new DatFormatError(where, rootAt, 'has a zero B-tree root');
  if (root >= 0x80000000)
    throw new DatFormatError(where, rootAt, `has a B-tree root ${hex8(root)} with the high (free) bit set`);
  if (root < headerEnd(header.format))
    throw new DatFormatError(where, rootAt, `has a B-tree root ${hex8(root)} inside the header`);
  if (root >= sourceSize) {
    throw new DatFormatError(
      where,
      rootAt,
      `has a B-tree root ${hex8(root)} beyond ${endOfFileText(sourceSize, header.fileSize)}`,
    );
  }
  return parsed;
}
