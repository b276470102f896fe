/**
 * The reference MP3 decode the tests compare with: libmpg123 (mpg123-decoder 1.0.3, a
 * devDependency, the app's decoder before dr_mp3 — docs/formats/codecs.md), one fresh decoder per
 * call, freed after.
 */
import { MPEGDecoder, type MPEGDecodedAudio } from 'mpg123-decoder';

/** `data` decoded by a brand-new libmpg123 decoder; `gapless` off by default, as the app decodes. */
export async function mpg123Decode(data: Uint8Array, gapless = false): Promise<MPEGDecodedAudio> {
  const d = new MPEGDecoder({ enableGapless: gapless });
  await d.ready;
  try {
    return d.decode(data);
  } finally {
    d.free();
  }
}
