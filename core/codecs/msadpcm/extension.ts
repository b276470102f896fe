/**
 * The ADPCMWAVEFORMAT extension of a tag-0x0002 format block (docs/formats/codecs.md §4.1):
 * `wSamplesPerBlock`, `wNumCoef`, then `wNumCoef` pairs of i16 coefficients (the standard table
 * has 7 pairs: H = 18 + 4 + 28 = 50, cbSize 32). Variable size: read with the cursor.
 */
import { ByteWriter, ObjectReader } from '../../binary/cursor';
import { INT16_LE, UINT16_LE, struct } from '../../binary/token';
import type { StructValue } from '../../binary/token';

/** The fixed part after WAVEFORMATEX (docs/formats/codecs.md §4.1). */
export const MsAdpcmExtensionHeadToken = struct({
  /** +18 `wSamplesPerBlock`: frames per block = (nBlockAlign − 7·nChannels)·8 / (4·nChannels) + 2. */
  wSamplesPerBlock: UINT16_LE,
  /** +20 `wNumCoef`: number of coefficient pairs that follow (7 in the standard table). */
  wNumCoef: UINT16_LE,
});

/** One `ADPCMCOEFSET`: the predictor's two coefficients, fixed point ×256 (docs/formats/codecs.md §4.1). */
export const MsAdpcmCoefToken = struct({
  /** `iCoef1`: weight of the previous sample. */
  iCoef1: INT16_LE,
  /** `iCoef2`: weight of the sample before it. */
  iCoef2: INT16_LE,
});
export type MsAdpcmCoef = StructValue<typeof MsAdpcmCoefToken.fields>;

/** The MS ADPCM extension as read. */
export interface MsAdpcmExtension {
  wSamplesPerBlock: number;
  /** The coefficient table, `wNumCoef` pairs in stored order. */
  coefficients: MsAdpcmCoef[];
}

/** The standard coefficient table Microsoft's encoder writes (docs/formats/codecs.md §4.1). */
export const MS_ADPCM_STANDARD_COEFFICIENTS: readonly MsAdpcmCoef[] = [
  { iCoef1: 256, iCoef2: 0 },
  { iCoef1: 512, iCoef2: -256 },
  { iCoef1: 0, iCoef2: 0 },
  { iCoef1: 192, iCoef2: 64 },
  { iCoef1: 240, iCoef2: 0 },
  { iCoef1: 460, iCoef2: -208 },
  { iCoef1: 392, iCoef2: -232 },
];

/**
 * Reads the extension from the bytes after `cbSize` (at most `cbSize` of them).
 * @returns null when the bytes are too few for the head or for the `wNumCoef` pairs it declares.
 */
export function readMsAdpcmExtension(ext: Uint8Array): MsAdpcmExtension | null {
  const r = new ObjectReader(ext, 0);
  if (r.remaining < MsAdpcmExtensionHeadToken.len) return null;
  const head = r.token(MsAdpcmExtensionHeadToken, 'ADPCMWAVEFORMAT');
  if (r.remaining < head.wNumCoef * MsAdpcmCoefToken.len) return null;
  const coefficients: MsAdpcmCoef[] = [];
  for (let i = 0; i < head.wNumCoef; i++) coefficients.push(r.token(MsAdpcmCoefToken, 'ADPCMCOEFSET'));
  return { wSamplesPerBlock: head.wSamplesPerBlock, coefficients };
}

/** Writes the extension (the bytes after `cbSize`): symmetric with {@link readMsAdpcmExtension}. */
export function writeMsAdpcmExtension(e: MsAdpcmExtension): Uint8Array {
  const w = new ByteWriter(MsAdpcmExtensionHeadToken.len + e.coefficients.length * MsAdpcmCoefToken.len);
  w.token(MsAdpcmExtensionHeadToken, { wSamplesPerBlock: e.wSamplesPerBlock, wNumCoef: e.coefficients.length });
  for (const c of e.coefficients) w.token(MsAdpcmCoefToken, c);
  return w.finish();
}
