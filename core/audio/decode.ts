import { DecodeError } from '../errors';
import type { Wave } from '../objects';
import { WAVE_FORMAT_MPEGLAYER3, WAVE_FORMAT_PCM, formatTagHex } from '../objects';
import { decodeMp3 } from './decodeMp3';
import { decodePcm } from './pcmCodec';
import type { PcmAudio } from './pcmAudio';

/**
 * Decodes a Wave to float PCM at the wave's own rate (dat-format §5.3):
 * - tag 0x0001 PCM 8 (unsigned), 16, 24, 32-bit, any channel count — frames = floor(bytes / (ch × bits/8));
 * - tag 0x0055 MP3 via mpg123-decoder, channel count from the MPEG header (mono → 1 channel).
 * @throws DecodeError("unsupported format 0xNNNN") for any other tag, and for undecodable data.
 */
export async function decodeWave(w: Wave): Promise<PcmAudio> {
  const tag = w.format.wFormatTag;
  if (tag === WAVE_FORMAT_PCM) return decodePcm(w);
  if (tag === WAVE_FORMAT_MPEGLAYER3) return decodeMp3(w);
  throw new DecodeError(w.id, `unsupported format ${formatTagHex(tag)}`);
}
