import { UINT16_LE, getToken, viewOf } from '../binary/token';
import { WavFormatError } from '../errors';
import { PCM_BIT_DEPTHS } from '../codecs/pcm/decode';
import { codecFor, formatTagHex } from '../codecs/registry';
import { WaveFormatExToken, WaveFormatToken } from '../objects/waveFormat';
import { ChunkHeaderToken, FactToken, RiffHeaderToken } from './riff';

/** One chunk as found by the strict reader. `offset` is the chunk header's byte offset. */
export interface WavChunkInfo {
  id: string;
  offset: number;
  /** Declared body size (without the pad byte). */
  size: number;
}

/** A WAV file that passed {@link parseWavStrict}. */
export interface StrictWav {
  formatTag: number;
  channels: number;
  /** Hz. */
  sampleRate: number;
  avgBytesPerSec: number;
  blockAlign: number;
  bitsPerSample: number;
  /** cbSize when the fmt chunk is ≥ 18 bytes, else null. */
  cbSize: number | null;
  /** The whole fmt chunk body (its size is `fmtBytes.length`). */
  fmtBytes: Uint8Array;
  /** The data chunk body (a view into the input). */
  data: Uint8Array;
  /** PCM (tag 1): data.length / blockAlign; otherwise the fact chunk's sample length. */
  frames: number | null;
  /** Sample length from a fact chunk, or null. */
  factSampleLength: number | null;
  chunks: WavChunkInfo[];
}

/**
 * A STRICT RIFF/WAVE reader used to validate every exported file (docs/formats/wave.md §4; pitfalls #1, #5, #7, #8):
 * - "RIFF" size == file length − 8, form type "WAVE";
 * - chunks walked with their pad byte (odd sizes must be followed by a 0x00 pad), chunk ids
 *   printable ASCII, no chunk overrunning the file, no trailing garbage;
 * - exactly one `fmt ` (size ≥ 16, cbSize consistent with the size) before exactly one `data`;
 * - channels ≥ 1 and rate ≥ 1; for PCM (tag 1): bits 8/16/24/32, nBlockAlign == ch × bits/8,
 *   nAvgBytesPerSec == rate × nBlockAlign, data a whole number of frames;
 * - non-PCM formats need a 4-byte-or-larger `fact` chunk.
 * Other chunks (e.g. `LIST` after an odd data chunk and its pad) are accepted and listed.
 * @throws WavFormatError with the byte offset of the first problem.
 */
export function parseWavStrict(bytes: Uint8Array): StrictWav {
  const len = bytes.length;
  const v = viewOf(bytes);
  if (len < RiffHeaderToken.len) throw new WavFormatError(0, `file of ${len} bytes is too short for a RIFF header`);
  const riff = RiffHeaderToken.get(v, 0);
  if (riff.id !== 'RIFF') throw new WavFormatError(0, `missing "RIFF" tag`);
  if (riff.size !== len - 8)
    throw new WavFormatError(RiffHeaderToken.offsetOf('size'), `RIFF size ${riff.size} ≠ file length − 8 = ${len - 8}`);
  if (riff.form !== 'WAVE') throw new WavFormatError(RiffHeaderToken.offsetOf('form'), `form type is not "WAVE"`);

  const chunks: WavChunkInfo[] = [];
  let fmt: { at: number; body: Uint8Array } | null = null;
  let data: { at: number; body: Uint8Array } | null = null;
  let fact: { at: number; body: Uint8Array } | null = null;
  let p = RiffHeaderToken.len;
  while (p < len) {
    if (len - p < ChunkHeaderToken.len) throw new WavFormatError(p, `${len - p} trailing bytes after the last chunk`);
    for (let i = 0; i < 4; i++) {
      const c = bytes[p + i]!;
      if (c < 0x20 || c > 0x7e)
        throw new WavFormatError(
          p,
          `invalid chunk id (byte 0x${c.toString(16).padStart(2, '0')}); misaligned chunk or missing pad byte?`,
        );
    }
    const { id, size } = ChunkHeaderToken.get(v, p);
    const bodyAt = p + ChunkHeaderToken.len;
    if (size > len - bodyAt)
      throw new WavFormatError(p + 4, `chunk "${id}" size ${size} overruns the file (${len - bodyAt} bytes remain)`);
    let next = bodyAt + size;
    if (size & 1) {
      if (next >= len)
        throw new WavFormatError(next, `missing pad byte after odd-length chunk "${id}" (${size} bytes)`);
      if (bytes[next] !== 0)
        throw new WavFormatError(
          next,
          `pad byte after odd-length chunk "${id}" is 0x${bytes[next]!.toString(16)}, not 0`,
        );
      next++;
    }
    const body = bytes.subarray(bodyAt, bodyAt + size);
    chunks.push({ id, offset: p, size });
    if (id === 'fmt ') {
      if (fmt) throw new WavFormatError(p, 'second "fmt " chunk');
      if (data) throw new WavFormatError(p, '"fmt " chunk after "data"');
      fmt = { at: p, body };
    } else if (id === 'data') {
      if (data) throw new WavFormatError(p, 'second "data" chunk');
      if (!fmt) throw new WavFormatError(p, '"data" chunk before "fmt "');
      data = { at: p, body };
    } else if (id === 'fact') {
      if (fact) throw new WavFormatError(p, 'second "fact" chunk');
      fact = { at: p, body };
    }
    p = next;
  }
  if (!fmt) throw new WavFormatError(12, 'no "fmt " chunk');
  if (!data) throw new WavFormatError(fmt.at, 'no "data" chunk');

  const fb = fmt.body;
  if (fb.length < WaveFormatToken.len) throw new WavFormatError(fmt.at + 4, `fmt size ${fb.length} < 16`);
  const {
    wFormatTag: formatTag,
    nChannels: channels,
    nSamplesPerSec: sampleRate,
    nAvgBytesPerSec: avgBytesPerSec,
    nBlockAlign: blockAlign,
    wBitsPerSample: bitsPerSample,
  } = getToken(WaveFormatToken, fb);
  const exLen = WaveFormatExToken.len;
  const cbSize = fb.length >= exLen ? getToken(UINT16_LE, fb, WaveFormatToken.len) : null;
  const f = fmt.at + ChunkHeaderToken.len;
  const at = (field: keyof typeof WaveFormatExToken.fields): number => f + WaveFormatExToken.offsetOf(field);
  if (cbSize !== null && cbSize > fb.length - exLen)
    throw new WavFormatError(
      at('cbSize'),
      `cbSize ${cbSize} > the ${fb.length - exLen} extension bytes in a ${fb.length}-byte fmt`,
    );
  if (channels < 1) throw new WavFormatError(at('nChannels'), 'nChannels is 0');
  if (sampleRate < 1) throw new WavFormatError(at('nSamplesPerSec'), 'nSamplesPerSec is 0');

  let factSampleLength: number | null = null;
  if (fact) {
    if (fact.body.length < FactToken.len) throw new WavFormatError(fact.at + 4, `fact size ${fact.body.length} < 4`);
    factSampleLength = getToken(FactToken, fact.body).dwSampleLength;
  }

  let frames: number | null;
  if (codecFor(formatTag).bitsAreSampleSize) {
    if (!PCM_BIT_DEPTHS.includes(bitsPerSample))
      throw new WavFormatError(at('wBitsPerSample'), `PCM wBitsPerSample ${bitsPerSample} is not 8, 16, 24 or 32`);
    const expectAlign = (channels * bitsPerSample) / 8;
    if (blockAlign !== expectAlign)
      throw new WavFormatError(
        at('nBlockAlign'),
        `nBlockAlign ${blockAlign} ≠ nChannels×wBitsPerSample/8 = ${expectAlign}`,
      );
    if (avgBytesPerSec !== sampleRate * blockAlign) {
      throw new WavFormatError(
        at('nAvgBytesPerSec'),
        `nAvgBytesPerSec ${avgBytesPerSec} ≠ nSamplesPerSec×nBlockAlign = ${sampleRate * blockAlign}`,
      );
    }
    if (data.body.length % blockAlign !== 0) {
      throw new WavFormatError(
        data.at + 4,
        `data size ${data.body.length} is not a whole number of ${blockAlign}-byte frames`,
      );
    }
    frames = data.body.length / blockAlign;
  } else {
    if (factSampleLength === null)
      throw new WavFormatError(
        fmt.at,
        `non-PCM format ${formatTagHex(formatTag).toLowerCase()} without a "fact" chunk`,
      );
    frames = factSampleLength;
  }

  return {
    formatTag,
    channels,
    sampleRate,
    avgBytesPerSec,
    blockAlign,
    bitsPerSample,
    cbSize,
    fmtBytes: fb,
    data: data.body,
    frames,
    factSampleLength,
    chunks,
  };
}
