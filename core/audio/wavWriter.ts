import { pcmLayout, pcmToInt16 } from '../codecs/pcm/decode';
import { codecFor } from '../codecs/registry';
import type { OriginalFile } from '../codecs/types';
import { DecodeError, WavFormatError } from '../errors';
import type { Wave } from '../objects/wave';
import { decodeWave } from './decode';
import type { PcmAudio } from './pcmAudio';
import { assertPcmAudio } from './pcmAudio';
import { buildRiffWave, ChunkHeaderToken, pcmFmtBody, RiffHeaderToken } from './riff';
import { viewOf } from '../binary/token';
import { assertWritableWave } from './playable';
import { wavFormatProblem } from './wavLimits';

/** Float sample → int16: round(x × 32768), clipped to [−32768, 32767] (inverse of /32768 decoding). */
export function floatToInt16(x: number): number {
  const s = Math.round(x * 32768);
  return s > 32767 ? 32767 : s < -32768 ? -32768 : s | 0;
}

/**
 * Wraps interleaved int16 samples in a 16-bit PCM RIFF/WAVE (fmt size 16, consistent fields, pad if odd).
 * @throws WavFormatError (offset 0: nothing written) when the format is not writable
 *   ({@link wavFormatProblem}: rate outside 1..384,000 Hz, channels outside 1..8, fields that would wrap)
 */
export function int16Wav(samples: Int16Array, channels: number, sampleRate: number): Uint8Array {
  const problem = wavFormatProblem({ channels, sampleRate, bitsPerSample: 16 });
  if (problem !== null) throw new WavFormatError(0, `not written: ${problem}`);
  const data = new Uint8Array(samples.length * 2);
  const v = new DataView(data.buffer);
  for (let i = 0; i < samples.length; i++) v.setInt16(i * 2, samples[i]!, true);
  return buildRiffWave([
    { id: 'fmt ', body: pcmFmtBody(channels, sampleRate, 16) },
    { id: 'data', body: data },
  ]);
}

/**
 * {@link int16Wav} of samples that are already 16-bit little-endian bytes (whole frames): the
 * bytes become the data chunk as they are.
 * @throws WavFormatError as {@link int16Wav}
 */
function pcm16Wav(data: Uint8Array, channels: number, sampleRate: number): Uint8Array {
  const problem = wavFormatProblem({ channels, sampleRate, bitsPerSample: 16 });
  if (problem !== null) throw new WavFormatError(0, `not written: ${problem}`);
  return buildRiffWave([
    { id: 'fmt ', body: pcmFmtBody(channels, sampleRate, 16) },
    { id: 'data', body: data },
  ]);
}

/**
 * Encodes float PCM as a 16-bit PCM RIFF/WAVE at `a.sampleRate` (rounded to an integer Hz) with
 * `a.channels.length` channels: fmt size 16, nBlockAlign = ch × 2, nAvgBytesPerSec = rate × nBlockAlign.
 * Samples are rounded and clipped ({@link floatToInt16}).
 * @throws RangeError if `a` has no channels, unequal channel lengths or a non-positive rate;
 *   WavFormatError for a format no valid WAV can have (see {@link int16Wav}).
 */
export function encodeWav16(a: PcmAudio): Uint8Array {
  assertPcmAudio(a);
  const ch = a.channels.length;
  const n = a.channels[0]!.length;
  const inter = new Int16Array(n * ch);
  for (let c = 0; c < ch; c++) {
    const src = a.channels[c]!;
    for (let i = 0; i < n; i++) inter[i * ch + c] = floatToInt16(src[i]!);
  }
  return int16Wav(inter, ch, Math.round(a.sampleRate));
}

/** The shape of audio written in chunks: known before the first sample (a WAV header carries its size). */
export interface AudioStreamFormat {
  /** Hz (rounded to an integer). */
  sampleRate: number;
  channels: number;
  /** Frames the whole file will hold. */
  frames: number;
}

/**
 * A file encoded in chunks: `header`, then `chunk(...)` for each run of frames in order; the bytes
 * joined are the file (for WAV exactly {@link encodeWav16} of the whole audio).
 */
export interface AudioStreamEncoder {
  readonly header: Uint8Array;
  /** The bytes of the next frames, `channels[c][i]` (equal lengths). @throws RangeError otherwise */
  chunk(channels: readonly Float32Array[]): Uint8Array;
}

/**
 * {@link encodeWav16} in chunks, for audio too long to hold (a 1-hour soundscape render): the
 * RIFF header with the data size of `format.frames`, then interleaved int16 per chunk, rounded
 * and clipped as {@link floatToInt16}. The caller must give exactly `frames` frames in all.
 * @throws WavFormatError (nothing written) when the format is not writable or the data would
 *   pass the 4 GiB RIFF limit
 */
export function wav16Stream(format: AudioStreamFormat): AudioStreamEncoder {
  const rate = Math.round(format.sampleRate);
  const ch = format.channels;
  const problem = wavFormatProblem({ channels: ch, sampleRate: rate, bitsPerSample: 16 });
  if (problem !== null) throw new WavFormatError(0, `not written: ${problem}`);
  const fmt = pcmFmtBody(ch, rate, 16);
  const dataSize = format.frames * ch * 2;
  const headerLen = RiffHeaderToken.len + ChunkHeaderToken.len + fmt.length + ChunkHeaderToken.len;
  if (!Number.isInteger(format.frames) || format.frames < 0 || headerLen - 8 + dataSize > 0xffffffff)
    throw new WavFormatError(0, `not written: ${format.frames} frames do not fit a RIFF file`);
  const header = new Uint8Array(headerLen);
  const v = viewOf(header);
  let p = RiffHeaderToken.put(v, 0, { id: 'RIFF', size: headerLen - 8 + dataSize, form: 'WAVE' });
  p = ChunkHeaderToken.put(v, p, { id: 'fmt ', size: fmt.length });
  header.set(fmt, p);
  p += fmt.length;
  ChunkHeaderToken.put(v, p, { id: 'data', size: dataSize });
  return {
    header,
    chunk(channels) {
      if (channels.length !== ch) throw new RangeError(`a chunk of ${channels.length} channels, expected ${ch}`);
      const n = channels[0]!.length;
      if (channels.some((c) => c.length !== n)) throw new RangeError('chunk channels of unequal length');
      const out = new Uint8Array(n * ch * 2);
      const w = viewOf(out);
      for (let c = 0; c < ch; c++) {
        const src = channels[c]!;
        for (let i = 0; i < n; i++) w.setInt16((i * ch + c) * 2, floatToInt16(src[i]!), true);
      }
      return out;
    },
  };
}

/**
 * "Decoded WAV" export: 16-bit PCM RIFF at the wave's own rate and channel count, with
 * consistent header fields (pitfalls #7). PCM sources are converted from the raw bytes and are
 * sample-exact (16-bit bit-identical; 8-bit as (b − 128) << 8, pitfalls #6; a trailing partial
 * frame is dropped); MP3 is decoded (mono stays mono, pitfalls #3) and rounded with clipping.
 * @throws DecodeError for unsupported formats or undecodable data, and for a format no valid
 *   WAV can have (playable.ts, the one rule: rate outside 100..384,000 Hz, 0 or more than 8 channels).
 */
export async function decodedWav(w: Wave): Promise<Uint8Array> {
  assertWritableWave(w);
  try {
    if (codecFor(w.format.wFormatTag).bitsAreSampleSize) {
      const { channels, frameBytes, frames } = pcmLayout(w);
      // 16-bit little-endian PCM is already the output's data chunk: copied, not re-encoded (issue #9)
      if (w.format.wBitsPerSample === 16)
        return pcm16Wav(w.data.subarray(0, frames * frameBytes), channels, w.format.nSamplesPerSec);
      return int16Wav(pcmToInt16(w), channels, w.format.nSamplesPerSec);
    }
    return encodeWav16(await decodeWave(w));
  } catch (e) {
    if (e instanceof WavFormatError)
      throw new DecodeError(w.id, `cannot be exported as a WAV: ${e.problem.replace(/^not written: /, '')}`);
    throw e;
  }
}

/**
 * "Original" export (pitfalls #1), as the wave's codec defines it (`codecFor(tag).original`):
 * PCM → RIFF/WAVE whose fmt chunk is the FULL stored format block (fmt size = H, e.g. 18) followed
 * by the stored data (pad byte if odd), NOT corrected, so a lint-flagged wave stays as stored;
 * MS/IMA ADPCM → the same with the whole stored block (coefficient table included) and a fact
 * chunk; MP3 → the bare data bytes (MPEG frames, possibly after an ID3v2 tag) as `.mp3`. Other
 * (undecodable) tags → RIFF with the full fmt and the data, extension 'wav' (no fact chunk: its
 * sample length is unknown without a decoder, so {@link parseWavStrict} rejects such a file as a
 * non-PCM WAV without `fact`).
 */
export function originalFile(w: Wave): OriginalFile {
  return codecFor(w.format.wFormatTag).original(w);
}
