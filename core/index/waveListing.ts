/**
 * A Wave's listing row ({@link WaveInfo}) from its dat entry, reading as little as possible
 * (pitfalls #11: only the first block of an uncompressed PCM Wave).
 */
import type { WaveInfo } from '../contract';
import { MAX_OBJECT_SIZE, readChain, type DatEntry, type DatFile } from '../dat';
import { errorToData, hex8 } from '../errors';
import { parseWave, parseWaveHeader, waveFacts, type WaveFacts, type WaveFormat, type WaveHeader } from '../objects';

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
 * @throws ObjectFormatError / DatFormatError as parsing or reading the object would.
 */
export async function waveListingOf(dat: DatFile, entry: DatEntry): Promise<WaveListing> {
  const size = entry.size;
  if (!entry.compressed && size > WAVE_PROBE_BYTES && size <= MAX_OBJECT_SIZE && size <= dat.source.size) {
    const head = await readChain(
      dat.source,
      dat.geometry,
      entry.offset,
      WAVE_PROBE_BYTES,
      `block chain of ${hex8(entry.id)}`,
      { checkFinalLink: false },
    );
    let h: WaveHeader | null = null;
    try {
      h = parseWaveHeader(head, size);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e; // format block longer than the probe: read it all
    }
    if (h?.summary) {
      return {
        id: h.id,
        headerSize: h.headerSize,
        declaredDataSize: h.declaredDataSize,
        format: h.format,
        facts: h.summary.facts,
        warnings: [...h.summary.warnings],
      };
    }
  }
  const chain: string[] = [];
  const w = parseWave(await dat.readEntry(entry, { onWarning: (m) => chain.push(m) }));
  return {
    id: w.id,
    headerSize: w.headerSize,
    declaredDataSize: w.declaredDataSize,
    format: w.format,
    facts: waveFacts(w),
    warnings: [...chain, ...w.warnings],
  };
}

/** Reads and parses one Wave entry into a {@link WaveInfo}; never throws (errors land in `error`). */
export async function waveInfoOf(dat: DatFile, entry: DatEntry): Promise<WaveInfo> {
  try {
    const w = await waveListingOf(dat, entry);
    const facts = w.facts;
    const warnings = [...w.warnings];
    if (w.id >>> 0 !== entry.id >>> 0) warnings.unshift(idMismatchWarning(w.id, entry.id));
    const f = w.format;
    return {
      id: entry.id,
      formatTag: f.wFormatTag,
      channels: facts.channels,
      sampleRate: facts.sampleRate,
      bitsPerSample: f.wBitsPerSample,
      blockAlign: f.nBlockAlign,
      avgBytesPerSec: f.nAvgBytesPerSec,
      headerSize: w.headerSize,
      dataSize: w.declaredDataSize,
      frames: facts.frames,
      durationSec: facts.durationSec,
      compressed: entry.compressed,
      warnings,
      error: null,
    };
  } catch (e) {
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
      frames: 0,
      durationSec: 0,
      compressed: entry.compressed,
      warnings: [],
      error: errorToData(e),
    };
  }
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
