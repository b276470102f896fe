import { codecFor } from '../codecs/registry';
import type { Wave } from '../objects/wave';
import type { PcmAudio } from './pcmAudio';

/**
 * Decodes a Wave to float PCM at the wave's own rate with its codec (`codecFor(tag).decode`;
 * docs/formats/codecs.md): PCM 8 (unsigned)/16/24/32-bit, MP3 via dr_mp3 in WebAssembly (channel count
 * from the MPEG header), MS ADPCM and IMA ADPCM, any channel count.
 * @throws DecodeError("unsupported format 0xNNNN") for any other tag, and for undecodable data.
 */
export async function decodeWave(w: Wave): Promise<PcmAudio> {
  return codecFor(w.format.wFormatTag).decode(w);
}
