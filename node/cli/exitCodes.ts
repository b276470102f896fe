import { describeError, errorToData, userMessage, type ErrorData } from '../../core/errors';
import { openErrorWords } from '../../core/openErrorWords';
import { isNotADatFile, shortPath } from '../errors';
import type { CliIo } from './io';

/** The CLI's exit codes (issue 2 §3). */
export const EXIT = { ok: 0, usage: 1, invalid: 2, io: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * The exit code for an error in its wire shape (core/errors.ts), decided by name and code like
 * every other front end: UsageError and SettingsError (a bad option value) → 1; a dat path that
 * is a folder, FIFO, device or socket (kind `not-a-dat-file`, node/errors `isNotADatFile`) → 2; IoError and
 * ExportError, and a bare Node file-system error (name `Error` with an errno code such as
 * ENOENT) → 3; everything else — core's typed errors (DatFormatError, NotFoundError,
 * ObjectFormatError, DecodeError…), a bad request, a bug — → 2, so scripts see "bad input"
 * rather than success.
 */
export function exitCodeForData(e: Pick<ErrorData, 'name' | 'code' | 'details' | 'kind'>): ExitCode {
  if (e.name === 'UsageError' || e.name === 'SettingsError') return EXIT.usage;
  // a folder, FIFO, device or socket given as the dat: the input is wrong (the host's 422)
  if (isNotADatFile(e)) return EXIT.invalid;
  if (e.name === 'IoError' || e.name === 'ExportError') return EXIT.io;
  if (e.name === 'Error' && e.code !== undefined && /^E[A-Z]+$/.test(e.code)) return EXIT.io;
  return EXIT.invalid;
}

/** {@link exitCodeForData} of a thrown value. */
export function exitCodeFor(e: unknown): ExitCode {
  return exitCodeForData(errorToData(e));
}

/** Exit code for an export failure recorded by name and code (node/service/export.ts `ExportFailure`). */
export function exitCodeForFailure(f: { errorName: ErrorData['name']; code?: string }): ExitCode {
  return exitCodeForData({ name: f.errorName, code: f.code });
}

/**
 * One line naming the problem in plain words, no class name and no stack trace: `block chain of
 * 0x0A000012 loops at offset 0x0001F400` — core/errors `userMessage`, the app's wording too (issue
 * #10 defect 7). Node I/O errors already carry the path in their message.
 */
export function oneLine(e: unknown): string {
  return userMessage(e);
}

/**
 * What stderr says of a failed command's error, after `acsound: `: {@link oneLine}; but a dat path
 * that is a folder, FIFO, device or socket (kind `not-a-dat-file`) in the app's words and hint
 * (core/openErrorWords.ts, one definition): `This is not an Asheron's Call dat file: <path>` (the
 * path shortened as in every line, node/errors `shortPath`), then the hint on a line of its own.
 * The `--json` record keeps the error's own message (`cannot open "…": is a directory (EISDIR)`).
 */
export function errorText(e: unknown): string {
  const data = errorToData(e);
  const path = (e as { path?: unknown } | null)?.path;
  if (!isNotADatFile(data) || typeof path !== 'string') return oneLine(e);
  const { head, hint } = openErrorWords({ text: userMessage(e), kind: data.kind }, shortPath(path));
  return hint === null ? head : `${head}\n${hint}`;
}

/**
 * Reports a failed command's error on stderr: `acsound: <one line>` ({@link errorText}; a dat path
 * that is not a file adds the app's hint line) (plus, with ACSOUND_DEBUG=1, the class, wire shape
 * and stack trace). The one report of ./main.ts and of a command that prints what it could read
 * before the error (`acsound info` of a dat whose B-tree is unreadable).
 */
export function reportError(io: CliIo, e: unknown): void {
  io.err(`acsound: ${errorText(e)}\n`);
  if (process.env.ACSOUND_DEBUG) {
    io.err(`${describeError(e)}\n${JSON.stringify(errorToData(e))}\n`);
    if (e instanceof Error && e.stack) io.err(e.stack + '\n');
  }
}
