/**
 * RIFF/WAVE layouts (docs/formats/wave.md §4) as tokens shared by the WAV writers and the strict
 * reader (wavStrict.ts), and the one RIFF builder.
 */
import { FOURCC, UINT32_LE, encodeToken, struct, viewOf } from '../binary/token';
import { WAVE_FORMAT_PCM, WaveFormatToken } from '../objects/waveFormat';

/** The file header: "RIFF", size = file length − 8, form type "WAVE" (docs/formats/wave.md §4). */
export const RiffHeaderToken = struct({
  /** "RIFF". */
  id: FOURCC,
  /** Bytes after this field: file length − 8, every pad byte included. */
  size: UINT32_LE,
  /** "WAVE". */
  form: FOURCC,
});

/** A chunk header: 4-character id and body size without the pad byte (docs/formats/wave.md §4). */
export const ChunkHeaderToken = struct({
  id: FOURCC,
  size: UINT32_LE,
});

/** The `fact` chunk body: the sample length in frames, required for non-PCM data (docs/formats/wave.md §4). */
export const FactToken = struct({
  dwSampleLength: UINT32_LE,
});

/** A RIFF chunk to write: 4-character id and body (the pad byte is added by {@link buildRiffWave}). */
export interface RiffChunk {
  id: string;
  body: Uint8Array;
}

/**
 * Builds `RIFF <size> WAVE` followed by the chunks. Each odd-length chunk body is followed by
 * one 0x00 pad byte that the chunk size does NOT include; the RIFF size includes every pad,
 * so RIFF size = file length − 8 (pitfalls #5).
 */
export function buildRiffWave(chunks: readonly RiffChunk[]): Uint8Array {
  let total = RiffHeaderToken.len;
  for (const c of chunks) total += ChunkHeaderToken.len + c.body.length + (c.body.length & 1);
  const out = new Uint8Array(total);
  const v = viewOf(out);
  let p = RiffHeaderToken.put(v, 0, { id: 'RIFF', size: total - 8, form: 'WAVE' });
  for (const c of chunks) {
    if (c.id.length !== 4) throw new RangeError(`RIFF chunk id must be 4 characters: '${c.id}'`);
    p = ChunkHeaderToken.put(v, p, { id: c.id, size: c.body.length });
    out.set(c.body, p);
    p += c.body.length + (c.body.length & 1); // pad byte already 0
  }
  return out;
}

/** A 16-byte PCM WAVEFORMAT body with consistent blockAlign and byte rate. */
export function pcmFmtBody(channels: number, sampleRate: number, bitsPerSample: number): Uint8Array {
  const blockAlign = channels * (bitsPerSample / 8);
  return encodeToken(WaveFormatToken, {
    wFormatTag: WAVE_FORMAT_PCM,
    nChannels: channels,
    nSamplesPerSec: sampleRate,
    nAvgBytesPerSec: sampleRate * blockAlign,
    nBlockAlign: blockAlign,
    wBitsPerSample: bitsPerSample,
  });
}

/** A `fact` chunk body for `frames` sample frames. */
export function factBody(frames: number): Uint8Array {
  return encodeToken(FactToken, { dwSampleLength: frames });
}
