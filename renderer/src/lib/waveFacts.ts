/**
 * The Wave view's format facts as label/value rows: the format block (header size, cbSize) and,
 * for MP3, the MPEGLAYER3WAVEFORMAT extension and the MPEG stream's first frame header.
 */
import { gaplessSpan } from '../../../core/codecs/mp3/gapless';
import { codecFor } from '../../../core/codecs/registry';
import type { GaplessTrim } from '../../../core/codecs/types';
import { listedCbSize } from '../../../core/index';
import type { Mp3Extension, MpegStreamInfo, WaveFormat } from '../../../core/objects';
import { fmtBytes, fmtSeconds } from './format';

export type FactRow = [label: string, value: string];

/** "18 B (WAVEFORMATEX)", "30 B (WAVEFORMATEX + 12)", "16 B (WAVEFORMAT)". */
export function headerSizeText(headerSize: number, cbSize: number | null): string {
  if (cbSize === null) return `${headerSize} B (WAVEFORMAT)`;
  return headerSize === 18 ? '18 B (WAVEFORMATEX)' : `${headerSize} B (WAVEFORMATEX + ${headerSize - 18})`;
}

/** "12", "0", "absent (16-byte header)". */
export function cbSizeText(cbSize: number | null, headerSize: number): string {
  return cbSize === null ? `absent (${headerSize}-byte header)` : String(cbSize);
}

/**
 * The Header size and cbSize rows: from the parsed Wave when it read, else from the listing's
 * header (read when the dat opened), so a Wave whose data does not read (a broken block chain)
 * labels its readable header as a healthy one does ("18 B (WAVEFORMATEX)", "cbSize 0").
 */
export function headerRows(
  listed: { headerSize: number; cbSize?: number },
  parsed: { headerSize: number; format: { cbSize: number | null } } | null,
): FactRow[] {
  const headerSize = parsed ? parsed.headerSize : listed.headerSize;
  const cbSize = parsed ? parsed.format.cbSize : listedCbSize(listed);
  return [
    ['Header size', headerSizeText(headerSize, cbSize)],
    ['cbSize', cbSizeText(cbSize, headerSize)],
  ];
}

const PADDING: Record<number, string> = { 0: 'ISO', 1: 'padding on', 2: 'padding off' };

function hex(v: number, digits: number): string {
  return '0x' + (v >>> 0).toString(16).toUpperCase().padStart(digits, '0');
}

export function mp3ExtensionRows(m: Mp3Extension): FactRow[] {
  return [
    ['wID', `${m.wID}${m.wID === 1 ? ' (MPEG)' : ''}`],
    ['fdwFlags', `${hex(m.fdwFlags, 8)}${PADDING[m.fdwFlags] ? ` (${PADDING[m.fdwFlags]})` : ''}`],
    ['nBlockSize', fmtBytes(m.nBlockSize)],
    ['nFramesPerBlock', String(m.nFramesPerBlock)],
    ['nCodecDelay', `${m.nCodecDelay} samples`],
  ];
}

const CHANNEL_MODES = ['stereo', 'joint stereo', 'dual channel', 'mono'];

export function mpegStreamRows(s: MpegStreamInfo): FactRow[] {
  const f = s.first;
  if (!f) return [['MPEG stream', 'no valid frame header found']];
  const rows: FactRow[] = [
    ['MPEG version', `MPEG-${f.version} Layer ${'I'.repeat(f.layer)}`],
    ['Bitrate', `${f.bitrateKbps} kbit/s${s.inconsistent ? ' (frames differ)' : ''}`],
    ['Stream rate', `${f.sampleRate.toLocaleString('en-US')} Hz`],
    ['Channel mode', CHANNEL_MODES[f.channelMode] ?? String(f.channelMode)],
    ['MPEG frames', `${s.frameCount.toLocaleString('en-US')} × ${f.samplesPerFrame} samples`],
    ['CRC', f.crc ? 'yes' : 'no'],
  ];
  if (s.hasXing) rows.push(['Xing/Info', 'yes (skipped)']);
  if (s.id3Bytes > 0) rows.push(['ID3v2 tag', fmtBytes(s.id3Bytes)]);
  if (s.junkBytes > 0) rows.push(['Junk bytes', fmtBytes(s.junkBytes)]);
  if (s.truncatedBytes > 0) rows.push(['Truncated frame', fmtBytes(s.truncatedBytes)]);
  return rows;
}

/** The label of the one duration lists and the Wave view give (docs/formats/codecs.md §6.2). */
export const DATA_DURATION = 'data duration';

/** What the lists' duration column holds, said on its header (docs/formats/codecs.md §6.2). */
export const DURATION_HINT = `${DATA_DURATION}, every complete frame in the Wave's data (an MP3 before any gapless trim)`;

/**
 * The Wave view's "Gapless" fact of a codec with gapless rules (MP3; docs/formats/codecs.md
 * §6.3): the span authored mode plays, from the LAME tag, or "no gapless info". `dataFrames`
 * and `rate` are the listed (data) frames and the stream rate.
 */
export function gaplessRow(trim: GaplessTrim | null, dataFrames: number, rate: number): FactRow {
  if (!trim) return ['Gapless', 'no gapless info (no LAME tag): authored and retail play every frame'];
  const { frames } = gaplessSpan(dataFrames, trim);
  return [
    'Gapless',
    `${frames.toLocaleString('en-US')} frames (${fmtSeconds(rate > 0 ? frames / rate : 0)}): ${trim.encoder} encoder delay ${trim.encoderDelay} + decoder delay ${trim.decoderDelay}, padding ${trim.encoderPadding} trimmed in authored mode; retail plays every frame`,
  ];
}

/** True for formats whose bits per sample are meaningless (compressed: MP3 declares 0). */
export function isCompressed(f: Pick<WaveFormat, 'wFormatTag'>): boolean {
  return !codecFor(f.wFormatTag).bitsAreSampleSize;
}
