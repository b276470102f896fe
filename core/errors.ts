/**
 * The error vocabulary of the whole app: the one list of error names ({@link ERROR_NAMES}), the
 * typed errors of core/, and the one wire shape ({@link ErrorData}) every boundary carries —
 * Electron IPC, the HTTP host, the CLI's stderr line, `WaveInfo.error` / `SoundTableInfo.error`.
 * An error crosses as data (`errorToData`) and is rebuilt on the other side with its name, code
 * and details (`rebuildError`); front ends decide by `name` and `details`, never by message text.
 * The envelope around results is core/envelope.ts.
 */

/**
 * Every error name that crosses a boundary. Core: the dat and object readers. Node
 * (node/errors.ts, node/http, node/cli): file system, requests, sessions, a busy host, usage. Electron main:
 * refused senders. Bridges: `TransportError` (no or a malformed answer). `Error` stands for
 * anything else (a bug): {@link errorToData} sends any other name as `Error`.
 */
export const ERROR_NAMES = [
  'AcSoundError',
  'DatFormatError',
  'UnsupportedDatError',
  'NotFoundError',
  'IdRangeError',
  'ObjectFormatError',
  'DecodeError',
  'WavFormatError',
  'SettingsError',
  'IoError',
  'ExportError',
  'RequestError',
  'UnknownMethodError',
  'SessionExpiredError',
  'HostBusyError',
  'UntrustedSenderError',
  'PathNotGrantedError',
  'UsageError',
  'TransportError',
  'Error',
] as const;

export type ErrorName = (typeof ERROR_NAMES)[number];

/** True when `name` is one of {@link ERROR_NAMES}. */
export function isErrorName(name: unknown): name is ErrorName {
  return typeof name === 'string' && (ERROR_NAMES as readonly string[]).includes(name);
}

/**
 * Where in the input an error was found, as data. Each field is null when the error does not
 * know it. `offset` is absolute in the dat for DatFormatError, relative to the object's first
 * byte for ObjectFormatError, and to the file's first byte for WavFormatError.
 */
export interface ErrorDetails {
  /** The dat object (Wave, SoundTable) the error is about. */
  objectId: number | null;
  /** Byte offset where the bad value was read. */
  offset: number | null;
  /** What was being read: "block chain of 0x0A000012", "B-tree node", "Wave", "WAV"… */
  structure: string | null;
}

/** Formats an id or offset as `0x` + 8 uppercase hex digits. */
export function hex8(n: number): string {
  return '0x' + (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** Base class: a structure in the input is not what the spec says. */
export class AcSoundError extends Error {
  override name: ErrorName = 'AcSoundError';
  /** Where the error was found, when it knows (sent as {@link ErrorData.details}). */
  get details(): ErrorDetails | undefined {
    return undefined;
  }
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
  override name: ErrorName = 'DatFormatError';
  constructor(
    readonly structure: string,
    readonly offset: number | null,
    readonly problem: string,
  ) {
    super(offset === null ? `${structure}: ${problem}` : `${structure} ${problem} at offset ${hex8(offset)}`);
  }
  override get details(): ErrorDetails {
    return { objectId: null, offset: this.offset, structure: this.structure };
  }
}

/** The dat is a format this reader deliberately does not read. */
export class UnsupportedDatError extends AcSoundError {
  override name: ErrorName = 'UnsupportedDatError';
}

/**
 * Where a missing thing was looked for when it is not the dat itself: inside another object
 * (`kind` and `id`, e.g. the MotionTable 0x09000001), with what that object does have (`has`,
 * listed in the message; empty = "none"), when that helps the user pick.
 */
export interface NotFoundWithin {
  kind: string;
  id: number;
  has?: readonly string[];
}

/**
 * Something asked for is not there. Without `within`: an id the dat's B-tree does not hold
 * (`Wave 0x0A000099 is not in the dat`). With `within`: a part missing from an object that is
 * there (`Setup 0x02000002 has no MotionTable`, `SoundTable 0x20000001 has no sound type Footstep2
 * (0x73); it has: Wound1 (0x01), …`). `id` is the missing thing's id (or value), or the
 * container's when the missing part has none; `what` names the missing thing, and includes its
 * id only when it is not `id` shown elsewhere (it never repeats it).
 */
export class NotFoundError extends AcSoundError {
  override name: ErrorName = 'NotFoundError';
  constructor(
    readonly id: number,
    what = 'object',
    readonly within: NotFoundWithin | null = null,
  ) {
    super(
      within === null
        ? `${what} ${hex8(id)} is not in the dat`
        : `${within.kind} ${hex8(within.id)} has no ${what}` +
            (within.has === undefined ? '' : `; it has ${within.has.length === 0 ? 'none' : within.has.join(', ')}`),
    );
  }
  /** The container, when the thing was looked for inside one. */
  override get details(): ErrorDetails | undefined {
    return this.within === null ? undefined : { objectId: this.within.id, offset: null, structure: this.within.kind };
  }
}

/**
 * An id was given as a kind of object whose id range it lies outside, e.g. a Wave id
 * (0x0A000010) where a SoundTable id (0x20000000–0x2000FFFF) is needed. Thrown before any lookup.
 */
export class IdRangeError extends AcSoundError {
  override name: ErrorName = 'IdRangeError';
  constructor(
    readonly id: number,
    readonly kind: string,
    readonly range: { readonly min: number; readonly max: number },
  ) {
    super(`${hex8(id)}: not a ${kind} id (${kind}s are ${hex8(range.min)}–${hex8(range.max)})`);
  }
  /** The id given, so a context that names it does not repeat it ({@link messageWithin}). */
  override get details(): ErrorDetails {
    return { objectId: this.id, offset: null, structure: this.kind };
  }
}

/**
 * An object (SoundTable, Wave) inside the dat does not parse. `offset` is relative to the object's
 * first byte; `structure` names the object type or the part being read ("Wave", "SoundTable
 * entry"), or null.
 */
export class ObjectFormatError extends AcSoundError {
  override name: ErrorName = 'ObjectFormatError';
  /** @param objectId the object's id, null when it is not known (not yet read: fewer than 4 bytes) */
  constructor(
    readonly objectId: number | null,
    readonly offset: number,
    readonly problem: string,
    readonly structure: string | null = null,
  ) {
    super(`${objectId === null ? '' : `${hex8(objectId)}: `}${problem} at object offset ${offset}`);
  }
  override get details(): ErrorDetails {
    return { objectId: this.objectId, offset: this.offset, structure: this.structure };
  }
}

/** A Wave's format cannot be decoded (e.g. "unsupported format 0x0002") or the decoder failed. */
export class DecodeError extends AcSoundError {
  override name: ErrorName = 'DecodeError';
  constructor(
    readonly waveId: number,
    message: string,
  ) {
    super(`${hex8(waveId)}: ${message}`);
  }
  override get details(): ErrorDetails {
    return { objectId: this.waveId, offset: null, structure: 'Wave' };
  }
}

/** A WAV file does not pass the strict RIFF/WAVE reader. */
export class WavFormatError extends AcSoundError {
  override name: ErrorName = 'WavFormatError';
  constructor(
    readonly offset: number,
    readonly problem: string,
  ) {
    super(`WAV: ${problem} at byte ${offset}`);
  }
  override get details(): ErrorDetails {
    return { objectId: null, offset: this.offset, structure: 'WAV' };
  }
}

/**
 * A Listener setting (distance, bearing, volume, a slider, a flag, the path or the mode) is not
 * valid: thrown by core/engine/settings.ts, the one settings parser of the renderer, the service
 * and the CLI. `field` is the setting's key in `EngineSettings` (`distance`, `prefs.effectVolume`),
 * `problem` the reason without the field (`500 is above 200`), identical at every door; the
 * message names the field as that door's user knows it (`label`, default the key).
 */
export class SettingsError extends AcSoundError {
  override name: ErrorName = 'SettingsError';
  readonly code = 'EINVAL';
  constructor(
    readonly field: string,
    readonly problem: string,
    label: string = field,
  ) {
    super(`${label}: ${problem}`);
  }
}

/**
 * What an error of a general class is, when a front end decides by it rather than by the class
 * and code alone — a typed field of the wire shape ({@link ErrorData.kind}), never read from the
 * message or `details.structure`:
 * - `not-a-dat-file`: an IoError for a dat path that is a folder, FIFO, device or socket
 *   (node/errors `notADatFile`) — invalid input, not an I/O failure: the CLI exits 2 and the
 *   browser host answers 422 (README "Exit codes").
 */
export const ERROR_KINDS = ['not-a-dat-file'] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/** True when `kind` is one of {@link ERROR_KINDS}. */
export function isErrorKind(kind: unknown): kind is ErrorKind {
  return typeof kind === 'string' && (ERROR_KINDS as readonly string[]).includes(kind);
}

/**
 * An error as it crosses a boundary (IPC, HTTP, the CLI, `WaveInfo.error`): plain JSON.
 * `code` is a machine code when there is one (`ENOENT`, `EEXIST`, `EINVAL`…); `details` says
 * where in the input the error was found, for the errors that know (DatFormatError,
 * ObjectFormatError, DecodeError, WavFormatError); `kind`, when present, what the error is
 * beyond its class ({@link ErrorKind}: `not-a-dat-file`).
 */
export interface ErrorData {
  name: ErrorName;
  message: string;
  code?: string;
  details?: ErrorDetails;
  kind?: ErrorKind;
}

function detailsOf(x: unknown): ErrorDetails | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const d = x as Partial<Record<keyof ErrorDetails, unknown>>;
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const out: ErrorDetails = {
    objectId: num(d.objectId),
    offset: num(d.offset),
    structure: typeof d.structure === 'string' ? d.structure : null,
  };
  return out.objectId === null && out.offset === null && out.structure === null ? undefined : out;
}

/**
 * The wire shape of any thrown value: its name (one of {@link ERROR_NAMES}, else `Error`), its
 * message, its `code` when it is a string, its `details` when it has them (a typed core
 * error, or an error rebuilt by {@link rebuildError}) and its `kind` when it is one of
 * {@link ERROR_KINDS}. Keys without a value are left out.
 */
export function errorToData(e: unknown): ErrorData {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    const details = detailsOf((e as { details?: unknown }).details);
    const kind = (e as { kind?: unknown }).kind;
    return {
      name: isErrorName(e.name) ? e.name : 'Error',
      message: e.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(details ? { details } : {}),
      ...(isErrorKind(kind) ? { kind } : {}),
    };
  }
  return { name: 'Error', message: String(e) };
}

/**
 * {@link errorToData} for an error about the dat entry `entryId` (the DID, the B-tree key): a
 * corrupt object's parser names the id it read from the object's own bytes, which may be garbage
 * (`0xBBFE7CED: format size H … is absurd`); the error is about the entry, so `details.objectId`
 * becomes `entryId`, the message starts with it, and the id read from the bytes is said as such:
 * `0x0A000030: format size H … is absurd at object offset 4 (the object's bytes give id 0xBBFE7CED)`.
 */
export function errorDataForEntry(e: unknown, entryId: number): ErrorData {
  const d = errorToData(e);
  const found = d.details?.objectId;
  if (d.details === undefined || found === undefined) return d;
  if (found === null) {
    // an object too short to hold an id: its parser names none, and none is claimed
    if (d.name !== 'ObjectFormatError') return d;
    return { ...d, message: `${hex8(entryId)}: ${d.message}`, details: { ...d.details, objectId: entryId >>> 0 } };
  }
  if (found >>> 0 === entryId >>> 0) return d;
  const prefix = `${hex8(found)}: `;
  const body = d.message.startsWith(prefix) ? d.message.slice(prefix.length) : d.message;
  return {
    ...d,
    message: `${hex8(entryId)}: ${body}${embeddedIdNote(found)}`,
    details: { ...d.details, objectId: entryId >>> 0 },
  };
}

/**
 * The one wording for the id a corrupt object's own bytes give, when it is not the dat entry's:
 * ` (the object's bytes give id 0xBBFE7CED)`, after the message ({@link errorDataForEntry},
 * {@link messageWithin}). Never said of an object too short to hold an id (4 bytes).
 */
export function embeddedIdNote(id: number | string): string {
  return ` (the object's bytes give id ${typeof id === 'number' ? hex8(id) : id})`;
}

/** True when `x` has the wire shape (a string `name` and `message`; code and details optional). */
export function isErrorData(x: unknown): x is ErrorData {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as ErrorData).name === 'string' &&
    typeof (x as ErrorData).message === 'string'
  );
}

/** An `Error` rebuilt from the wire: its `name`, `message`, `code`, `details` and `kind` are the data's. */
export type RebuiltError = Error & { name: ErrorName; code?: string; details?: ErrorDetails; kind?: ErrorKind };

/**
 * Rebuilds an `Error` from its wire shape, so callers branch on `name` and `kind` and read
 * `details`. An unknown name becomes `Error`; an unknown kind is left out. (The Electron
 * preload's main-world installer holds the same rule in self-contained form;
 * electron/preload/bridge.test.ts checks both agree.)
 */
export function rebuildError(data: ErrorData): RebuiltError {
  const e = new Error(data.message) as RebuiltError;
  e.name = isErrorName(data.name) ? data.name : 'Error';
  if (typeof data.code === 'string') e.code = data.code;
  const details = detailsOf(data.details);
  if (details) e.details = details;
  if (isErrorKind(data.kind)) e.kind = data.kind;
  return e;
}

/**
 * One line for developers and logs: `DatFormatError: block chain … at offset 0x…` (a bare
 * `Error` shows its message only). Not for people: they get {@link userMessage}; this line is
 * part of {@link errorReport} ("Copy details", `--json`).
 */
export function describeError(e: unknown): string {
  const d = dataOf(e);
  return !isErrorName(d.name) || d.name === 'Error' ? d.message : `${d.name}: ${d.message}`;
}

function dataOf(e: unknown): ErrorData {
  return isErrorData(e) && !(e instanceof Error) ? e : errorToData(e);
}

/**
 * The `code` of a {@link TransportError} whose host did not answer at all (the browser host
 * stopped, or the network between is down), as opposed to one that answered something malformed.
 */
export const HOST_UNREACHABLE = 'EHOSTDOWN';

/**
 * The one wording of an error for people (issue #10 defect 7): plain words, never a class name.
 * Most errors are their own message (core's messages already name the object id and offset);
 * the few whose message is about the plumbing get a sentence that says what happened and what to
 * do: a browser host that does not answer ({@link HOST_UNREACHABLE}) says it has stopped and how
 * to start it again. The class, code and details stay in {@link errorReport}.
 */
export function userMessage(e: unknown): string {
  const d = dataOf(e);
  if (d.name === 'TransportError') {
    if (d.code === HOST_UNREACHABLE)
      return 'The browser host is not answering: it has stopped or cannot be reached. Start it again (npm run serve) and reload this page.';
    return 'The app got an answer it could not read from its host. Reload the page; if it happens again, copy the details into a bug report.';
  }
  if (d.name === 'Error' && d.message.trim() === '') return 'Something went wrong (no message).';
  return oneLineText(d.message);
}

/**
 * Everything a bug report needs, as pretty JSON (the app's "Copy details"): the error's wire
 * shape — `name`, `message`, `code`, `details` ({@link ErrorData}) — plus `text`, the developer's
 * line ({@link describeError}).
 */
export function errorReport(e: unknown): string {
  const d = dataOf(e);
  return JSON.stringify({ ...d, text: describeError(d) }, null, 2);
}

/**
 * An error as people see it: its plain words and, for "Copy details", its {@link errorReport}
 * (null for a message of the app's own, e.g. "Choose a folder to export into."); `kind`, when the
 * error has one ({@link ErrorKind}), for a front end to say something more specific (the app's
 * open error for `not-a-dat-file`: core/openErrorWords.ts).
 */
export interface UserError {
  text: string;
  report: string | null;
  kind?: ErrorKind;
}

/** {@link userMessage} and {@link errorReport} of one error, with `context` (e.g. "Could not count the dat") in front. */
export function userError(e: unknown, context?: string): UserError {
  const text = userMessage(e);
  const kind = dataOf(e).kind;
  return { text: context ? `${context}: ${text}` : text, report: errorReport(e), ...(kind ? { kind } : {}) };
}

function oneLineText(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * A value read from a field of the input, for a message: small non-negative integers as they are
 * (`18`), anything else as its unsigned 32-bit pattern in hex (`0xFFFFFF00`, never `-256`), the
 * way the bytes are in the file.
 */
export function fieldValue(v: number): string {
  return Number.isInteger(v) && v >= 0 && v <= 0xffff ? String(v) : hex8(v);
}

/**
 * An error's plain words ({@link userMessage}) for a context that already names the object `id`
 * — an export line `failed  0x0A000010: …`, the Wave view of 0x0A000010, a warning line of that
 * Wave — so the id is said once (issue #10: messages never repeat what their context says).
 * Core's messages about an object start with its id (`0x0A000010: PCM wave has 0 channels`,
 * `0x0A999999: not a Wave id …`): that prefix is dropped. A message that starts with ANOTHER id
 * — the one embedded in a corrupted object — loses it too, and it is given as a detail at the
 * end: the message is about the id asked for.
 */
export function messageWithin(e: unknown, id: number): string {
  const prefix = `${hex8(id)}: `;
  let m = userMessage(e);
  while (m.startsWith(prefix)) m = m.slice(prefix.length);
  const other = /^(0x[0-9A-F]{8}): /.exec(m);
  if (other) m = `${m.slice(other[0].length)}${embeddedIdNote(other[1]!)}`;
  return m;
}

/**
 * A value with its name in parentheses, each said once: `0x0055 (MP3)`, `1 (mono)`, `PCM (0x0001)`;
 * just the value when the name adds nothing — null, empty, or the value itself (`0x1234`, never
 * `0x1234 (0x1234)`; `0`, never `0 (0 ch)`). The one rule for "value (name)" in messages, lists
 * and fact rows.
 */
export function withName(value: string, name: string | null | undefined): string {
  return name === null || name === undefined || name === '' || name === value ? value : `${value} (${name})`;
}
