import { realpath } from 'node:fs';

/**
 * `fs/promises`' `realpath` (the OS's realpath(3), through the thread pool) without loading
 * `node:fs/promises`: that module loads readline and the file watchers, milliseconds of every
 * `acsound list` that never use them (issue #9; the CLI bundle takes built-ins when it loads).
 * @throws (rejects with) the ErrnoException of realpath(3): ENOENT, EACCES, ELOOP…
 */
export function realpathAsync(path: string): Promise<string> {
  return new Promise((resolve, reject) => realpath.native(path, (e, resolved) => (e ? reject(e) : resolve(resolved))));
}
