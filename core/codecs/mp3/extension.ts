/**
 * The MPEGLAYER3WAVEFORMAT extension of a tag-0x0055 format block (docs/formats/codecs.md §6.1):
 * 12 bytes after `cbSize` (H = 30, cbSize 12).
 */
import { UINT16_LE, UINT32_LE, struct } from '../../binary/token';
import type { StructValue } from '../../binary/token';

/** MPEGLAYER3WAVEFORMAT fields after WAVEFORMATEX, in order (docs/formats/codecs.md §6.1). */
export const Mp3ExtensionToken = struct({
  /** +18 `wID`: 1 = MPEGLAYER3_ID_MPEG. */
  wID: UINT16_LE,
  /** +20 `fdwFlags`: padding mode, 0 ISO, 1 on, 2 off. */
  fdwFlags: UINT32_LE,
  /** +24 `nBlockSize`: bytes per block (frame). */
  nBlockSize: UINT16_LE,
  /** +26 `nFramesPerBlock`: usually 1. */
  nFramesPerBlock: UINT16_LE,
  /** +28 `nCodecDelay`: decoder delay in samples (1393 is the Windows encoder's). */
  nCodecDelay: UINT16_LE,
});

/** The MPEGLAYER3WAVEFORMAT extension as read. */
export type Mp3Extension = StructValue<typeof Mp3ExtensionToken.fields>;

/** WAVE_FORMAT_MPEGLAYER3 (docs/formats/codecs.md §1). */
export const WAVE_FORMAT_MPEGLAYER3 = 0x0055;

/**
 * The extension of a format block, or null unless the tag is 0x0055 and the block holds the
 * 12 extension bytes (H ≥ 30; docs/formats/wave.md §2 — extra bytes are never an error).
 */
export function readMp3Extension(formatTag: number, formatBytes: Uint8Array): Mp3Extension | null {
  if (formatTag !== WAVE_FORMAT_MPEGLAYER3 || formatBytes.length < 18 + Mp3ExtensionToken.len) return null;
  return Mp3ExtensionToken.get(new DataView(formatBytes.buffer, formatBytes.byteOffset, formatBytes.byteLength), 18);
}
