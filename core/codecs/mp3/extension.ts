/**
 * The MPEGLAYER3WAVEFORMAT extension of a tag-0x0055 format block (docs/formats/codecs.md §6.1):
 * 12 bytes after `cbSize` (H = 30, cbSize 12).
 */
import { UINT16_LE, UINT32_LE, struct, viewOf } from '../../binary/token';
import type { StructValue } from '../../binary/token';

/** MPEGLAYER3WAVEFORMAT fields after WAVEFORMATEX, in order (docs/formats/codecs.md §6.1). */
const Mp3ExtensionStruct = struct({
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

const AT_ID = Mp3ExtensionStruct.offsetOf('wID');
const AT_FLAGS = Mp3ExtensionStruct.offsetOf('fdwFlags');
const AT_BLOCK = Mp3ExtensionStruct.offsetOf('nBlockSize');
const AT_FRAMES = Mp3ExtensionStruct.offsetOf('nFramesPerBlock');
const AT_DELAY = Mp3ExtensionStruct.offsetOf('nCodecDelay');

/**
 * The extension's token: the struct above, whose `get` reads the five fields at their offsets
 * into one fixed-shape object, in the struct's order (the generic struct `get` stores each field
 * by name: about as long as the rest of an MP3 Wave's header parse, issue #9).
 */
export const Mp3ExtensionToken: typeof Mp3ExtensionStruct = {
  ...Mp3ExtensionStruct,
  get: (v, o) => ({
    wID: UINT16_LE.get(v, o + AT_ID),
    fdwFlags: UINT32_LE.get(v, o + AT_FLAGS),
    nBlockSize: UINT16_LE.get(v, o + AT_BLOCK),
    nFramesPerBlock: UINT16_LE.get(v, o + AT_FRAMES),
    nCodecDelay: UINT16_LE.get(v, o + AT_DELAY),
  }),
};

/** The MPEGLAYER3WAVEFORMAT extension as read. */
export type Mp3Extension = StructValue<typeof Mp3ExtensionToken.fields>;

/** WAVE_FORMAT_MPEGLAYER3 (docs/formats/codecs.md §1). */
export const WAVE_FORMAT_MPEGLAYER3 = 0x0055;

/**
 * The extension of a format block, or null unless the tag is 0x0055 and the block holds the
 * 12 extension bytes (H ≥ 30; docs/formats/wave.md §2 — extra bytes are never an error).
 * @param view a DataView the caller has in which `formatBytes` starts at byte `at` (no view is
 *   made then; default: one over `formatBytes`)
 */
export function readMp3Extension(
  formatTag: number,
  formatBytes: Uint8Array,
  view?: DataView,
  at = 0,
): Mp3Extension | null {
  if (formatTag !== WAVE_FORMAT_MPEGLAYER3 || formatBytes.length < 18 + Mp3ExtensionToken.len) return null;
  if (view === undefined) return Mp3ExtensionToken.get(viewOf(formatBytes), 18);
  return Mp3ExtensionToken.get(view, at + 18);
}
