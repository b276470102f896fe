import { scanMpegStream } from './mpegFrames';
import type { WaveFormat } from './waveFormat';
import { WAVE_FORMAT_MPEGLAYER3, WAVE_FORMAT_PCM, formatTagHex, formatTagName, pcmFrameBytes } from './waveFormat';

const SUPPORTED_PCM_BITS = [8, 16, 24, 32];

/**
 * Lint of a Wave's header against itself and its data (pitfalls #3, #4, #7, #8; dat-format §5).
 * Returns human-readable warnings, e.g. "nBlockAlign 4 ≠ nChannels×wBitsPerSample/8 = 2".
 * Never throws. `data` is the (clamped) data held by the record.
 */
export function lintWave(w: { headerSize: number; format: WaveFormat; data: Uint8Array }): string[] {
  if (w.format.wFormatTag !== WAVE_FORMAT_MPEGLAYER3) return lintWaveFromLength({ headerSize: w.headerSize, format: w.format, dataLength: w.data.length })!;
  return [...lintCommon(w.headerSize, w.format), ...lintMp3(w.headerSize, w.format, w.data)];
}

/**
 * The same lint as {@link lintWave} computed from the header and the data LENGTH alone, for
 * every format whose lint does not look at the data bytes (PCM and unknown tags). Returns null
 * for MP3 (0x55), whose lint reads the MPEG frame headers: call {@link lintWave} with the data.
 * Never throws.
 */
export function lintWaveFromLength(w: { headerSize: number; format: WaveFormat; dataLength: number }): string[] | null {
  const f = w.format;
  if (f.wFormatTag === WAVE_FORMAT_MPEGLAYER3) return null;
  const out = lintCommon(w.headerSize, f);
  if (f.wFormatTag === WAVE_FORMAT_PCM) {
    const frame = pcmFrameBytes(f);
    if (!SUPPORTED_PCM_BITS.includes(f.wBitsPerSample)) out.push(`wBitsPerSample ${f.wBitsPerSample} is not 8, 16, 24 or 32`);
    if (f.nBlockAlign !== frame) out.push(`nBlockAlign ${f.nBlockAlign} ≠ nChannels×wBitsPerSample/8 = ${frame}`);
    const avg = f.nSamplesPerSec * frame;
    if (f.nAvgBytesPerSec !== avg) out.push(`nAvgBytesPerSec ${f.nAvgBytesPerSec} ≠ nSamplesPerSec×frame size = ${avg}`);
    if (frame > 0 && w.dataLength % frame !== 0) {
      const extra = w.dataLength % frame;
      out.push(
        `data length ${w.dataLength} bytes is not a whole number of ${frame}-byte frames; the trailing partial frame (${extra} byte${extra === 1 ? '' : 's'}) is dropped when decoding`,
      );
    }
  } else {
    out.push(`unknown format tag ${formatTagHex(f.wFormatTag)} (${formatTagName(f.wFormatTag)}): not decodable`);
  }
  return out;
}

/** Checks every format shares (channels, rate, cbSize against H). */
function lintCommon(headerSize: number, f: WaveFormat): string[] {
  const out: string[] = [];
  if (f.nChannels === 0) out.push('nChannels is 0');
  if (f.nSamplesPerSec === 0) out.push('nSamplesPerSec is 0');
  if (f.cbSize !== null && f.cbSize > headerSize - 18) {
    out.push(`cbSize ${f.cbSize} declares more extension bytes than the ${headerSize - 18} present (H = ${headerSize})`);
  }
  return out;
}

/** MP3 (0x55) checks: the extension is present and the frames agree with the header. */
function lintMp3(headerSize: number, f: WaveFormat, data: Uint8Array): string[] {
  const out: string[] = [];
  if (f.mp3 === null) out.push(`MP3 format block has no MPEGLAYER3WAVEFORMAT extension (H = ${headerSize}, expected 30)`);
  const s = scanMpegStream(data);
  if (s.first === null) {
    out.push('no MPEG audio frame found in the data');
    return out;
  }
  const h = s.first;
  if (h.layer !== 3) out.push(`MPEG Layer ${h.layer === 1 ? 'I' : 'II'} frames in a Layer III (0x0055) wave`);
  if (h.sampleRate !== f.nSamplesPerSec) out.push(`MPEG frames are ${h.sampleRate} Hz but the header says ${f.nSamplesPerSec} Hz`);
  if (h.channels !== f.nChannels) {
    out.push(`MPEG frames are ${h.channels === 1 ? 'mono (1 ch)' : 'stereo (2 ch)'} but the header says ${f.nChannels} channel${f.nChannels === 1 ? '' : 's'}`);
  }
  if (s.inconsistent) out.push('MPEG frames change version, layer, rate or channel count mid-stream');
  if (s.junkBytes > 0) out.push(`${s.junkBytes} bytes of non-MPEG data skipped in the stream`);
  if (s.truncatedBytes > 0) out.push(`final MPEG frame is truncated (${s.truncatedBytes} bytes)`);
  return out;
}
