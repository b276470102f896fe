import { mkdir, open, stat, unlink } from 'node:fs/promises';
import { dirname, join, parse, resolve, sep } from 'node:path';
import { describeCode, ExportError, isNodeIoError } from '../errors';
import { randomHex8 } from './atomicWrite';

function codeOf(e: unknown): string | undefined {
  return isNodeIoError(e) ? e.code : undefined;
}

function fail(dir: string, at: string, what: string, e: unknown): ExportError {
  const why = isNodeIoError(e) ? describeCode(e) : e instanceof Error ? e.message : String(e);
  const code = codeOf(e) ?? 'EIO';
  return new ExportError(`cannot export to "${dir}": ${what} "${at}": ${why}`, code, at, { cause: e });
}

/**
 * Makes sure the export folder `dir` (absolute) exists and is writable, without ever hanging:
 * walks the path one component at a time from the root — `stat` each, `mkdir` (NOT recursive) the
 * missing ones — and stops at the first that fails. (Node's recursive mkdir loops forever on
 * e.g. `/proc/foo`, where mkdir answers ENOENT although the parent exists.) Then creates and
 * removes a probe file, so a read-only or permission-denied folder is found once, up front.
 * @throws ExportError with the file-system code: ENOENT (cannot be created there), EACCES/EPERM,
 *   ENOTDIR (a component is a file), EROFS, … naming the folder and the component that failed
 */
export async function ensureExportDir(dir: string): Promise<void> {
  const abs = resolve(dir);
  const { root } = parse(abs);
  const parts = abs
    .slice(root.length)
    .split(sep)
    .filter((p) => p !== '');
  let cur = root;
  for (let i = 0; i <= parts.length; i++) {
    if (i > 0) cur = join(cur, parts[i - 1]!);
    let isDir: boolean;
    try {
      isDir = (await stat(cur)).isDirectory();
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw fail(dir, cur, 'cannot check', e);
      try {
        await mkdir(cur);
        continue;
      } catch (e2) {
        const code = codeOf(e2);
        if (code === 'EEXIST') {
          // created meanwhile by someone else: check what it is
          try {
            isDir = (await stat(cur)).isDirectory();
          } catch (e3) {
            throw fail(dir, cur, 'cannot check', e3);
          }
        } else if (code === 'ENOENT') {
          // the parent exists (we just checked it) yet refuses new entries: /proc, /sys…
          throw new ExportError(
            `cannot export to "${dir}": cannot create the folder "${cur}": "${dirname(cur)}" does not accept new folders (ENOENT)`,
            'ENOENT',
            cur,
            { cause: e2 },
          );
        } else {
          throw fail(dir, cur, 'cannot create the folder', e2);
        }
      }
    }
    if (!isDir) {
      throw new ExportError(`cannot export to "${dir}": "${cur}" exists and is not a folder (ENOTDIR)`, 'ENOTDIR', cur);
    }
  }
  const probe = join(abs, `.acsound-write-probe.${process.pid}.${randomHex8()}.tmp`);
  try {
    const fh = await open(probe, 'wx');
    await fh.close();
  } catch (e) {
    throw fail(dir, abs, 'cannot write in the folder', e);
  }
  await unlink(probe).catch(() => undefined);
}
