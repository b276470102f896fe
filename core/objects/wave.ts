import { fieldValue } from '../errors';
import { ObjectReader } from '../binary/cursor';
import { INT32_LE, UINT32_LE, struct, viewOf } from '../binary/token';
import type { WaveFacts } from './waveFacts';
import { waveFactsFromLength, waveFactsOfParts } from './waveFacts';
import { lintWave, lintWaveFromLength } from './waveLint';
import type { WaveFormat } from './waveFormat';
import {
  emptyWaveFormat,
  MAX_WAVE_HEADER_SIZE,
  parseWaveFormat,
  readWaveFormat,
  readWaveFormatInto,
} from './waveFormat';

/** The Wave object's fixed header, 12 bytes (docs/formats/wave.md §1): id, H, D. */
export const WaveObjectHeaderToken = struct({
  /** +0 object id (0x0Axxxxxx). */
  id: UINT32_LE,
  /** +4 i32 H: format-block size in bytes. */
  headerSize: INT32_LE,
  /** +8 i32 D: data size in bytes. */
  dataSize: INT32_LE,
});

/** A parsed Wave object (ids 0x0A000000–0x0A00FFFF; docs/formats/wave.md §1). */
export interface Wave {
  id: number;
  /** H: declared format-block length in bytes (18 PCM, 30 MP3; 16 and 20 also accepted). */
  headerSize: number;
  /** D as declared; may exceed `data.length` (pitfalls #8). */
  declaredDataSize: number;
  /** The H bytes exactly as stored. */
  formatBytes: Uint8Array;
  format: WaveFormat;
  /** Sample/codec bytes, clamped to what the record holds. */
  data: Uint8Array;
  /** Human-readable lint (pitfalls #7, #8, MP3 header disagreement, unknown tag). */
  warnings: string[];
}

/** What {@link parseWaveHeader} learns from a Wave's first bytes and its record size. */
export interface WaveHeader {
  id: number;
  /** H: declared format-block length in bytes. */
  headerSize: number;
  /** D as declared; may exceed {@link dataLength} (pitfalls #8). */
  declaredDataSize: number;
  /** The H bytes exactly as stored (a copy; a view into the prefix with `formatView`). */
  formatBytes: Uint8Array;
  format: WaveFormat;
  /** Size of the whole record in bytes. */
  recordSize: number;
  /** Offset of the data in the record: 12 + H. */
  dataOffset: number;
  /** Data bytes the record holds: min(D, recordSize − dataOffset) (the clamped length). */
  dataLength: number;
  /**
   * Warnings and facts exactly as {@link parseWave} + `waveFacts` give them for the full record,
   * or null when they depend on the data bytes (MP3: the MPEG frame headers) — then read the
   * whole record and call {@link parseWave}.
   */
  summary: { warnings: string[]; facts: WaveFacts } | null;
  /**
   * Structural warnings only (declared D clamped, trailing bytes), in the order parseWave gives
   * them; `summary.warnings` starts with these.
   */
  structuralWarnings: string[];
}

/**
 * Parses a Wave's fixed header (u32 id, i32 H, i32 D) and its format block from the first bytes
 * of its record, given the record's true size, without the sample data (pitfalls #11: listing a
 * dat must not read every sample). Clamping of D against the record and the trailing-bytes
 * warning are computed from `recordSize`; for every format but MP3 the lint and the facts
 * (frames from the clamped data length, duration, …) come out identical to a full
 * {@link parseWave} of the same record (see `summary`).
 * @param prefix the record's first bytes: at least min(recordSize, 12 + H) of them.
 * @param recordSize the size of the whole record in bytes.
 * @param view a DataView whose byte 0 is `prefix[0]`, over at least `min(prefix.length,
 *   recordSize)` bytes (reads stop there, whatever the view's length), when the caller keeps one
 *   for a reused buffer (the index's probe, its whole-record reads): no view is then made per
 *   Wave — making one was a quarter of the script time of listing a PCM Wave (issue #9).
 * @param formatView true: `formatBytes` is a view into `prefix` (valid as long as its bytes are),
 *   not a copy, for a caller that keeps nothing of the header but its numbers and texts (the
 *   index's listing, which reads every Wave into a reused buffer: no buffer per Wave, issue #9).
 * @throws ObjectFormatError exactly where {@link parseWave} of the full record would throw.
 * @throws RangeError when `prefix` is too short to hold the fixed header and format block
 *   (read more and call again), or `recordSize` is not a non-negative integer.
 */
export function parseWaveHeader(
  prefix: Uint8Array,
  recordSize: number,
  view?: DataView,
  formatView = false,
): WaveHeader {
  if (!Number.isSafeInteger(recordSize) || recordSize < 0)
    throw new RangeError(`record size ${recordSize} is not a non-negative integer`);
  // the common case, a well-formed header inside the prefix and the record, read straight off
  // one DataView (issue #9: the cursor, its closures and tokens cost more than the read of the
  // block); anything else takes the checked reader below, which throws the precise error
  const avail = Math.min(prefix.length, recordSize);
  if (avail >= WaveObjectHeaderToken.len) {
    view ??= viewOf(prefix);
    const id = UINT32_LE.get(view, AT_ID);
    const headerSize = INT32_LE.get(view, AT_H);
    const declaredDataSize = INT32_LE.get(view, AT_D);
    const formatAt = WaveObjectHeaderToken.len;
    if (fastHeader(headerSize, declaredDataSize, avail)) {
      const formatBytes = formatView
        ? prefix.subarray(formatAt, formatAt + headerSize)
        : prefix.slice(formatAt, formatAt + headerSize);
      const format = readWaveFormat(view, formatAt, formatBytes);
      return headerFrom(id, headerSize, declaredDataSize, formatBytes, format, recordSize, formatAt + headerSize);
    }
  }
  return parseWaveHeaderChecked(prefix, recordSize);
}

/**
 * True when a Wave header with H `headerSize` and D `declaredDataSize` takes the fast path of
 * {@link parseWaveHeader} and {@link readWaveHeaderInto}: H and D in range, the format block
 * inside the `avail` bytes of the prefix and the record.
 */
function fastHeader(headerSize: number, declaredDataSize: number, avail: number): boolean {
  return (
    headerSize >= 16 &&
    headerSize <= MAX_WAVE_HEADER_SIZE &&
    declaredDataSize >= 0 &&
    WaveObjectHeaderToken.len + headerSize <= avail
  );
}

const AT_ID = WaveObjectHeaderToken.offsetOf('id');
const AT_H = WaveObjectHeaderToken.offsetOf('headerSize');
const AT_D = WaveObjectHeaderToken.offsetOf('dataSize');

/** {@link parseWaveHeader} through the bounds-checked cursor: every error where it lies. */
function parseWaveHeaderChecked(prefix: Uint8Array, recordSize: number): WaveHeader {
  const r = new ObjectReader(prefix.length > recordSize ? prefix.subarray(0, recordSize) : prefix, null);
  /** Bounds checks against the RECORD (the errors parseWave gives), then against the prefix. */
  const need = (n: number, what: string): void => {
    if (r.pos + n > recordSize) throw r.error(`truncated ${what}: needs ${n} bytes, ${recordSize - r.pos} remain`);
    if (r.pos + n > prefix.length)
      throw new RangeError(`parseWaveHeader: the prefix holds ${prefix.length} bytes; ${r.pos + n} are needed`);
  };
  need(4, 'object id');
  const fields = WaveObjectHeaderToken.fields;
  const id = r.token(fields.id, 'object id');
  r.objectId = id;
  const hAt = r.pos;
  need(4, 'format size H');
  const headerSize = r.token(fields.headerSize, 'format size H');
  const dAt = r.pos;
  need(4, 'data size D');
  const declaredDataSize = r.token(fields.dataSize, 'data size D');
  if (headerSize < 0 || headerSize > MAX_WAVE_HEADER_SIZE)
    throw r.error(`format size H = ${fieldValue(headerSize)} is absurd`, hAt);
  if (headerSize < 16) throw r.error(`format size H = ${headerSize} is shorter than the 16-byte WAVEFORMAT`, hAt);
  if (declaredDataSize < 0)
    throw r.error(`data size D = ${fieldValue(declaredDataSize)} is negative (as a signed i32)`, dAt);
  const formatAt = r.pos;
  const formatWhat = `format block (H = ${headerSize})`;
  need(headerSize, formatWhat);
  const formatBytes = r.take(headerSize, formatWhat).slice();
  const format = parseWaveFormat(formatBytes, id, formatAt);
  return headerFrom(id, headerSize, declaredDataSize, formatBytes, format, recordSize, r.pos);
}

/** The rest of a {@link WaveHeader} once the fixed header and the format block are read. */
function headerFrom(
  id: number,
  headerSize: number,
  declaredDataSize: number,
  formatBytes: Uint8Array,
  format: WaveFormat,
  recordSize: number,
  dataOffset: number,
): WaveHeader {
  const available = recordSize - dataOffset;
  const structuralWarnings = structuralWarningsOf(declaredDataSize, available);
  const dataLength = Math.min(declaredDataSize, available);
  const lint = lintWaveFromLength({ headerSize, format, dataLength, formatBytes });
  const facts = lint === null ? null : waveFactsFromLength(format, dataLength, formatBytes);
  const summary =
    lint !== null && facts !== null
      ? { warnings: structuralWarnings.length === 0 ? lint : [...structuralWarnings, ...lint], facts }
      : null;
  return {
    id,
    headerSize,
    declaredDataSize,
    formatBytes,
    format,
    recordSize,
    dataOffset,
    dataLength,
    summary,
    structuralWarnings,
  };
}

/**
 * The structural warnings of a Wave whose D is `declared` and whose record holds `available`
 * bytes after the format block (pitfalls #8): D clamped, or trailing bytes ignored; none when
 * they are equal.
 */
function structuralWarningsOf(declared: number, available: number): string[] {
  const out: string[] = [];
  let dataLength = declared;
  if (declared > available) {
    out.push(
      `declared data size ${declared} bytes exceeds the ${available} bytes in its record; data clamped to ${available} bytes`,
    );
    dataLength = available;
  }
  const trailing = available - dataLength;
  if (trailing > 0) out.push(`${trailing} trailing bytes after the data were ignored`);
  return out;
}

/**
 * A Wave header read into reused objects by {@link readWaveHeaderInto}: the numbers, format and
 * summary of {@link WaveHeader}, overwritten by each read (copy what is kept). `format` is one
 * object for every read; `formatBytes` a view into the prefix, one per H made once per prefix
 * buffer. `warnings` and `facts` are fresh per read (null for MP3, as `WaveHeader.summary`).
 */
export class ReusedWaveHeader {
  id = 0;
  headerSize = 0;
  declaredDataSize = 0;
  recordSize = 0;
  dataOffset = 0;
  dataLength = 0;
  readonly format: WaveFormat = emptyWaveFormat();
  formatBytes: Uint8Array = new Uint8Array(0);
  /** `WaveHeader.summary.warnings` (this read's own array), or null with `facts` when they need the data. */
  warnings: string[] | null = null;
  facts: WaveFacts | null = null;
  /** The prefix buffer the views below look into. */
  private prefix: Uint8Array | null = null;
  private readonly views: (Uint8Array | undefined)[] = [];

  /** `prefix[at, at + length)`, made once per prefix and length. */
  viewOf(prefix: Uint8Array, at: number, length: number): Uint8Array {
    if (this.prefix !== prefix) {
      this.prefix = prefix;
      this.views.length = 0;
    }
    return (this.views[length] ??= prefix.subarray(at, at + length));
  }
}

/**
 * {@link parseWaveHeader} of a well-formed header (its fast path: the fixed header and the format
 * block inside the prefix and the record, H and D in range) into `h`, with `formatBytes` a view
 * into `prefix`: the same numbers, format, warnings and facts, with no object made but the
 * warnings and the facts (the index lists every Wave of a dat this way, issue #9). False —
 * nothing learned, `h` in no particular state — where {@link parseWaveHeader} would throw
 * (ObjectFormatError, or RangeError for a short prefix): call it for its error.
 * @param view a DataView over exactly `prefix`
 */
export function readWaveHeaderInto(
  prefix: Uint8Array,
  recordSize: number,
  view: DataView,
  h: ReusedWaveHeader,
): boolean {
  if (!Number.isSafeInteger(recordSize) || recordSize < 0) return false;
  const avail = Math.min(prefix.length, recordSize);
  if (avail < WaveObjectHeaderToken.len) return false;
  const headerSize = INT32_LE.get(view, AT_H);
  const declaredDataSize = INT32_LE.get(view, AT_D);
  const formatAt = WaveObjectHeaderToken.len;
  if (!fastHeader(headerSize, declaredDataSize, avail)) return false;
  const formatBytes = h.viewOf(prefix, formatAt, headerSize);
  readWaveFormatInto(view, formatAt, formatBytes, h.format);
  const dataOffset = formatAt + headerSize;
  const available = recordSize - dataOffset;
  h.id = UINT32_LE.get(view, AT_ID);
  h.headerSize = headerSize;
  h.declaredDataSize = declaredDataSize;
  h.recordSize = recordSize;
  h.dataOffset = dataOffset;
  h.dataLength = Math.min(declaredDataSize, available);
  h.formatBytes = formatBytes;
  // headerFrom's summary, read off `h` itself (it has the parts lint and facts take)
  const lint = lintWaveFromLength(h);
  const facts = lint === null ? null : waveFactsOfParts(h, h.dataLength);
  if (lint === null || facts === null) {
    h.warnings = null;
    h.facts = null;
  } else {
    h.warnings =
      declaredDataSize === available ? lint : [...structuralWarningsOf(declaredDataSize, available), ...lint];
    h.facts = facts;
  }
  return true;
}

/**
 * Parses a Wave object (docs/formats/wave.md §1): u32 id, i32 H, i32 D, H format bytes, D data bytes.
 * A declared D larger than the record is clamped with a warning (pitfalls #8); extra bytes
 * after the data are ignored with a warning. `formatBytes` and `data` are copies.
 * The header part is {@link parseWaveHeader} of the whole record, so both agree by construction.
 * @throws ObjectFormatError for a truncated fixed header, negative or absurd H
 *   (> {@link MAX_WAVE_HEADER_SIZE}), H < 16, H beyond the record, or negative D.
 */
export function parseWave(bytes: Uint8Array): Wave {
  const h = parseWaveHeader(bytes, bytes.length);
  return waveOfHeader(h, bytes.slice(h.dataOffset, h.dataOffset + h.dataLength));
}

/**
 * The {@link Wave} of a header read from the whole record and its data (`h.dataLength` bytes
 * from `h.dataOffset`; {@link parseWave} passes a copy, the listing a view it does not keep):
 * the warnings are the header's summary, or its structural warnings and the lint of the data.
 */
export function waveOfHeader(h: WaveHeader, data: Uint8Array): Wave {
  const warnings = h.summary
    ? [...h.summary.warnings]
    : [
        ...h.structuralWarnings,
        ...lintWave({ headerSize: h.headerSize, format: h.format, data, formatBytes: h.formatBytes }),
      ];
  return {
    id: h.id,
    headerSize: h.headerSize,
    declaredDataSize: h.declaredDataSize,
    formatBytes: h.formatBytes,
    format: h.format,
    data,
    warnings,
  };
}

/**
 * Serializes a Wave (docs/formats/wave.md §1): u32 id, i32 H = formatBytes.length, i32 D = data.length,
 * then the format bytes and the data. Symmetric with {@link parseWave}.
 */
export function writeWave(w: { id: number; formatBytes: Uint8Array; data: Uint8Array }): Uint8Array {
  const H = WaveObjectHeaderToken.len;
  const out = new Uint8Array(H + w.formatBytes.length + w.data.length);
  WaveObjectHeaderToken.put(viewOf(out), 0, { id: w.id, headerSize: w.formatBytes.length, dataSize: w.data.length });
  out.set(w.formatBytes, H);
  out.set(w.data, H + w.formatBytes.length);
  return out;
}
