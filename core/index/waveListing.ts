/**
 * A Wave's listing row ({@link WaveInfo}) from its dat entry, reading as little as possible
 * (pitfalls #11: only the first block of an uncompressed PCM Wave).
 */
import { playProblemOf } from '../audio/playable';
import type { WaveInfo } from '../contract';
import {
  chainDataView,
  chainOf,
  MAX_OBJECT_SIZE,
  readChain,
  readChainSync,
  type DatEntry,
  type DatFile,
  type SyncByteSource,
} from '../dat';
import { errorDataForEntry, hex8 } from '../errors';
import {
  parseWaveHeader,
  readWaveHeaderInto,
  ReusedWaveHeader,
  waveFacts,
  waveOfHeader,
  type WaveFacts,
  type WaveFormat,
  type WaveHeader,
} from '../objects';

/**
 * The warning for an object whose own id (its first u32) differs from the id of its dat entry.
 * One policy for Waves and SoundTables: a warning on the row, not a failure — the bytes are
 * still what the dat stores under the entry id, which is the id everything else uses (lists,
 * usage, lookups, export names).
 */
export function idMismatchWarning(objectId: number, entryId: number): string {
  return `object id ${hex8(objectId)} differs from its dat entry id ${hex8(entryId)}`;
}

/** Bytes read from the start of a Wave's chain to learn its id, sizes and format (fits in one block). */
export const WAVE_PROBE_BYTES = 64;

/** A Wave's listing facts: what {@link waveInfoOf} turns into a {@link WaveInfo}. */
export interface WaveListing {
  id: number;
  headerSize: number;
  declaredDataSize: number;
  /** Sample-data bytes the record holds: D clamped to what follows the format block (pitfalls #8). */
  dataLength: number;
  format: WaveFormat;
  facts: WaveFacts;
  warnings: string[];
}

/**
 * A Wave's listing facts, reading as little as possible (pitfalls #11):
 * - uncompressed Waves whose facts do not depend on the sample bytes (PCM, unknown tags): only
 *   the first {@link WAVE_PROBE_BYTES} bytes of the chain (one block read), parsed by core's
 *   `parseWaveHeader` with the entry's true size — the same facts and lint a full parse gives
 *   (checked by a test), without reading the samples.
 * - everything else (MP3, whose facts come from the frames; compressed entries; format blocks
 *   longer than the probe; sizes the chain reader would reject): the whole object, `parseWave`.
 * The sample bytes are read later, when asked for (`getWaveBytes`, export), so a broken chain
 * past the first block of a PCM Wave shows up there, not in the list.
 * On a source with `readInto` this is {@link waveListingSync}.
 * @throws ObjectFormatError / DatFormatError as parsing or reading the object would.
 */
export async function waveListingOf(dat: DatFile, entry: DatEntry): Promise<WaveListing> {
  if (dat.readsSync) return waveListingSync(dat, entry);
  if (probes(dat, entry)) {
    const head = await readChain(dat.source, dat.geometry, entry.offset, WAVE_PROBE_BYTES, chainOf(entry), {
      checkFinalLink: false,
    });
    const h = headerFromHead(head, entry.size);
    if (h) return listingOfHead(h);
  }
  const chain: string[] = [];
  return listingFromRecord(await dat.readEntry(entry, { warnings: chain }), chain);
}

/** The probe's read (the first block's link word and {@link WAVE_PROBE_BYTES}), reused: read and parsed with no await between. */
const probe = new Uint8Array(4 + WAVE_PROBE_BYTES);
const probeHead = probe.subarray(4);
/** A view over {@link probeHead}, made once (a DataView per Wave cost more than its parse). */
const probeView = new DataView(probe.buffer, probeHead.byteOffset, probeHead.byteLength);

/**
 * {@link waveListingOf} without a promise, on a source with `readInto` (`dat.readsSync`): the
 * same reads, facts, warnings and errors. The probe of a Wave whose first block holds it (every
 * Wave of a 1 KiB-block dat) is read into one reused buffer after the checks `readChain` makes on
 * a one-block chain (offset outside the header, inside the file), so listing a Wave allocates
 * only what its row keeps (issue #9).
 * @throws ObjectFormatError / DatFormatError as {@link waveListingOf}
 */
export function waveListingSync(dat: DatFile, entry: DatEntry): WaveListing {
  if (!probeSync(dat, entry)) return listingFromRecordSync(dat, entry);
  const h = probed;
  return {
    id: h.id,
    headerSize: h.headerSize,
    declaredDataSize: h.declaredDataSize,
    dataLength: h.dataLength,
    format: { ...h.format }, // the listing keeps it: a copy of the reused one (the same shape)
    facts: h.facts!,
    warnings: h.warnings!,
  };
}

/** The header {@link probeSync} reads every probed Wave into (one for all: nothing of it is kept). */
const probed = new ReusedWaveHeader();

/**
 * Reads and parses the header of a Wave listed from its probe ({@link probes}) into
 * {@link probed}, as {@link waveListingSync} does: true when it was, with its summary (warnings
 * and facts); false when the Wave needs its whole record.
 * @throws ObjectFormatError / DatFormatError as {@link waveListingOf}
 */
function probeSync(dat: DatFile, entry: DatEntry): boolean {
  if (!probes(dat, entry)) return false;
  const g = dat.geometry;
  const at = entry.offset >>> 0;
  if (
    g.blockSize - 4 >= WAVE_PROBE_BYTES &&
    g.blockSize <= g.sourceSize &&
    at !== 0 &&
    at >= g.dataStart &&
    at + probe.length <= g.sourceSize
  ) {
    dat.source.readInto!(probe, 0, at, probe.length);
    // the final link of a one-block probe is not checked (checkFinalLink: false)
    return probedFrom(probeHead, entry.size, probeView);
  }
  // anything else: the chain reader, with its checks and errors
  const head = readChainSync(dat.source as SyncByteSource, g, entry.offset, WAVE_PROBE_BYTES, chainOf(entry), {
    checkFinalLink: false,
  });
  return probedFrom(head, entry.size, new DataView(head.buffer, head.byteOffset, head.byteLength));
}

/**
 * {@link probed} from a Wave's first bytes: true when its summary came from them; false when the
 * Wave needs its whole record (MP3, a format block longer than the probe).
 * @throws ObjectFormatError as `parseWaveHeader`
 */
function probedFrom(head: Uint8Array, size: number, view: DataView): boolean {
  if (readWaveHeaderInto(head, size, view, probed)) return probed.facts !== null;
  headerFromHead(head, size); // parseWaveHeader's error; a short prefix (RangeError): the whole record
  return false;
}

/** {@link waveListingSync} of a Wave that needs its whole record: read into the reused view buffer. */
function listingFromRecordSync(dat: DatFile, entry: DatEntry): WaveListing {
  const chain: string[] = [];
  return listingFromRecord(dat.readEntryView(entry, { warnings: chain }), chain);
}

/** Whether a Wave is listed from its first {@link WAVE_PROBE_BYTES} (uncompressed, of a size the chain reader accepts). */
function probes(dat: DatFile, entry: DatEntry): boolean {
  const size = entry.size;
  return !entry.compressed && size > WAVE_PROBE_BYTES && size <= MAX_OBJECT_SIZE && size <= dat.source.size;
}

/** A {@link WaveHeader} whose facts and lint came from its first bytes (`summary` present). */
type ListedHeader = WaveHeader & { summary: NonNullable<WaveHeader['summary']> };

/** The header from a Wave's first bytes, or null when it needs the whole record (MP3, a long format block). */
function headerFromHead(head: Uint8Array, size: number, view?: DataView): ListedHeader | null {
  let h: WaveHeader;
  try {
    h = parseWaveHeader(head, size, view, true); // nothing kept points into the reused probe
  } catch (e) {
    if (!(e instanceof RangeError)) throw e; // format block longer than the probe: read it all
    return null;
  }
  return h.summary ? (h as ListedHeader) : null;
}

/** The listing of a header read from a Wave's first bytes. */
function listingOfHead(h: ListedHeader): WaveListing {
  return {
    id: h.id,
    headerSize: h.headerSize,
    declaredDataSize: h.declaredDataSize,
    dataLength: h.dataLength,
    format: h.format,
    facts: h.summary.facts,
    warnings: h.summary.warnings, // the header is this call's own: no copy
  };
}

/** The listing from a Wave's whole record (its data looked at in place, not copied) and its chain's warnings. */
function listingFromRecord(bytes: Uint8Array, chain: string[]): WaveListing {
  // the listing keeps no bytes; a view of a readEntryView's bytes is its reused one
  const h = parseWaveHeader(bytes, bytes.length, chainDataView(bytes), true);
  const w = waveOfHeader(h, bytes.subarray(h.dataOffset, h.dataOffset + h.dataLength));
  return {
    id: w.id,
    headerSize: w.headerSize,
    declaredDataSize: w.declaredDataSize,
    dataLength: w.data.length,
    format: w.format,
    facts: waveFacts(w),
    warnings: chain.length === 0 ? w.warnings : [...chain, ...w.warnings],
  };
}

/**
 * The `cbSize` of a listed Wave's header (docs/formats/wave.md §2): the row's own when it carries
 * one, else H − 18 (the row leaves it out then), null for a 16-byte WAVEFORMAT header.
 */
export function listedCbSize(w: Pick<WaveInfo, 'headerSize' | 'cbSize'>): number | null {
  if (w.cbSize !== undefined) return w.cbSize;
  return w.headerSize >= 18 ? w.headerSize - 18 : null;
}

/** Reads and parses one Wave entry into a {@link WaveInfo}; never throws (errors land in `error`). */
export async function waveInfoOf(dat: DatFile, entry: DatEntry): Promise<WaveInfo> {
  try {
    const l = await waveListingOf(dat, entry);
    return waveInfoFrom(entry, l, l.facts, l.warnings);
  } catch (e) {
    return failedWaveInfo(entry, e);
  }
}

/** {@link waveInfoOf} without a promise, on a source with `readInto` (`dat.readsSync`). */
export function waveInfoSync(dat: DatFile, entry: DatEntry): WaveInfo {
  try {
    // a probed Wave's row straight from its header: no listing or header object in between (issue #9)
    if (probeSync(dat, entry)) return waveInfoFrom(entry, probed, probed.facts!, probed.warnings!);
    const l = listingFromRecordSync(dat, entry);
    return waveInfoFrom(entry, l, l.facts, l.warnings);
  } catch (e) {
    return failedWaveInfo(entry, e);
  }
}

/**
 * A listed Wave's row from its listing or its header, their `facts` and `warnings` (this call's
 * own: the warnings are taken, not copied).
 */
function waveInfoFrom(
  entry: DatEntry,
  w: Pick<WaveListing, 'id' | 'format' | 'headerSize' | 'declaredDataSize' | 'dataLength'>,
  facts: WaveFacts,
  warnings: string[],
): WaveInfo {
  if (w.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(w.id, entry.id));
  const f = w.format;
  const row: WaveInfo = {
    id: entry.id,
    formatTag: f.wFormatTag,
    channels: facts.channels,
    sampleRate: facts.sampleRate,
    bitsPerSample: f.wBitsPerSample,
    blockAlign: f.nBlockAlign,
    avgBytesPerSec: f.nAvgBytesPerSec,
    headerSize: w.headerSize,
    dataSize: w.declaredDataSize,
    dataBytes: w.dataLength,
    frames: facts.frames,
    durationSec: facts.durationSec,
    compressed: entry.compressed,
    warnings,
    error: null,
  };
  // only the rare header whose cbSize is not H − 18 carries it (listedCbSize): added after, so
  // every other row keeps the one object shape the open + list builds (issue #9)
  if (f.cbSize !== null && f.cbSize !== w.headerSize - 18) row.cbSize = f.cbSize;
  return row;
}

/** The row of a Wave that failed to read or parse. */
function failedWaveInfo(entry: DatEntry, e: unknown): WaveInfo {
  return {
    id: entry.id,
    formatTag: 0,
    channels: 0,
    sampleRate: 0,
    bitsPerSample: 0,
    blockAlign: 0,
    avgBytesPerSec: 0,
    headerSize: 0,
    dataSize: 0,
    dataBytes: 0,
    frames: 0,
    durationSec: 0,
    compressed: entry.compressed,
    warnings: [],
    error: errorDataForEntry(e, entry.id),
  };
}

/**
 * Whether a listed Wave's length (frames, duration) can be known: not when it did not parse, nor
 * when its format block gives 0 channels or 0 Hz (no frame size or rate to count with) — its
 * `frames` and `durationSec` are then placeholders (0), shown as "—" in the app, "-" in the
 * CLI table and `null` in `list --json`. An empty Wave (0 bytes of data, a valid format) is known:
 * 0 frames. The one rule for every front end.
 */
export function lengthKnown(w: Pick<WaveInfo, 'error' | 'channels' | 'sampleRate'>): boolean {
  return w.error === null && w.channels > 0 && w.sampleRate > 0;
}

/**
 * Why a listed Wave cannot be played, in plain words, or null when it can: it did not parse (the
 * error's message), or core/audio `playProblemOf` (the one playability rule) refuses its format —
 * no decoder for its tag, a rate outside 100..384,000 Hz ("sample rate 0 Hz is outside
 * 100..384000 Hz"), channels outside 1..8, a PCM bit depth no decoder reads. The client makes no
 * sound buffer from such a Wave (retail-engine §4i: no buffer, silent), so the engine allocates no
 * voice ("cannot-play"). What `acsound play-table`, timelines, the ambient scheduler and the app's
 * plays ask of the Wave list.
 */
export function playProblem(
  w: Pick<WaveInfo, 'error' | 'formatTag' | 'channels' | 'sampleRate' | 'bitsPerSample'>,
): string | null {
  if (w.error) return w.error.message;
  return playProblemOf(w);
}

/**
 * A Wave's data size as people read it: the bytes `present` (what plays and exports), and the
 * `declared` D beside them only when the two differ — a salvaged Wave whose D overruns its record
 * (pitfalls #8; docs/formats/wave.md §1), else null. The one rule for the Wave view, the Waves
 * list's Size column, `acsound list` and the Census byte counts.
 */
export function waveDataSize(w: Pick<WaveInfo, 'dataSize' | 'dataBytes'>): {
  present: number;
  declared: number | null;
} {
  return { present: w.dataBytes, declared: w.dataBytes !== w.dataSize ? w.dataSize : null };
}

/**
 * A duration in seconds as text with 3 decimals (`1.234 s`), the same in the app and the CLI. A
 * positive duration that would round to `0.000 s` reads `< 0.001 s`: a Wave whose header asks for
 * an absurd rate (e.g. 4,000,000,000 Hz) lasts a few nanoseconds, not nothing.
 */
export function secondsText(seconds: number): string {
  return seconds > 0 && seconds < 0.0005 ? '< 0.001 s' : `${seconds.toFixed(3)} s`;
}

/**
 * {@link waveDataSize} as text, each number written by `bytes` (default: the plain number):
 * `495 B` or, for a salvaged Wave, `495 B (declared 700 B)`.
 */
export function dataSizeText(
  w: Pick<WaveInfo, 'dataSize' | 'dataBytes'>,
  bytes: (n: number) => string = String,
): string {
  const { present, declared } = waveDataSize(w);
  return declared === null ? bytes(present) : `${bytes(present)} (declared ${bytes(declared)})`;
}
