/**
 * Typed errors of core/. Each has a literal `name` so that it survives a trip across IPC or
 * HTTP as data (`{name, message}`) and can be rebuilt on the other side ({@link rebuildError}).
 */

/** Formats an id or offset as `0x` + 8 uppercase hex digits. */
export function hex8(n: number): string {
  return '0x' + (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** Base class: a structure in the input is not what the spec says. */
export class AcSoundError extends Error {
  override name = 'AcSoundError';
}

/**
 * The dat container (header, block chain, B-tree node, entry) is invalid.
 * `structure` names what was being read (e.g. "block chain of 0x0A000012"), `offset` the absolute
 * byte offset WHERE the bad value was read (the block or node holding a bad link, the header
 * field), never the bad value itself — that goes into `problem` — or null when unknown.
 * Example message: `block chain of 0x0A000012 continues with link 0x00FFFFFF, beyond the end of
 * the file (3456 bytes) at offset 0x0001F400`.
 */
export class DatFormatError extends AcSoundError {
  override name = 'DatFormatError';
  constructor(
    readonly structure: string,
    readonly offset: number | null,
    readonly problem: string,
  ) {
    super(offset === null ? `${structure}: ${problem}` : `${structure} ${problem} at offset ${hex8(offset)}`);
  }
}

/** The dat is a format this reader deliberately does not read. */
export class UnsupportedDatError extends AcSoundError {
  override name = 'UnsupportedDatError';
}

/** An id was asked for that the dat's B-tree does not hold. */
export class NotFoundError extends AcSoundError {
  override name = 'NotFoundError';
  constructor(readonly id: number, what = 'object') {
    super(`${what} ${hex8(id)} is not in the dat`);
  }
}

/**
 * An id was given as a kind of object whose id range it lies outside, e.g. a Wave id
 * (0x0A000010) where a SoundTable id (0x20000000–0x2000FFFF) is needed. Thrown before any lookup.
 */
export class IdRangeError extends AcSoundError {
  override name = 'IdRangeError';
  constructor(
    readonly id: number,
    readonly kind: string,
    readonly range: { readonly min: number; readonly max: number },
  ) {
    super(`${hex8(id)} is not a ${kind} id (${kind}s are ${hex8(range.min)}–${hex8(range.max)})`);
  }
}

/** An object (SoundTable, Wave) inside the dat does not parse. `offset` is relative to the object's first byte. */
export class ObjectFormatError extends AcSoundError {
  override name = 'ObjectFormatError';
  constructor(
    readonly objectId: number,
    readonly offset: number,
    readonly problem: string,
  ) {
    super(`${hex8(objectId)}: ${problem} at object offset ${offset}`);
  }
}

/** A Wave's format cannot be decoded (e.g. "unsupported format 0x0002") or the decoder failed. */
export class DecodeError extends AcSoundError {
  override name = 'DecodeError';
  constructor(
    readonly waveId: number,
    message: string,
  ) {
    super(`${hex8(waveId)}: ${message}`);
  }
}

/** A WAV file does not pass the strict RIFF/WAVE reader. */
export class WavFormatError extends AcSoundError {
  override name = 'WavFormatError';
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {
    super(`WAV: ${problem} at byte ${offset}`);
  }
}

/** Serialized form of an error as it crosses a process boundary. */
export interface ErrorData {
  name: string;
  message: string;
  /** Optional machine-readable code, e.g. 'EEXIST' for an export that would overwrite. */
  code?: string;
}

export function errorToData(e: unknown): ErrorData {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return { name: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(e) };
}

/** Rebuilds an `Error` whose `name` is the original one, so callers can branch on it. */
export function rebuildError(data: ErrorData): Error {
  const e = new Error(data.message);
  e.name = data.name;
  if (data.code) (e as Error & { code?: string }).code = data.code;
  return e;
}
