/**
 * What a user types or pastes as a path, made into an absolute file-system path, the same way for
 * the CLI, the browser host and Electron (issue #10 defect 4):
 * - surrounding whitespace and one pair of matching quotes go (Windows "Copy as path" gives
 *   `"C:\\AC\\client_portal.dat"`);
 * - a `file://` URL becomes its path (percent-escapes decoded);
 * - a leading `~` (alone, or `~/…`, `~\\…`) is the user's home folder (never a folder named `~`);
 * - anything else relative resolves against `base` (the working folder of the process that
 *   serves the request), and the result says so in `relativeTo`.
 */
import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface UserPath {
  /** The absolute path. */
  path: string;
  /** The folder a relative input was resolved against; null when the input was absolute, `~` or a URL. */
  relativeTo: string | null;
}

export interface UserPathOptions {
  /** Folder for relative inputs. Default: `process.cwd()`. */
  base?: string;
  /** The home folder for `~`. Default: `os.homedir()`. */
  home?: string;
}

const QUOTES: readonly (readonly [string, string])[] = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
];

/** Strips whitespace and one pair of matching surrounding quotes. */
export function unquotePath(input: string): string {
  let s = input.trim();
  for (const [open, close] of QUOTES) {
    if (s.length >= 2 && s.startsWith(open) && s.endsWith(close)) {
      s = s.slice(open.length, s.length - close.length).trim();
      break;
    }
  }
  return s;
}

/**
 * Resolves a typed or pasted path (see the module comment).
 * @throws TypeError for an empty input or a `file:` URL that names no local file (e.g. a host)
 */
export function resolveUserPath(input: string, options: UserPathOptions = {}): UserPath {
  const s = unquotePath(input);
  if (s === '') throw new TypeError('the path is empty');
  if (/^file:/i.test(s)) return { path: fileURLToPath(s), relativeTo: null };
  if (s === '~' || s.startsWith('~/') || s.startsWith('~\\')) {
    const home = options.home ?? homedir();
    return { path: resolve(home, s.slice(2)), relativeTo: null };
  }
  if (isAbsolute(s)) return { path: resolve(s), relativeTo: null };
  const base = resolve(options.base ?? process.cwd());
  return { path: resolve(base, s), relativeTo: base };
}
