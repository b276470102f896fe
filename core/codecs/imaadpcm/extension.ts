/**
 * The IMAADPCMWAVEFORMAT extension of a tag-0x0011 format block (docs/formats/codecs.md §5.1):
 * 2 bytes after `cbSize` (H = 20, cbSize 2).
 */
import { UINT16_LE, struct } from '../../binary/token';
import type { StructValue } from '../../binary/token';

/** IMAADPCMWAVEFORMAT fields after WAVEFORMATEX (docs/formats/codecs.md §5.1). */
export const ImaAdpcmExtensionToken = struct({
  /** +18 `wSamplesPerBlock`: frames per block = (nBlockAlign − 4·nChannels)·8 / (4·nChannels) + 1. */
  wSamplesPerBlock: UINT16_LE,
});

/** The IMA ADPCM extension as read. */
export type ImaAdpcmExtension = StructValue<typeof ImaAdpcmExtensionToken.fields>;
