/**
 * Why a Wave cannot be shown or played, classified by the error's `name` (errors keep their
 * wire shape — name, code, details — across IPC/HTTP and in `WaveInfo.error`: core/errors.ts),
 * never by its message text, and by the stage that failed:
 * - reading its bytes from the dat: DatFormatError → "Corrupt dat: …"; any other read failure
 *   (file system, not found) → "Cannot read: …". Nothing can be exported.
 * - the host itself (TransportError: the browser host stopped or answered nonsense) → "Host not
 *   answering", worded by core/errors `userMessage` — never "Cannot read", which would blame the Wave.
 * - parsing the Wave object: ObjectFormatError → "Corrupt Wave: …". Nothing can be exported
 *   (the original export needs the parsed format block).
 * - decoding: DecodeError → "Cannot decode: …". The raw bytes ("Original") can still be exported.
 * - a Wave with no sample data: "empty Wave (0 samples)", not a failure — nothing to play, and
 *   its export writes a valid empty WAV (issue #10 defect 5).
 */
import {
  DecodeError,
  errorReport,
  errorToData,
  isErrorData,
  messageWithin,
  userMessage,
  type ErrorData,
  type ErrorDetails,
} from '../../../core/errors';
import { playProblemOf } from '../../../core/audio/playable';
import type { WaveInfo } from '../../../core/contract';

export type WaveProblemKind = 'corrupt-dat' | 'read' | 'corrupt-wave' | 'decode' | 'empty' | 'host';
export type WaveStage = 'read' | 'parse' | 'decode';

export interface WaveProblem {
  kind: WaveProblemKind;
  /** The error's name (DatFormatError, ObjectFormatError, DecodeError, IoError, …). */
  name: string;
  message: string;
  /** wFormatTag when the format block was read, else null. */
  formatTag: number | null;
  /** Where the error was found (object id, byte offset, structure), when the error says. */
  details?: ErrorDetails;
  /** The error's report for "Copy details" (core/errors `errorReport`: class, message, code, details). */
  report?: string;
}

/**
 * Classifies an error (thrown, or already in its wire shape) met while reading, parsing or
 * decoding a Wave. The name wins over the stage. The problem is always shown where the Wave is
 * named, so its `message` does not repeat the Wave's id (core/errors `messageWithin`).
 */
export function classifyWaveError(e: unknown, stage: WaveStage, formatTag: number | null = null): WaveProblem {
  const data: ErrorData = isErrorData(e) && !(e instanceof Error) ? e : errorToData(e);
  const { name } = data;
  const kind: WaveProblemKind =
    name === 'TransportError'
      ? 'host'
      : name === 'DatFormatError'
        ? 'corrupt-dat'
        : name === 'ObjectFormatError'
          ? 'corrupt-wave'
          : name === 'DecodeError'
            ? 'decode'
            : stage === 'read'
              ? 'read'
              : stage === 'parse'
                ? 'corrupt-wave'
                : 'decode';
  // shown where the Wave is named (its view, its row, "Cannot play 0x…"): the id said once
  const objectId = data.details?.objectId;
  const message =
    kind !== 'host' && objectId !== null && objectId !== undefined
      ? messageWithin(data, objectId)
      : kind === 'host'
        ? userMessage(data)
        : data.message;
  return {
    kind,
    name,
    message,
    formatTag,
    ...(data.details ? { details: data.details } : {}),
    report: errorReport(data),
  };
}

/**
 * A listing error (`WaveInfo.error`: the Wave failed to read or parse while the dat was indexed),
 * classified by its name: DatFormatError "Corrupt dat", ObjectFormatError "Corrupt Wave", any
 * other read failure "Cannot read".
 */
export function listingProblem(error: ErrorData): WaveProblem {
  return classifyWaveError(error, 'read');
}

const PREFIX: Record<WaveProblemKind, string> = {
  'corrupt-dat': 'Corrupt dat',
  read: 'Cannot read',
  'corrupt-wave': 'Corrupt Wave',
  decode: 'Cannot decode',
  empty: 'Empty Wave',
  host: 'Host not answering',
};

/**
 * The problem of a Wave the one playability rule refuses (core/audio `playProblemOf`: no decoder
 * for its tag, a rate outside 100..384,000 Hz, channels outside 1..8, a PCM bit depth no decoder
 * reads): "Cannot decode: sample rate 0 Hz is outside 100..384000 Hz". The raw bytes can still be
 * exported ({@link offersRawExport}).
 */
export function formatProblem(waveId: number, reason: string, formatTag: number | null): WaveProblem {
  // a DecodeError naming the Wave, as the export's refusal is: its report for "Copy details"
  return classifyWaveError(new DecodeError(waveId, reason), 'decode', formatTag);
}

/**
 * What the Wave list alone knows against a listed Wave, or null: its listing error
 * ({@link listingProblem}), else the one playability rule's reason ({@link formatProblem}). The
 * row's badge, the Wave view's status and the disabled Play say it before any decode is tried.
 */
export function rowProblem(w: WaveInfo): WaveProblem | null {
  if (w.error) return listingProblem(w.error);
  const reason = playProblemOf(w);
  return reason === null ? null : formatProblem(w.id, reason, w.formatTag);
}

/** The problem of a Wave whose data holds no samples (its export writes a valid empty WAV). */
export function emptyWaveProblem(formatTag: number | null): WaveProblem {
  return { kind: 'empty', name: 'EmptyWave', message: 'empty Wave (0 samples)', formatTag };
}

/** "Corrupt dat", "Cannot read", "Corrupt Wave", "Cannot decode". */
export function problemLabel(p: WaveProblem): string {
  return PREFIX[p.kind];
}

/** "Corrupt dat: block chain of 0x0A000012 ends early …" / "Cannot decode: …". */
export function problemText(p: WaveProblem): string {
  return p.kind === 'empty' || p.kind === 'host' ? p.message : `${PREFIX[p.kind]}: ${p.message}`;
}

/** Only a Wave that parses but does not decode can still be exported as its original bytes. */
export function offersRawExport(p: WaveProblem): boolean {
  return p.kind === 'decode' || p.kind === 'empty';
}

/** An Error carrying the classified problem (thrown by the Player's loading and decoding); `message` is the cause's. */
export class WaveLoadError extends Error {
  constructor(
    readonly waveId: number,
    readonly problem: WaveProblem,
  ) {
    super(problem.message);
    this.name = problem.name;
  }
  get formatTag(): number | null {
    return this.problem.formatTag;
  }
}

/** Problems found after listing, by Wave id: the Player's `waveProblems` (a read or decode that failed). */
export type KnownProblems = Readonly<Record<number, WaveProblem>>;

/**
 * The problem a Wave's list row shows with ⚠, or null: what the list knows ({@link rowProblem}),
 * else what a failed read or decode found since (`known`) — an empty Wave is not one (its row
 * shows ∅). The one rule of the row's ⚠ and of the *Has warnings* quick filter (QA #2: a row
 * shown with ⚠ passes it).
 */
export function warningProblem(w: WaveInfo, known?: KnownProblems): WaveProblem | null {
  const p = rowProblem(w) ?? known?.[w.id] ?? null;
  return p && p.kind !== 'empty' ? p : null;
}
