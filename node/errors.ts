/**
 * Node-side typed errors. Like core's errors each has a name from core/errors.ts `ERROR_NAMES`,
 * so it crosses IPC, HTTP and the CLI in the one wire shape (`errorToData`).
 */
import type { ErrorData, ErrorDetails, ErrorKind, ErrorName } from '../core/errors';
import { MESSAGE_PATH_MAX, shortPath } from '../core/shortPath';

// the one rule for a long path in a message (core/shortPath.ts), shared with the app's banners
export { MESSAGE_PATH_MAX, shortPath };

/**
 * The message of an {@link IoError}, built from the paths it names: `quote(path)` gives the path
 * as a message shows it, in double quotes and shortened by {@link shortPath} when it is longer
 * than {@link MESSAGE_PATH_MAX} characters — `(q) => \`cannot write ${q(target)}: …\``. Every
 * path in an IoError message goes through `quote`, so no message is a 10 KB line.
 */
export type PathMessage = (quote: (path: string) => string) => string;

/**
 * A file-system operation failed: open, read, write, rename… `code` is the Node error code
 * (`ENOENT`, `EACCES`, `ENOSPC`, `ENAMETOOLONG`, …) or `ESHORTREAD` when a file ended before the bytes it
 * announced (it was truncated after it was opened). `path` names the file (whole).
 *
 * The message is built here from a {@link PathMessage}: one rule for every IoError. A path the
 * message shortened is given whole in `details.structure` (`--json`, "Copy details"): `the path
 * "…"` (`the paths "…", "…"` for several), after the `details.structure` given, if any
 * (`the dat path (not a regular file); the path "…"`).
 */
export class IoError extends Error {
  override name: ErrorName = 'IoError';
  /** Where the error is: the details given and the whole paths the message shortened; undefined for neither. */
  readonly details: ErrorDetails | undefined;
  /** What it is beyond an I/O failure (core/errors `ErrorKind`), sent as `ErrorData.kind`: {@link notADatFile}'s `not-a-dat-file`. */
  readonly kind: ErrorKind | undefined;
  constructor(
    message: PathMessage,
    readonly code: string,
    readonly path: string,
    options: { cause?: unknown; details?: ErrorDetails; kind?: ErrorKind } = {},
  ) {
    const shortened: string[] = [];
    const text = message((p) => {
      const shown = shortPath(p);
      if (shown !== p && !shortened.includes(p)) shortened.push(p);
      return `"${shown}"`;
    });
    super(text, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = withWholePaths(options.details, shortened);
    this.kind = options.kind;
  }
}

/** `details` with the whole `paths` added to its `structure` (see {@link IoError}). */
function withWholePaths(details: ErrorDetails | undefined, paths: readonly string[]): ErrorDetails | undefined {
  if (paths.length === 0) return details;
  const named = `${paths.length === 1 ? 'the path' : 'the paths'} ${paths.map((p) => `"${p}"`).join(', ')}`;
  const given = details?.structure ?? null;
  return {
    objectId: details?.objectId ?? null,
    offset: details?.offset ?? null,
    structure: given === null ? named : `${given}; ${named}`,
  };
}

/**
 * `details.structure` of the {@link IoError} that refuses a dat path which is not a regular file
 * (a folder, FIFO, device or socket): see {@link notADatFile}.
 */
export const NOT_A_DAT_FILE = 'the dat path (not a regular file)';

/**
 * The error for a dat path that is a folder (`EISDIR`), FIFO, device or socket (`ENOTREG`): an
 * {@link IoError} naming the path, of kind `not-a-dat-file` (core/errors `ErrorKind`, the wire
 * shape's `kind`), whose `details.structure` is {@link NOT_A_DAT_FILE} for people and scripts. It is
 * invalid input, not an I/O failure — the user gave something that is not a dat — so the CLI
 * exits 2 and the browser host answers 422, as for a corrupt dat (README "Exit codes", "The
 * browser host"; {@link isNotADatFile}). A folder where an export *writes* stays an I/O error (3).
 */
export function notADatFile(message: PathMessage, code: 'EISDIR' | 'ENOTREG', path: string): IoError {
  return new IoError(message, code, path, {
    details: { objectId: null, offset: null, structure: NOT_A_DAT_FILE },
    kind: 'not-a-dat-file',
  });
}

/**
 * True for {@link notADatFile}'s error, in its wire shape: the CLI's exit 2, the host's 422.
 * Decided by its typed `kind` (`not-a-dat-file`), never by the text of `details.structure`.
 */
export function isNotADatFile(e: Pick<ErrorData, 'kind'>): boolean {
  return e.kind === 'not-a-dat-file';
}

/**
 * An export request cannot run at all: its folder cannot be created, is not a folder, or is not
 * writable. Raised once, before any Wave is touched, instead of one identical failure per Wave.
 * `code` is the file-system code (`ENOENT`, `EACCES`, `ENOTDIR`, `EROFS`, …), `path` the folder
 * (or the path component) that failed. An {@link IoError}, so the CLI exits 3.
 */
export class ExportError extends IoError {
  override name: ErrorName = 'ExportError';
}

/** A request to the service is malformed (wrong argument type, unknown format, missing settings). */
export class RequestError extends Error {
  override name: ErrorName = 'RequestError';
  constructor(
    message: string,
    /** `EINVAL` for a bad argument, `ENODAT` when no dat is open. */
    readonly code: string = 'EINVAL',
  ) {
    super(message);
  }
}

/** Node error codes that mean "the file system said no" rather than "the input is bad". */
export function isNodeIoError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  return (
    e instanceof Error &&
    typeof (e as NodeJS.ErrnoException).code === 'string' &&
    (typeof (e as NodeJS.ErrnoException).syscall === 'string' || typeof (e as NodeJS.ErrnoException).errno === 'number')
  );
}

/**
 * Wraps a Node file-system error into an {@link IoError} whose message names the operation and
 * the path, e.g. `cannot open dat "/x/client_portal.dat": no such file or directory (ENOENT)`
 * (a path longer than {@link MESSAGE_PATH_MAX} characters shortened, as in every IoError).
 * Anything that is not a Node I/O error is returned unchanged.
 */
export function wrapIoError(e: unknown, action: string, path: string): unknown {
  if (e instanceof IoError || !isNodeIoError(e)) return e;
  return new IoError((q) => `cannot ${action} ${q(path)}: ${describeCode(e)}`, e.code, path, { cause: e });
}

const CODE_TEXT: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'a path component is not a directory',
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  EEXIST: 'file already exists',
  EIO: 'input/output error',
  EBUSY: 'resource busy',
  EDQUOT: 'disk quota exceeded',
  // a path or one of its names longer than the file system takes (PATH_MAX, NAME_MAX): the user's input
  ENAMETOOLONG: 'path too long',
};

/**
 * `permission denied (EACCES)` for a Node I/O error. A code without plain words here gives Node's
 * own description without its code prefix and the `, stat '/path'` it ends with (the message
 * around it names the path once): `ENOTEMPTY: directory not empty, rmdir '/x'` → `directory not
 * empty (ENOTEMPTY)`.
 */
export function describeCode(e: NodeJS.ErrnoException & { code: string }): string {
  const own = e.message.replace(`${e.code}: `, '').replace(/, \w+ '[\s\S]*$/, '');
  return `${CODE_TEXT[e.code] ?? own} (${e.code})`;
}
