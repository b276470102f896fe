/**
 * The "how" of an export: an encoder turns audio into the bytes of one file. The "what" (decoded,
 * original, as heard) is core/export/formats.ts; the list of encoders is core/export/encoders.ts.
 */
import type { PcmAudio } from '../audio/pcmAudio';
import type { AudioStreamEncoder, AudioStreamFormat } from '../audio/wavWriter';
import type { Wave } from '../objects/wave';

/** One output encoder (WAV today; FLAC or Ogg would be one more file in `encoders/`). */
export interface Encoder {
  /** The name a request uses (`ExportRequest.encoder`), lower case: `wav`. */
  readonly name: string;
  /** What the Export dialog calls it: `WAV`. */
  readonly label: string;
  /** The file extension it writes, without the dot: `wav`. */
  readonly extension: string;
  /**
   * The "decoded" export of a Wave at its own rate and channels (an encoder may be sample-exact
   * for PCM sources, as WAV is).
   * @throws DecodeError for an unsupported or undecodable Wave, or one it cannot encode
   */
  encodeWave(wave: Wave): Promise<Uint8Array>;
  /**
   * Rendered audio (the "as heard" export: stereo at the source's rate).
   * @throws RangeError for malformed audio; WavFormatError (or the encoder's own) for a format it cannot write
   */
  encodeAudio(audio: PcmAudio): Uint8Array;
  /**
   * Rendered audio too long to hold (a soundscape render of up to an hour), in chunks: the
   * header, then each chunk's bytes; joined they equal {@link encodeAudio} of the whole.
   * @throws as {@link encodeAudio}, for the format, before any byte
   */
  streamAudio(format: AudioStreamFormat): AudioStreamEncoder;
}
