import { hex8 } from '../errors';
import { ObjectReader } from './objectReader';
import { lintWave } from './waveLint';
import type { WaveFormat } from './waveFormat';
import { MAX_WAVE_HEADER_SIZE, parseWaveFormat } from './waveFormat';

/** A parsed Wave object (ids 0x0A000000–0x0A00FFFF; dat-format §5). */
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

/**
 * Parses a Wave object (dat-format §5.1): u32 id, i32 H, i32 D, H format bytes, D data bytes.
 * A declared D larger than the record is clamped with a warning (pitfalls #8); extra bytes
 * after the data are ignored with a warning. `formatBytes` and `data` are copies.
 * @throws ObjectFormatError for a truncated fixed header, negative or absurd H
 *   (> {@link MAX_WAVE_HEADER_SIZE}), H < 16, H beyond the record, or negative D.
 */
export function parseWave(bytes: Uint8Array): Wave {
  const r = new ObjectReader(bytes, 0);
  const id = r.u32('object id');
  r.objectId = id;
  const hAt = r.pos;
  const headerSize = r.i32('format size H');
  const dAt = r.pos;
  const declaredDataSize = r.i32('data size D');
  if (headerSize < 0 || headerSize > MAX_WAVE_HEADER_SIZE) throw r.error(`format size H = ${headerSize} is absurd`, hAt);
  if (headerSize < 16) throw r.error(`format size H = ${headerSize} is shorter than the 16-byte WAVEFORMAT`, hAt);
  if (declaredDataSize < 0) throw r.error(`data size D = ${declaredDataSize} is negative`, dAt);
  const formatAt = r.pos;
  const formatBytes = r.take(headerSize, `format block (H = ${headerSize})`).slice();
  const format = parseWaveFormat(formatBytes, id, formatAt);
  const warnings: string[] = [];
  const available = r.remaining;
  let dataLength = declaredDataSize;
  if (declaredDataSize > available) {
    warnings.push(
      `declared data size ${declaredDataSize} bytes exceeds the ${available} bytes in the record of ${hex8(id)}; data clamped to ${available} bytes`,
    );
    dataLength = available;
  }
  const data = r.take(dataLength, 'data').slice();
  if (r.remaining > 0) warnings.push(`${r.remaining} trailing bytes after the data were ignored`);
  warnings.push(...lintWave({ headerSize, format, data }));
  return { id, headerSize, declaredDataSize, formatBytes, format, data, warnings };
}

/**
 * Serializes a Wave (dat-format §5.1): u32 id, i32 H = formatBytes.length, i32 D = data.length,
 * then the format bytes and the data. Symmetric with {@link parseWave}.
 */
export function writeWave(w: { id: number; formatBytes: Uint8Array; data: Uint8Array }): Uint8Array {
  const out = new Uint8Array(12 + w.formatBytes.length + w.data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, w.id >>> 0, true);
  v.setInt32(4, w.formatBytes.length, true);
  v.setInt32(8, w.data.length, true);
  out.set(w.formatBytes, 12);
  out.set(w.data, 12 + w.formatBytes.length);
  return out;
}
