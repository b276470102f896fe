/**
 * Microsoft ADPCM block decoder (tag 0x0002), written to Microsoft's published description of the
 * format (docs/formats/codecs.md §4.2): per block and channel a header (predictor index, initial
 * delta, sample 1, sample 2), then 4-bit codes high nibble first, channels interleaved nibble by
 * nibble. Output equals SoX's decode within 1 LSB (tests against SoX-made fixtures).
 */
import { DecodeError } from '../../errors';
import type { AdpcmGeometry } from '../adpcmBlocks';
import type { MsAdpcmCoef } from './extension';

/** Delta adaptation, ×256 (docs/formats/codecs.md §4.2). */
const ADAPTATION = [230, 230, 230, 230, 307, 409, 512, 614, 768, 614, 512, 409, 307, 230, 230, 230];

/** Bytes of one channel's block header: bPredictor (1), iDelta (2), iSamp1 (2), iSamp2 (2). */
export const MS_ADPCM_HEADER_BYTES = 7;

/** Frames a (partial) block of `bytes` bytes holds: 2 from the header, then 2 codes per byte across the channels. */
export function msAdpcmFramesIn(bytes: number, channels: number): number {
  if (channels <= 0 || bytes < MS_ADPCM_HEADER_BYTES * channels) return 0;
  return Math.floor((2 * (bytes - MS_ADPCM_HEADER_BYTES * channels)) / channels) + 2;
}

const clamp16 = (x: number): number => (x > 32767 ? 32767 : x < -32768 ? -32768 : x);

/**
 * Decodes every block of `data` into int16 channels.
 * @param frames the total frames to produce (whole blocks × samplesPerBlock + the partial block's)
 * @throws DecodeError when a block's predictor index is outside the coefficient table
 */
export function decodeMsAdpcm(
  waveId: number,
  data: Uint8Array,
  g: AdpcmGeometry,
  coefficients: readonly MsAdpcmCoef[],
  frames: number,
): Int16Array[] {
  const ch = g.channels;
  const out = Array.from({ length: ch }, () => new Int16Array(frames));
  const coef1 = new Int32Array(ch);
  const coef2 = new Int32Array(ch);
  const delta = new Int32Array(ch);
  const s1 = new Int32Array(ch);
  const s2 = new Int32Array(ch);
  let done = 0;
  for (let block = 0; done < frames; block++) {
    const at = block * g.blockAlign;
    const end = Math.min(data.length, at + g.blockAlign);
    const n = Math.min(g.samplesPerBlock, msAdpcmFramesIn(end - at, ch), frames - done);
    if (n <= 0) break;
    let p = at;
    for (let c = 0; c < ch; c++) {
      const pred = data[p++]!;
      const pair = coefficients[pred];
      if (!pair) {
        throw new DecodeError(
          waveId,
          `MS ADPCM block ${block} channel ${c} uses predictor ${pred}, but the table has ${coefficients.length} (data offset ${at})`,
        );
      }
      coef1[c] = pair.iCoef1;
      coef2[c] = pair.iCoef2;
    }
    const i16 = (): number => {
      const v = ((data[p]! | (data[p + 1]! << 8)) << 16) >> 16;
      p += 2;
      return v;
    };
    for (let c = 0; c < ch; c++) delta[c] = i16();
    for (let c = 0; c < ch; c++) s1[c] = i16();
    for (let c = 0; c < ch; c++) s2[c] = i16();
    // The header's samples come out oldest first: iSamp2, then iSamp1.
    for (let c = 0; c < ch; c++) {
      out[c]![done] = s2[c]!;
      if (n > 1) out[c]![done + 1] = s1[c]!;
    }
    let c = 0;
    let hi = true;
    for (let k = 2 * ch; k < n * ch; k++) {
      const byte = data[p]!;
      const code = hi ? byte >> 4 : byte & 0x0f;
      if (!hi) p++;
      hi = !hi;
      const signed = code >= 8 ? code - 16 : code;
      const predicted = (s1[c]! * coef1[c]! + s2[c]! * coef2[c]!) >> 8;
      const sample = clamp16(predicted + signed * delta[c]!);
      const next = (ADAPTATION[code]! * delta[c]!) >> 8;
      delta[c] = next < 16 ? 16 : next;
      s2[c] = s1[c]!;
      s1[c] = sample;
      out[c]![done + Math.floor(k / ch)] = sample;
      if (++c === ch) c = 0;
    }
    done += n;
  }
  return done === frames ? out : out.map((o) => o.slice(0, done));
}
