import type { PcmAudio } from '../../audio/pcmAudio';
import { DecodeError } from '../../errors';
import { scanMpegStream } from '../../objects/mpegFrames';
import type { Wave } from '../../objects/wave';
import { decodeMpegStreamInto } from './mpg123Reuse';

/**
 * Decodes an MP3 (tag 0x55) Wave's data with mpg123-decoder (WASM, works in Node and in a
 * bundled Chromium renderer), one reused decoder for every Wave (./mpg123Reuse.ts). The data is a
 * plain concatenation of MPEG frames (optionally after an ID3v2 tag) and is decoded without gapless trimming, as the retail ACM codec does,
 * so the frame count equals the header maths (frames × samplesPerFrame).
 *
 * One length everywhere (docs/formats/codecs.md §6.2): the output has exactly the stream's
 * `pcmFrames` (the complete audio frames the listing counts, {@link scanMpegStream}). On a
 * damaged stream mpg123 may decode a frame the scan rejected, or drop one it counted: the output
 * is then cut, or padded at the end with silence, to that length, so the list, the Wave view,
 * playback and exports agree.
 *
 * mpg123-decoder always returns two channels (mono copied into both); the channel count is
 * taken from the MPEG frame header instead and a mono stream returns ONE channel (pitfalls #3).
 * @throws DecodeError when no MPEG frame is found, or the decoder yields 0 samples (garbage gives
 *   0 samples and no error), or the decoder throws. Never returns silence for a failure.
 */
export async function decodeMp3(w: Wave): Promise<PcmAudio> {
  const stream = scanMpegStream(w.data);
  if (stream.first === null) throw new DecodeError(w.id, 'MP3 data holds no MPEG audio frame');
  const channels = stream.first.channels;
  try {
    // one decoder (WASM instance) for every Wave, a fresh mpg123 handle for each, the output copied
    // once, from the WASM heap into arrays of the listed length (mpg123Reuse.ts); loaded on the
    // first MP3 decode: a process that lists or exports PCM never parses the decoder's 80 KB and
    // its embedded WASM (issue #9; bundles emit it as its own chunk)
    const r = await decodeMpegStreamInto(w.data, channels === 1 ? 1 : 2, stream.pcmFrames);
    if (r.samplesDecoded <= 0) {
      const why = r.errors.length > 0 ? `: ${r.errors.join('; ')}` : '';
      throw new DecodeError(w.id, `MP3 decoder produced no samples${why}`);
    }
    return { sampleRate: r.sampleRate || stream.first.sampleRate, channels: r.channels };
  } catch (e) {
    if (e instanceof DecodeError) throw e;
    throw new DecodeError(w.id, `MP3 decoder failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
