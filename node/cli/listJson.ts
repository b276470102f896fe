import type { DatSummary, Shared, SoundTypeData, WaveInfo } from '../../core/contract';
import { recordOfData, type ErrorRecord } from '../../core/envelope';
import { describeError, hex8, type ErrorData } from '../../core/errors';
import { lengthKnown } from '../../core/index/waveListing';
import { shortestFloat32 } from './float32';

/**
 * `acsound list --json`, exactly the shape of issue 2 §3 (plus `dataBytes`, the sample-data bytes
 * present beside the declared `dataSize` — they differ for a salvaged Wave —, and `error`, the one
 * line, and `errorData`, the error object every `--json` error has — name, message, code, details,
 * null when absent —, on objects that did not parse). The types are derived from the contract's; the JSON key order is fixed by the object
 * literals of {@link datJson}, {@link waveJson} and {@link soundTableJson}, not by these types.
 */
export interface ListJson {
  dat: Pick<DatSummary, 'blockSize' | 'entryCount' | 'iteration' | 'dataSet' | 'format'>;
  waves: ListWave[];
  soundTables: ListSoundTable[];
  /**
   * The listing's warnings (the dat summary's: Waves or SoundTables of a truncated file that cannot
   * be listed, the entry count or iteration unavailable, block-chain warnings), always present, []
   * when none; the same lines as `warning: …` on stderr.
   */
  warnings: string[];
}

export interface ListWave extends Pick<Shared<WaveInfo>, 'dataBytes' | 'compressed' | 'warnings'> {
  /**
   * The format block's fields, H and D as in WaveInfo; null when the Wave did not parse (`error`):
   * unknown, not 0 (the service's placeholders are never printed as values).
   */
  formatTag: number | null;
  channels: number | null;
  sampleRate: number | null;
  bitsPerSample: number | null;
  blockAlign: number | null;
  headerSize: number | null;
  dataSize: number | null;
  /** null when the Wave's length cannot be known (core/index `lengthKnown`: 0 channels, 0 Hz, no parse). */
  frames: number | null;
  /** null as `frames`. */
  durationSec: number | null;
  /** `0x0A000012`. */
  id: string;
  /** Only present when the Wave did not parse: the error's one line (`ObjectFormatError: …`, core/errors `describeError`). */
  error?: string;
  /**
   * Only present with `error`: the same error as every `--json` error object states it (core/envelope
   * `ErrorRecord`): name, message, code and details (objectId, offset, structure), always the four
   * keys, `code` and `details` null when the error has none. `details.objectId` is written as every
   * id of this JSON is (`"0x0A000005"`, {@link rowErrorData}), the row's id when the error names none.
   */
  errorData?: ListErrorData;
}

export interface ListSoundTable {
  id: string;
  sounds: {
    soundType: number;
    name: string;
    entries: { waveId: string; priority: number; probability: number; volume: number }[];
  }[];
  /** Only present when the SoundTable did not parse: the error's one line. */
  error?: string;
  /** Only present with `error`: the same error as {@link ListWave.errorData} (the four keys). */
  errorData?: ListErrorData;
}

/** {@link ErrorRecord} as the list JSON writes it: `details.objectId` an id string (`0x` + 8 hex digits) or null. */
export type ListErrorData = Omit<ErrorRecord, 'details'> & {
  details: (Omit<NonNullable<ErrorRecord['details']>, 'objectId'> & { objectId: string | null }) | null;
};

/**
 * A row's `errorData`: the error's record (core/envelope `recordOfData`) with `details.objectId`
 * as an id string like the row's own `id`, and the row's id when the error's details name none
 * (a read of the row's bytes, e.g. its blocks lost with a truncated file's tail).
 */
export function rowErrorData(rowId: number, error: ErrorData): ListErrorData {
  const r = recordOfData(error);
  if (r.details === null) return { ...r, details: null };
  return { ...r, details: { ...r.details, objectId: hex8(r.details.objectId ?? rowId) } };
}

/** The `dat` object of the list JSON. */
export function datJson(s: DatSummary): ListJson['dat'] {
  return {
    blockSize: s.blockSize,
    entryCount: s.entryCount,
    iteration: s.iteration,
    dataSet: s.dataSet,
    format: s.format,
  };
}

/** One Wave row of the list JSON (key order as in issue 2 §3). */
export function waveJson(w: Shared<WaveInfo>): ListWave {
  const known = lengthKnown(w);
  const parsed = w.error === null;
  const out: ListWave = {
    id: hex8(w.id),
    formatTag: parsed ? w.formatTag : null,
    channels: parsed ? w.channels : null,
    sampleRate: parsed ? w.sampleRate : null,
    bitsPerSample: parsed ? w.bitsPerSample : null,
    blockAlign: parsed ? w.blockAlign : null,
    headerSize: parsed ? w.headerSize : null,
    dataSize: parsed ? w.dataSize : null,
    dataBytes: w.dataBytes,
    frames: known ? w.frames : null,
    durationSec: known ? w.durationSec : null,
    compressed: w.compressed,
    warnings: w.warnings,
  };
  if (w.error !== null) Object.assign(out, { error: describeError(w.error), errorData: rowErrorData(w.id, w.error) });
  return out;
}

/** One SoundTable of the list JSON: sounds in file order, floats as their shortest float32 decimal. */
export function soundTableJson(id: number, sounds: SoundTypeData[], error: ErrorData | null = null): ListSoundTable {
  const out: ListSoundTable = {
    id: hex8(id),
    sounds: sounds.map((s) => ({
      soundType: s.soundType,
      name: s.name,
      entries: s.entries.map((e) => ({
        waveId: hex8(e.waveId),
        priority: shortestFloat32(e.priority),
        probability: shortestFloat32(e.probability),
        volume: shortestFloat32(e.volume),
      })),
    })),
  };
  if (error !== null) Object.assign(out, { error: describeError(error), errorData: rowErrorData(id, error) });
  return out;
}
