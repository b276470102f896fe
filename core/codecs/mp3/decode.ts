import type { PcmAudio } from '../../audio/pcmAudio';
import { DecodeError } from '../../errors';
import { scanMpegStream } from '../../objects/mpegFrames';
import type { Wave } from '../../objects/wave';
import { decodeMpegStreamInto } from './wasmDecoder';

/**
 * Decodes an MP3 (tag 0x55) Wave's data with the project's WebAssembly build of dr_mp3
 * (./wasmDecoder.ts; works in Node and in the bundled Chromium renderer), one decoder for every
 * Wave. The data is a plain concatenation of MPEG frames (optionally after an ID3v2 tag) and is
 * decoded without gapless trimming, as the retail ACM codec does, so the frame count equals the
 * header maths (frames × samplesPerFrame).
 *
 * One length everywhere (docs/formats/codecs.md §6.2): the output has exactly the stream's
 * `pcmFrames` (the complete audio frames the listing counts, {@link scanMpegStream}). On a
 * damaged stream the decoder may decode a frame the scan rejected, or drop one it counted: the
 * output is then cut, or padded at the end with silence, to that length, so the list, the Wave
 * view, playback and exports agree.
 *
 * The channel count is taken from the MPEG frame header: a mono stream returns ONE channel
 * (pitfalls #3).
 * @throws DecodeError when no MPEG frame is found, or the decoder yields 0 samples, or the
 *   decoder throws. Never returns silence for a failure.
 */
export async function decodeMp3(w: Wave): Promise<PcmAudio> {
  const stream = scanMpegStream(w.data);
  if (stream.first === null) throw new DecodeError(w.id, 'MP3 data holds no MPEG audio frame');
  const channels = stream.first.channels;
  try {
    // one decoder (WASM instance) for every Wave, the output copied once, from the WASM heap into
    // arrays of the listed length; built on the first MP3 decode: a process that lists or exports
    // PCM never compiles the module (issue #9; bundles emit it as its own chunk)
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
