/**
 * The Wave's format block (docs/formats/wave.md §2): WAVEFORMAT (16 bytes), WAVEFORMATEX (+ cbSize)
 * and a codec's extension after it, exactly the body of a RIFF `fmt ` chunk. The layouts are the
 * tokens below, shared by the Wave reader/writer, the WAV writers and the strict WAV reader.
 */
import { UINT16_LE, UINT32_LE, getToken, struct, viewOf } from '../binary/token';
import type { Mp3Extension } from '../codecs/mp3/extension';
import { Mp3ExtensionToken, WAVE_FORMAT_MPEGLAYER3, readMp3Extension } from '../codecs/mp3/extension';
import { ObjectFormatError } from '../errors';

export type { Mp3Extension };
export { WAVE_FORMAT_MPEGLAYER3 };

/** WAVE_FORMAT_PCM (docs/formats/codecs.md §1). */
export const WAVE_FORMAT_PCM = 0x0001;

/** WAVEFORMAT / PCMWAVEFORMAT: the 16 bytes every format block starts with (docs/formats/wave.md §2). */
export const WaveFormatToken = struct({
  /** +0 `wFormatTag`: the full u16 codec tag (docs/formats/codecs.md §1). */
  wFormatTag: UINT16_LE,
  /** +2 `nChannels`. */
  nChannels: UINT16_LE,
  /** +4 `nSamplesPerSec`: frames per second, Hz. */
  nSamplesPerSec: UINT32_LE,
  /** +8 `nAvgBytesPerSec`: as declared; never used for lengths. */
  nAvgBytesPerSec: UINT32_LE,
  /** +12 `nBlockAlign`: PCM frame bytes, or an ADPCM block's bytes. */
  nBlockAlign: UINT16_LE,
  /** +14 `wBitsPerSample`: PCM 8/16/24/32, ADPCM 4, MP3 0. */
  wBitsPerSample: UINT16_LE,
});

/** WAVEFORMATEX: WAVEFORMAT + `cbSize` at +16, the number of extension bytes that follow (docs/formats/wave.md §2). */
export const WaveFormatExToken = struct({
  ...WaveFormatToken.fields,
  /** +16 `cbSize`: extension bytes after this field (0 PCM, 12 MP3, 32 MS ADPCM, 2 IMA ADPCM). */
  cbSize: UINT16_LE,
});

/** WAVEFORMATEX fields (docs/formats/wave.md §2) plus the MP3 extension when present. */
export interface WaveFormat {
  /** Full u16 tag: 0x0001 PCM, 0x0055 MP3, 0x0002 MS ADPCM, 0x0011 IMA ADPCM (docs/formats/codecs.md §1). */
  wFormatTag: number;
  nChannels: number;
  /** Hz. */
  nSamplesPerSec: number;
  /** Bytes per second as declared (may be wrong; see lint). */
  nAvgBytesPerSec: number;
  /** Bytes per frame (PCM) or per block (ADPCM) as declared (may be wrong; pitfalls #7). */
  nBlockAlign: number;
  wBitsPerSample: number;
  /** Present only when the header is at least 18 bytes. */
  cbSize: number | null;
  /** Present only for tag 0x55 with at least 30 header bytes. */
  mp3: Mp3Extension | null;
}

/** Largest header accepted: 18-byte WAVEFORMATEX + a u16 cbSize worth of extension. */
export const MAX_WAVE_HEADER_SIZE = WaveFormatExToken.len + 0xffff;

/**
 * Reads a format block of declared length `formatBytes.length` (pitfalls #4): the first 16
 * bytes are the base format, cbSize is read when there are ≥ 18 bytes, and the MP3 extension
 * only when the tag is 0x55 and ≥ 30 bytes are present. Extra bytes are never an error.
 * @param objectId used in error messages; `baseOffset` is where the block starts in the object.
 * @throws ObjectFormatError when fewer than 16 bytes are given.
 */
export function parseWaveFormat(formatBytes: Uint8Array, objectId = 0, baseOffset = 0): WaveFormat {
  const h = formatBytes.length;
  if (h < WaveFormatToken.len) {
    throw new ObjectFormatError(
      objectId,
      baseOffset,
      `format block of ${h} bytes is shorter than the 16-byte WAVEFORMAT`,
    );
  }
  return readWaveFormat(viewOf(formatBytes), 0, formatBytes);
}

/** Where each field of {@link WaveFormatExToken} lies in the block (from the token: one layout). */
const AT = {
  wFormatTag: WaveFormatExToken.offsetOf('wFormatTag'),
  nChannels: WaveFormatExToken.offsetOf('nChannels'),
  nSamplesPerSec: WaveFormatExToken.offsetOf('nSamplesPerSec'),
  nAvgBytesPerSec: WaveFormatExToken.offsetOf('nAvgBytesPerSec'),
  nBlockAlign: WaveFormatExToken.offsetOf('nBlockAlign'),
  wBitsPerSample: WaveFormatExToken.offsetOf('wBitsPerSample'),
  cbSize: WaveFormatExToken.offsetOf('cbSize'),
} as const;

/**
 * {@link parseWaveFormat} of the `formatBytes.length`-byte block (≥ 16, checked by the caller)
 * that starts at byte `at` of `view`: the fields read one by one at the offsets of
 * {@link WaveFormatExToken}, into an object of one fixed shape. The token's generic `get`
 * (a property store per field name) cost about 4 µs per Wave while listing (issue #9); the
 * values are the token's (tested: core/objects/waveFormat.test.ts).
 */
export function readWaveFormat(view: DataView, at: number, formatBytes: Uint8Array): WaveFormat {
  return readWaveFormatInto(view, at, formatBytes, emptyWaveFormat());
}

/**
 * {@link readWaveFormat} into `f`, every field overwritten (the index's listing reads every
 * Wave's format into one reused object, issue #9).
 * @returns `f`
 */
export function readWaveFormatInto(view: DataView, at: number, formatBytes: Uint8Array, f: WaveFormat): WaveFormat {
  const wFormatTag = UINT16_LE.get(view, at + AT.wFormatTag);
  f.wFormatTag = wFormatTag;
  f.nChannels = UINT16_LE.get(view, at + AT.nChannels);
  f.nSamplesPerSec = UINT32_LE.get(view, at + AT.nSamplesPerSec);
  f.nAvgBytesPerSec = UINT32_LE.get(view, at + AT.nAvgBytesPerSec);
  f.nBlockAlign = UINT16_LE.get(view, at + AT.nBlockAlign);
  f.wBitsPerSample = UINT16_LE.get(view, at + AT.wBitsPerSample);
  f.cbSize = formatBytes.length >= WaveFormatExToken.len ? UINT16_LE.get(view, at + AT.cbSize) : null;
  f.mp3 = readMp3Extension(wFormatTag, formatBytes, view, at);
  return f;
}

/** A {@link WaveFormat} of zeros (no cbSize, no MP3 extension), in the one shape every format has. */
export function emptyWaveFormat(): WaveFormat {
  return {
    wFormatTag: 0,
    nChannels: 0,
    nSamplesPerSec: 0,
    nAvgBytesPerSec: 0,
    nBlockAlign: 0,
    wBitsPerSample: 0,
    cbSize: null,
    mp3: null,
  };
}

/**
 * The extension bytes of a format block: those after `cbSize`, at most `cbSize` of them
 * (fewer when the block is shorter than it declares). Empty for a 16-byte block.
 */
export function formatExtension(formatBytes: Uint8Array): Uint8Array {
  if (formatBytes.length < WaveFormatExToken.len) return new Uint8Array(0);
  const cb = getToken(UINT16_LE, formatBytes, WaveFormatToken.len);
  return formatBytes.subarray(WaveFormatExToken.len, Math.min(formatBytes.length, WaveFormatExToken.len + cb));
}

/**
 * Encodes a WAVEFORMATEX block followed by `extension`: 18 + extension.length bytes with
 * cbSize = extension.length. Fields are written as given (no correction).
 */
export function encodeWaveFormatEx(
  f: Omit<WaveFormat, 'cbSize' | 'mp3'>,
  extension: Uint8Array = new Uint8Array(0),
): Uint8Array {
  const out = new Uint8Array(WaveFormatExToken.len + extension.length);
  WaveFormatExToken.put(viewOf(out), 0, {
    wFormatTag: f.wFormatTag,
    nChannels: f.nChannels,
    nSamplesPerSec: f.nSamplesPerSec,
    nAvgBytesPerSec: f.nAvgBytesPerSec,
    nBlockAlign: f.nBlockAlign,
    wBitsPerSample: f.wBitsPerSample,
    cbSize: extension.length,
  });
  out.set(extension, WaveFormatExToken.len);
  return out;
}

/**
 * Encodes a WaveFormat as a WAVEFORMATEX block: 18 bytes (cbSize 0) when `f.mp3` is null,
 * otherwise 30 bytes (cbSize 12 + MPEGLAYER3WAVEFORMAT extension). `f.cbSize` is ignored so
 * that the block is always self-consistent. Fields are written as given (no correction).
 */
export function encodeWaveFormat(f: WaveFormat): Uint8Array {
  if (!f.mp3) return encodeWaveFormatEx(f);
  const ext = new Uint8Array(Mp3ExtensionToken.len);
  Mp3ExtensionToken.put(viewOf(ext), 0, f.mp3);
  return encodeWaveFormatEx(f, ext);
}
