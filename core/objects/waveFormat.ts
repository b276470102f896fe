import { ObjectFormatError } from '../errors';

/** WAVE_FORMAT_PCM. */
export const WAVE_FORMAT_PCM = 0x0001;
/** WAVE_FORMAT_MPEGLAYER3. */
export const WAVE_FORMAT_MPEGLAYER3 = 0x0055;

/** MPEGLAYER3WAVEFORMAT extension (dat-format §5.2), 12 bytes after cbSize. */
export interface Mp3Extension {
  /** 1 = MPEG. */
  wID: number;
  /** Padding mode: 0 ISO, 1 on, 2 off. */
  fdwFlags: number;
  /** Bytes per block (frame). */
  nBlockSize: number;
  nFramesPerBlock: number;
  /** Decoder delay in samples. */
  nCodecDelay: number;
}

/** WAVEFORMATEX fields (dat-format §5.2). */
export interface WaveFormat {
  /** Full u16 tag: 0x0001 PCM, 0x0055 MP3 (§5.3). */
  wFormatTag: number;
  nChannels: number;
  /** Hz. */
  nSamplesPerSec: number;
  /** Bytes per second as declared (may be wrong; see lint). */
  nAvgBytesPerSec: number;
  /** Bytes per frame as declared (may be wrong; pitfalls #7). */
  nBlockAlign: number;
  wBitsPerSample: number;
  /** Present only when the header is at least 18 bytes. */
  cbSize: number | null;
  /** Present only for tag 0x55 with at least 30 header bytes. */
  mp3: Mp3Extension | null;
}

/** Largest header accepted: 18-byte WAVEFORMATEX + a u16 cbSize worth of extension. */
export const MAX_WAVE_HEADER_SIZE = 18 + 0xffff;

/**
 * Reads a format block of declared length `formatBytes.length` (pitfalls #4): the first 16
 * bytes are the base format, cbSize is read when there are ≥ 18 bytes, and the MP3 extension
 * only when the tag is 0x55 and ≥ 30 bytes are present. Extra bytes are never an error.
 * @param objectId used in error messages; `baseOffset` is where the block starts in the object.
 * @throws ObjectFormatError when fewer than 16 bytes are given.
 */
export function parseWaveFormat(formatBytes: Uint8Array, objectId = 0, baseOffset = 0): WaveFormat {
  const h = formatBytes.length;
  if (h < 16) throw new ObjectFormatError(objectId, baseOffset, `format block of ${h} bytes is shorter than the 16-byte WAVEFORMAT`);
  const v = new DataView(formatBytes.buffer, formatBytes.byteOffset, formatBytes.byteLength);
  const wFormatTag = v.getUint16(0, true);
  const cbSize = h >= 18 ? v.getUint16(16, true) : null;
  const mp3: Mp3Extension | null =
    wFormatTag === WAVE_FORMAT_MPEGLAYER3 && h >= 30
      ? {
          wID: v.getUint16(18, true),
          fdwFlags: v.getUint32(20, true),
          nBlockSize: v.getUint16(24, true),
          nFramesPerBlock: v.getUint16(26, true),
          nCodecDelay: v.getUint16(28, true),
        }
      : null;
  return {
    wFormatTag,
    nChannels: v.getUint16(2, true),
    nSamplesPerSec: v.getUint32(4, true),
    nAvgBytesPerSec: v.getUint32(8, true),
    nBlockAlign: v.getUint16(12, true),
    wBitsPerSample: v.getUint16(14, true),
    cbSize,
    mp3,
  };
}

/**
 * Encodes a WaveFormat as a WAVEFORMATEX block: 18 bytes (cbSize 0) when `f.mp3` is null,
 * otherwise 30 bytes (cbSize 12 + MPEGLAYER3WAVEFORMAT extension). `f.cbSize` is ignored so
 * that the block is always self-consistent. Fields are written as given (no correction).
 */
export function encodeWaveFormat(f: WaveFormat): Uint8Array {
  const out = new Uint8Array(f.mp3 ? 30 : 18);
  const v = new DataView(out.buffer);
  v.setUint16(0, f.wFormatTag, true);
  v.setUint16(2, f.nChannels, true);
  v.setUint32(4, f.nSamplesPerSec >>> 0, true);
  v.setUint32(8, f.nAvgBytesPerSec >>> 0, true);
  v.setUint16(12, f.nBlockAlign, true);
  v.setUint16(14, f.wBitsPerSample, true);
  v.setUint16(16, f.mp3 ? 12 : 0, true);
  if (f.mp3) {
    v.setUint16(18, f.mp3.wID, true);
    v.setUint32(20, f.mp3.fdwFlags >>> 0, true);
    v.setUint16(24, f.mp3.nBlockSize, true);
    v.setUint16(26, f.mp3.nFramesPerBlock, true);
    v.setUint16(28, f.mp3.nCodecDelay, true);
  }
  return out;
}

/** Hex form of a format tag: `0x0055`. */
export function formatTagHex(tag: number): string {
  return '0x' + tag.toString(16).toUpperCase().padStart(4, '0');
}

/** Human name of a format tag ("PCM", "MP3", else the hex tag). */
export function formatTagName(tag: number): string {
  if (tag === WAVE_FORMAT_PCM) return 'PCM';
  if (tag === WAVE_FORMAT_MPEGLAYER3) return 'MP3';
  if (tag === 0x0002) return 'MS ADPCM';
  if (tag === 0x0011) return 'IMA ADPCM';
  return formatTagHex(tag);
}

/**
 * PCM frame size in bytes computed from the format, NOT from nBlockAlign (pitfalls #7):
 * nChannels × ceil(wBitsPerSample / 8). 0 when channels or bits are 0.
 */
export function pcmFrameBytes(f: WaveFormat): number {
  return f.nChannels * Math.ceil(f.wBitsPerSample / 8);
}
