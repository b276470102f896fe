/**
 * IMA (DVI) ADPCM block decoder (tag 0x0011), written to Microsoft's published description of
 * the format with the reference shift-add step (docs/formats/codecs.md §5.2): per block and channel
 * a header (i16 sample, u8 step index, u8 reserved), then 4-byte groups per channel, each 8 codes
 * low nibble first. Output equals SoX's decode within 1 LSB (tests against SoX-made fixtures).
 */
import { DecodeError } from '../../errors';
import type { AdpcmGeometry } from '../adpcmBlocks';

/** The 89 IMA step sizes (docs/formats/codecs.md §5.2). */
const STEPS = [
  7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
  130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060,
  1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484,
  7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
];
/** Step-index change per code magnitude (the sign bit does not matter). */
const INDEX_ADJUST = [-1, -1, -1, -1, 2, 4, 6, 8];
const MAX_INDEX = STEPS.length - 1;

/** Bytes of one channel's block header. */
export const IMA_ADPCM_HEADER_BYTES = 4;

/** Frames a (partial) block of `bytes` bytes holds: 1 from the header, 8 per further 4-byte group of every channel. */
export function imaAdpcmFramesIn(bytes: number, channels: number): number {
  if (channels <= 0 || bytes < IMA_ADPCM_HEADER_BYTES * channels) return 0;
  return 1 + 8 * Math.floor((bytes - IMA_ADPCM_HEADER_BYTES * channels) / (4 * channels));
}

/**
 * Decodes every block of `data` into int16 channels.
 * @param frames the total frames to produce (whole blocks × samplesPerBlock + the partial block's)
 * @throws DecodeError when a block header's step index is above 88
 */
export function decodeImaAdpcm(waveId: number, data: Uint8Array, g: AdpcmGeometry, frames: number): Int16Array[] {
  const ch = g.channels;
  const out = Array.from({ length: ch }, () => new Int16Array(frames));
  let done = 0;
  for (let block = 0; done < frames; block++) {
    const at = block * g.blockAlign;
    const end = Math.min(data.length, at + g.blockAlign);
    const n = Math.min(g.samplesPerBlock, imaAdpcmFramesIn(end - at, ch), frames - done);
    if (n <= 0) break;
    for (let c = 0; c < ch; c++) {
      const h = at + c * IMA_ADPCM_HEADER_BYTES;
      let sample = ((data[h]! | (data[h + 1]! << 8)) << 16) >> 16;
      let index = data[h + 2]!;
      if (index > MAX_INDEX) {
        throw new DecodeError(
          waveId,
          `IMA ADPCM block ${block} channel ${c} starts at step index ${index} (> ${MAX_INDEX}) (data offset ${h + 2})`,
        );
      }
      const dst = out[c]!;
      dst[done] = sample;
      for (let i = 1; i < n; i++) {
        // Codes 1..8 of group k of channel c lie at: after the headers, group k of all channels, then c's 4 bytes.
        const j = i - 1;
        const byteAt = at + IMA_ADPCM_HEADER_BYTES * ch + (Math.floor(j / 8) * ch + c) * 4 + ((j % 8) >> 1);
        const code = j & 1 ? data[byteAt]! >> 4 : data[byteAt]! & 0x0f;
        const step = STEPS[index]!;
        let diff = step >> 3;
        if (code & 4) diff += step;
        if (code & 2) diff += step >> 1;
        if (code & 1) diff += step >> 2;
        sample = code & 8 ? sample - diff : sample + diff;
        sample = sample > 32767 ? 32767 : sample < -32768 ? -32768 : sample;
        index += INDEX_ADJUST[code & 7]!;
        index = index < 0 ? 0 : index > MAX_INDEX ? MAX_INDEX : index;
        dst[done + i] = sample;
      }
    }
    done += n;
  }
  return done === frames ? out : out.map((o) => o.slice(0, done));
}
