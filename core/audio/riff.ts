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
  let total = 12;
  for (const c of chunks) total += 8 + c.body.length + (c.body.length & 1);
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string): void => {
    for (let i = 0; i < 4; i++) out[at + i] = s.charCodeAt(i) & 0xff;
  };
  ascii(0, 'RIFF');
  v.setUint32(4, total - 8, true);
  ascii(8, 'WAVE');
  let p = 12;
  for (const c of chunks) {
    if (c.id.length !== 4) throw new RangeError(`RIFF chunk id must be 4 characters: '${c.id}'`);
    ascii(p, c.id);
    v.setUint32(p + 4, c.body.length, true);
    out.set(c.body, p + 8);
    p += 8 + c.body.length + (c.body.length & 1); // pad byte already 0
  }
  return out;
}

/** A 16-byte PCM WAVEFORMAT body with consistent blockAlign and byte rate. */
export function pcmFmtBody(channels: number, sampleRate: number, bitsPerSample: number): Uint8Array {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  const blockAlign = channels * (bitsPerSample / 8);
  v.setUint16(0, 1, true);
  v.setUint16(2, channels, true);
  v.setUint32(4, sampleRate, true);
  v.setUint32(8, sampleRate * blockAlign, true);
  v.setUint16(12, blockAlign, true);
  v.setUint16(14, bitsPerSample, true);
  return b;
}
