/**
 * A small MPEG audio (MPEG-1/2/2.5, Layer I/II/III) frame-header parser and stream walker,
 * used for Wave facts and lint (dat-format §5.3, pitfalls #3). Platform-free, no decoding.
 *
 * Header bits (ISO 11172-3 / 13818-3): 11-bit sync, version (00 = 2.5, 10 = 2, 11 = 1),
 * layer (01 = III, 10 = II, 11 = I), protection, bitrate index, sample-rate index, padding,
 * private, channel mode (11 = mono).
 */

export type MpegVersion = 1 | 2 | 2.5;

export interface MpegFrameHeader {
  version: MpegVersion;
  layer: 1 | 2 | 3;
  /** kbit/s. */
  bitrateKbps: number;
  /** Hz. */
  sampleRate: number;
  padding: boolean;
  crc: boolean;
  /** 0 stereo, 1 joint stereo, 2 dual channel, 3 mono. */
  channelMode: number;
  channels: 1 | 2;
  /** PCM frames (per channel) one MPEG frame decodes to: 384 (L1), 1152 (L2, MPEG-1 L3), 576 (MPEG-2/2.5 L3). */
  samplesPerFrame: number;
  /** Whole frame length in bytes, header included. */
  frameBytes: number;
}

/** kbit/s by [MPEG-1 ? 0 : 1][layer − 1][bitrate index]; index 0 = free format (unsupported here), 15 = invalid. */
const BITRATES: readonly (readonly (readonly number[])[])[] = [
  [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
];

/** Hz by the header's version bits (3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5; 1 is reserved) and rate index. */
const SAMPLE_RATES: readonly (readonly number[])[] = [
  [11025, 12000, 8000],
  [],
  [22050, 24000, 16000],
  [44100, 48000, 32000],
];

/**
 * Parses the 4-byte frame header at `offset`. Returns null when the bytes are not a valid
 * header (no sync, reserved version/layer/rate, bad or free-format bitrate).
 */
export function parseMpegFrameHeader(bytes: Uint8Array, offset: number): MpegFrameHeader | null {
  const h = blankHeader();
  return readMpegFrameHeader(bytes, offset, h) ? h : null;
}

/** A header object to read into (every field set, so all headers share one shape). */
function blankHeader(): MpegFrameHeader {
  return {
    version: 1,
    layer: 3,
    bitrateKbps: 0,
    sampleRate: 0,
    padding: false,
    crc: false,
    channelMode: 0,
    channels: 2,
    samplesPerFrame: 0,
    frameBytes: 0,
  };
}

/**
 * {@link parseMpegFrameHeader} into `out` (overwritten only when the header is valid): the stream
 * walk reads every frame's header into one object instead of making two per frame (issue #9:
 * they were a fifth of what open + list allocated).
 * @returns false when the bytes at `offset` are not a valid header
 */
function readMpegFrameHeader(bytes: Uint8Array, offset: number, out: MpegFrameHeader): boolean {
  if (offset < 0 || offset + 4 > bytes.length) return false;
  const b0 = bytes[offset]!;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const b3 = bytes[offset + 3]!;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const vBits = (b1 >> 3) & 3;
  const lBits = (b1 >> 1) & 3;
  if (vBits === 1 || lBits === 0) return false;
  const version: MpegVersion = vBits === 3 ? 1 : vBits === 2 ? 2 : 2.5;
  const layer = (4 - lBits) as 1 | 2 | 3;
  const brIndex = b2 >> 4;
  const srIndex = (b2 >> 2) & 3;
  if (brIndex === 0 || brIndex === 15 || srIndex === 3) return false;
  const bitrateKbps = BITRATES[version === 1 ? 0 : 1]![layer - 1]![brIndex]!;
  const sampleRate = SAMPLE_RATES[vBits]![srIndex]!;
  const padding = ((b2 >> 1) & 1) === 1;
  const channelMode = b3 >> 6;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 ? 1152 : version === 1 ? 1152 : 576;
  let frameBytes: number;
  if (layer === 1) frameBytes = (Math.floor((12 * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0)) * 4;
  else frameBytes = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0);
  out.version = version;
  out.layer = layer;
  out.bitrateKbps = bitrateKbps;
  out.sampleRate = sampleRate;
  out.padding = padding;
  out.crc = (b1 & 1) === 0;
  out.channelMode = channelMode;
  out.channels = channelMode === 3 ? 1 : 2;
  out.samplesPerFrame = samplesPerFrame;
  out.frameBytes = frameBytes;
  return true;
}

/** Total length (bytes) of an ID3v2 tag at `offset` (10-byte header + syncsafe size + optional footer), or 0. */
export function id3v2Length(bytes: Uint8Array, offset = 0): number {
  if (offset + 10 > bytes.length) return 0;
  if (bytes[offset] !== 0x49 || bytes[offset + 1] !== 0x44 || bytes[offset + 2] !== 0x33) return 0; // "ID3"
  const flags = bytes[offset + 5]!;
  const s = [bytes[offset + 6]!, bytes[offset + 7]!, bytes[offset + 8]!, bytes[offset + 9]!];
  if (s.some((b) => b & 0x80)) return 0;
  const size = (s[0]! << 21) | (s[1]! << 14) | (s[2]! << 7) | s[3]!;
  return 10 + size + (flags & 0x10 ? 10 : 0);
}

/**
 * Where a Layer III frame's "Xing"/"Info" tag would start: after the 4-byte header, the CRC if
 * any, and the side information (17/32 bytes MPEG-1 mono/stereo, 9/17 MPEG-2/2.5).
 */
export function xingTagOffset(offset: number, h: MpegFrameHeader): number {
  const sideInfo = h.version === 1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  return offset + 4 + (h.crc ? 2 : 0) + sideInfo;
}

/** True when the frame at `offset` is a Xing/Info (VBR/LAME) metadata frame rather than audio. */
function isXingFrame(bytes: Uint8Array, offset: number, h: MpegFrameHeader): boolean {
  if (h.layer !== 3) return false;
  const at = xingTagOffset(offset, h);
  if (at + 4 > bytes.length) return false;
  const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
  return tag === 'Xing' || tag === 'Info';
}

/** Result of walking an MPEG audio byte stream frame by frame. */
export interface MpegStreamInfo {
  /** Bytes of a leading ID3v2 tag (0 if none). */
  id3Bytes: number;
  /** Complete audio frames found (a Xing/Info metadata frame is not counted). */
  frameCount: number;
  /** Sum of samplesPerFrame over the complete audio frames: PCM frames per channel. */
  pcmFrames: number;
  /** Header of the first audio frame, or null when none was found. */
  first: MpegFrameHeader | null;
  /** Byte offset of that first audio frame (after any ID3v2 tag, junk and Xing/Info frame), or null. */
  firstOffset: number | null;
  /** Where the frames end: the data's length, less a trailing 128-byte ID3v1 "TAG" block. */
  endOffset: number;
  /** True if a Xing/Info frame was found (and skipped) at the start. */
  hasXing: boolean;
  /** Byte offset of that Xing/Info frame (its header), or null. */
  xingOffset: number | null;
  /** Bytes skipped while searching for sync (not counting the ID3 tag). */
  junkBytes: number;
  /** Bytes of an incomplete final frame. */
  truncatedBytes: number;
  /** True if any frame's version, layer, rate or channel count differs from the first. */
  inconsistent: boolean;
}

/**
 * Walks the MPEG frames of `bytes`: skips a leading ID3v2 tag and a trailing ID3v1 "TAG"
 * block, resyncs over junk (a header counts only when the next frame also starts with a
 * valid header or it ends exactly at the end of the stream), and counts complete frames.
 */
export function scanMpegStream(bytes: Uint8Array): MpegStreamInfo {
  // facts, lint and decode each ask for the same Wave's stream in a row: walk it once (issue #9)
  if (lastScan !== null && lastScan.bytes === bytes && lastScan.length === bytes.length) return lastScan.info;
  const info = walkMpegStream(bytes);
  lastScan = { bytes, length: bytes.length, info };
  return info;
}

/** The last stream walked (by array identity and length): {@link scanMpegStream}'s one-entry memo. */
let lastScan: { bytes: Uint8Array; length: number; info: MpegStreamInfo } | null = null;

function walkMpegStream(bytes: Uint8Array): MpegStreamInfo {
  const id3Bytes = Math.min(id3v2Length(bytes, 0), bytes.length);
  let end = bytes.length;
  if (end - id3Bytes >= 128 && bytes[end - 128] === 0x54 && bytes[end - 127] === 0x41 && bytes[end - 126] === 0x47)
    end -= 128;
  const info: MpegStreamInfo = {
    id3Bytes,
    frameCount: 0,
    pcmFrames: 0,
    first: null,
    firstOffset: null,
    endOffset: end,
    hasXing: false,
    xingOffset: null,
    junkBytes: 0,
    truncatedBytes: 0,
    inconsistent: false,
  };
  const sizes = (frameSizes ??= frameSizeTable());
  let pos = id3Bytes;
  let seenAny = false;
  let firstKind = 0; // frameKind of the first audio frame
  const h = blankHeader(); // the frame at pos, while looking for the first
  const peek = blankHeader(); // the one after it, while looking for the first
  while (pos + 4 <= end) {
    // the frame's size from its header bits (0: not a valid header): readMpegFrameHeader's answer
    const b1 = bytes[pos + 1]!;
    const size =
      bytes[pos] === 0xff && (b1 & 0xe0) === 0xe0 ? sizes[(((b1 >> 1) & 0xf) << 7) | (bytes[pos + 2]! >> 1)]! : 0;
    if (size === 0) {
      pos++;
      info.junkBytes++;
      continue;
    }
    const next = pos + size;
    if (next > end) {
      // Incomplete final frame (or a false sync near the end).
      info.truncatedBytes = end - pos;
      pos = end;
      break;
    }
    if (info.first !== null) {
      // every frame after the first audio frame: counted from its header bits, no header object
      // (issue #9: the frames of the MP3 Waves were a tenth of an open + list's own work)
      if (frameKind(b1, bytes[pos + 2]!, bytes[pos + 3]!) !== firstKind) info.inconsistent = true;
      info.frameCount++;
      info.pcmFrames += SAMPLES_PER_FRAME[(b1 >> 1) & 0xf]!;
      pos = next;
      continue;
    }
    readMpegFrameHeader(bytes, pos, h);
    if (!seenAny && next < end && next + 4 <= end && !readMpegFrameHeader(bytes, next, peek)) {
      // A lone false sync before the first real frame: keep searching.
      pos++;
      info.junkBytes++;
      continue;
    }
    if (!seenAny && isXingFrame(bytes, pos, h)) {
      info.hasXing = true;
      info.xingOffset = pos;
    } else {
      info.first = { ...h };
      info.firstOffset = pos;
      firstKind = frameKind(b1, bytes[pos + 2]!, bytes[pos + 3]!);
      info.frameCount++;
      info.pcmFrames += h.samplesPerFrame;
    }
    seenAny = true;
    pos = next;
  }
  if (pos < end) info.junkBytes += end - pos;
  return info;
}

/**
 * What a frame must share with the first for the stream to be consistent — version, layer,
 * sample rate and channel count — as one number from header bytes 1–3: the version and layer
 * bits, the rate index (each version has its own rates, so with the version it gives the rate)
 * and whether the channel mode is mono.
 */
function frameKind(b1: number, b2: number, b3: number): number {
  return (b1 & 0x1e) | ((b2 & 0x0c) << 3) | (b3 >> 6 === 3 ? 0x100 : 0);
}

/** PCM frames per MPEG frame by the version and layer bits (`(b1 >> 1) & 0xF`); 0 where they are reserved. */
const SAMPLES_PER_FRAME: readonly number[] = Array.from({ length: 16 }, (_, vl) => {
  const h = blankHeader();
  return readMpegFrameHeader(new Uint8Array([0xff, 0xe0 | (vl << 1), 0x10, 0]), 0, h) ? h.samplesPerFrame : 0;
});

/** {@link frameSizeTable}, made on the first stream walked. */
let frameSizes: Uint16Array | null = null;

/**
 * Every header's `frameBytes` by its version and layer bits and byte 2's bitrate, rate and
 * padding bits (`((b1 >> 1) & 0xF) << 7 | b2 >> 1`), 0 where {@link readMpegFrameHeader} finds
 * the header invalid: made by it, so the walk and the parser cannot disagree (every valid frame
 * is 24 to 2,881 bytes).
 */
function frameSizeTable(): Uint16Array {
  const table = new Uint16Array(1 << 11);
  const h = blankHeader();
  const b = new Uint8Array(4);
  b[0] = 0xff;
  for (let k = 0; k < table.length; k++) {
    b[1] = 0xe0 | ((k >> 7) << 1);
    b[2] = (k & 0x7f) << 1;
    if (readMpegFrameHeader(b, 0, h)) table[k] = h.frameBytes;
  }
  return table;
}
