import { AcSoundError } from '../../core/errors';
import { IoError, RequestError, isNodeIoError } from '../errors';
import { UsageError } from './usage';

/** The CLI's exit codes (issue 2 §3). */
export const EXIT = { ok: 0, usage: 1, invalid: 2, io: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * The exit code for an error: UsageError → 1; core's typed errors (DatFormatError,
 * UnsupportedDatError, NotFoundError, ObjectFormatError, DecodeError, WavFormatError), a read
 * outside the file (RangeError) and a bad request → 2; file-system errors (IoError, ENOENT,
 * EACCES, ENOSPC…) → 3. Anything else (a bug) → 2 as well, so scripts see "bad input" rather
 * than success.
 */
export function exitCodeFor(e: unknown): ExitCode {
  if (e instanceof UsageError) return EXIT.usage;
  if (e instanceof IoError || isNodeIoError(e)) return EXIT.io;
  if (e instanceof AcSoundError || e instanceof RangeError || e instanceof RequestError) return EXIT.invalid;
  return EXIT.invalid;
}

/** Exit code for an export failure recorded by name/code (I/O codes → 3, the rest → 2). */
export function exitCodeForFailure(f: { errorName: string; code?: string }): ExitCode {
  if (f.errorName === 'IoError' || (f.code !== undefined && /^E[A-Z]+$/.test(f.code) && f.code !== 'EINVAL')) return EXIT.io;
  return EXIT.invalid;
}

/**
 * One line naming the problem, no stack trace: `DatFormatError: block chain of 0x0A000012 loops
 * at offset 0x0001F400`. Node I/O errors already carry the path in their message.
 */
export function oneLine(e: unknown): string {
  if (e instanceof Error) {
    const msg = e.message.replace(/\s*\n\s*/g, ' ').trim();
    if (e instanceof UsageError) return msg;
    return `${e.name}: ${msg}`;
  }
  return String(e);
}
