/**
 * Gapless information of an MP3 stream: the Xing/Info frame and its LAME extension
 * (docs/formats/codecs.md §6.3), and the trim an authored decode applies with it.
 *
 * Layout, all big-endian, from the "Xing"/"Info" tag (after the first frame's side information):
 *
 *   +0 "Xing" | "Info"   +4 u32 flags (1 frames, 2 bytes, 4 TOC, 8 quality)
 *   then, each only when its flag is set: u32 frames, u32 bytes, 100-byte TOC, u32 quality;
 *   then the LAME extension (36 bytes): +0 encoder string (9 ASCII), +9 revision/VBR method,
 *   +10 lowpass, +11 replay gain (8), +19 flags/ATH, +20 bitrate, +21 encoder delay (12 bits)
 *   and padding (12 bits), +24 misc, +25 MP3 gain, +26 preset (2), +28 music length (4),
 *   +32 music CRC (2), +34 tag CRC (2).
 */
import type { PcmAudio } from '../../audio/pcmAudio';
import { parseMpegFrameHeader, scanMpegStream, xingTagOffset } from '../../objects/mpegFrames';

/**
 * Samples an ISO Layer III decoder's output lags its input (the synthesis filterbank's 528 +
 * 1): the LAME convention the encoder delay is measured against, and mpg123's GAPLESS_DELAY.
 */
export const MP3_DECODER_DELAY = 529;

/** The Xing/Info frame's fields and, when present, its LAME extension's gapless fields. */
export interface XingFrame {
  tag: 'Xing' | 'Info';
  /** Audio frames in the stream (the Info frame not counted), or null when the flag is clear. */
  frames: number | null;
  /** Stream bytes, or null when the flag is clear. */
  bytes: number | null;
  /** The LAME extension, or null when the frame has none (no printable encoder string). */
  lame: {
    /** The 9-byte encoder string, e.g. "LAME3.100", trailing spaces and NULs trimmed. */
    encoder: string;
    /** Samples the encoder added before the audio (12 bits). */
    encoderDelay: number;
    /** Samples the encoder added after the audio to fill the last frame (12 bits). */
    encoderPadding: number;
  } | null;
}

const be32 = (b: Uint8Array, p: number): number =>
  ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;

/**
 * Reads the Xing/Info frame whose MPEG header is at `offset` (see the layout above); null when
 * that frame is not Layer III, has no "Xing"/"Info" tag, or its fields run past the frame.
 * The LAME extension counts only when its 9-byte encoder string is printable ASCII starting with
 * a letter (LAME writes "LAME3.100", FFmpeg "Lavf58.76"…); otherwise `lame` is null.
 */
export function readXingFrame(bytes: Uint8Array, offset: number): XingFrame | null {
  const h = parseMpegFrameHeader(bytes, offset);
  if (!h || h.layer !== 3) return null;
  const end = Math.min(bytes.length, offset + h.frameBytes);
  const at = xingTagOffset(offset, h);
  if (at + 8 > end) return null;
  const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  if (tag !== 'Xing' && tag !== 'Info') return null;
  const flags = be32(bytes, at + 4);
  let p = at + 8;
  const field = (bit: number, len: number): number | null => {
    if ((flags & bit) === 0) return null;
    const v = len === 4 && p + 4 <= end ? be32(bytes, p) : -1;
    p += len;
    return v;
  };
  const frames = field(1, 4);
  const byteCount = field(2, 4);
  field(4, 100);
  field(8, 4);
  if (p > end || frames === -1 || byteCount === -1) return null;
  let lame: XingFrame['lame'] = null;
  if (p + 24 <= end) {
    const chars = [...bytes.subarray(p, p + 9)];
    const printable = chars.every((c) => c === 0 || (c >= 0x20 && c <= 0x7e));
    const first = chars[0]!;
    if (printable && ((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a))) {
      const b0 = bytes[p + 21]!;
      const b1 = bytes[p + 22]!;
      const b2 = bytes[p + 23]!;
      lame = {
        encoder: String.fromCharCode(...chars).replace(/[\s\0]+$/, ''),
        encoderDelay: (b0 << 4) | (b1 >> 4),
        encoderPadding: ((b1 & 0x0f) << 8) | b2,
      };
    }
  }
  return { tag, frames, bytes: byteCount, lame };
}

/** What an authored decode trims from a stream's decoded samples (docs/formats/codecs.md §6.3). */
export interface GaplessTrim {
  /** Who wrote the numbers, e.g. "LAME3.100". */
  encoder: string;
  encoderDelay: number;
  encoderPadding: number;
  /** {@link MP3_DECODER_DELAY}. */
  decoderDelay: number;
}

/**
 * The gapless trim of an MP3 Wave's data: the LAME extension of its Xing/Info frame, or null
 * when there is none ("no gapless info") or its delay and padding add up to at least the
 * stream's samples (not believable).
 */
export function mp3Gapless(data: Uint8Array): GaplessTrim | null {
  const s = scanMpegStream(data);
  if (s.xingOffset === null) return null;
  const lame = readXingFrame(data, s.xingOffset)?.lame;
  if (!lame) return null;
  if (lame.encoderDelay + lame.encoderPadding >= s.pcmFrames) return null;
  return { ...lame, decoderDelay: MP3_DECODER_DELAY };
}

/**
 * The frames a trim keeps of `dataFrames` decoded frames, and where they start: the first
 * encoderDelay + decoderDelay are dropped and dataFrames − delay − padding are kept (fewer
 * when the padding is under the decoder delay and the stream ends first).
 */
export function gaplessSpan(dataFrames: number, t: GaplessTrim): { start: number; frames: number } {
  const start = Math.min(dataFrames, t.encoderDelay + t.decoderDelay);
  const frames = Math.max(0, Math.min(dataFrames - t.encoderDelay - t.encoderPadding, dataFrames - start));
  return { start, frames };
}

/** Cuts decoded audio to its gapless span ({@link gaplessSpan}); channels are copied. */
export function trimGapless(audio: PcmAudio, t: GaplessTrim): PcmAudio {
  const { start, frames } = gaplessSpan(audio.channels[0]?.length ?? 0, t);
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice(start, start + frames)) };
}
