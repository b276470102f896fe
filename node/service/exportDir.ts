import { mkdir, open, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, parse, resolve, sep } from 'node:path';
import { describeCode, ExportError, isNodeIoError, type PathMessage } from '../errors';
import { atomicWriteProblem } from './atomicWrite';
import { tempSuffix } from './tempName';

function codeOf(e: unknown): string | undefined {
  return isNodeIoError(e) ? e.code : undefined;
}

/**
 * What the message of a folder that fails starts with: `cannot export to "/x"` for an export (a
 * folder of files), `cannot write "/x/a.wav"` when one named file is written there (`acsound
 * render --out`, `ambient --render`): the path the user gave, and no "export" for a render.
 */
function leadOf(dir: string, target: string | undefined): PathMessage {
  return target === undefined ? (q) => `cannot export to ${q(dir)}` : (q) => `cannot write ${q(target)}`;
}

function fail(lead: PathMessage, at: string, what: string, e: unknown): ExportError {
  const why = isNodeIoError(e) ? describeCode(e) : e instanceof Error ? e.message : String(e);
  const code = codeOf(e) ?? 'EIO';
  return new ExportError((q) => `${lead(q)}: ${what} ${q(at)}: ${why}`, code, at, { cause: e });
}

/** Options of {@link ensureExportDir} and {@link checkExportDir}. */
export interface ExportDirOptions {
  /**
   * The one file about to be written in the folder (absolute), when the folder is for one named
   * file rather than an export: errors then start `cannot write "<target>"` (the step that failed
   * follows), not `cannot export to "<dir>"`.
   */
  target?: string;
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
export async function ensureExportDir(dir: string, options: ExportDirOptions = {}): Promise<void> {
  await walkExportDir(dir, true, leadOf(dir, options.target));
}

/**
 * The check of {@link ensureExportDir} that leaves nothing behind, for before any Wave is read:
 * each component that exists must be a folder; the deepest one must take a new folder (a probe
 * folder made and removed at once) when the rest is missing, or a file (the probe file) when the
 * whole folder exists. A folder still to be made is made only when a file is about to be written
 * ({@link ensureExportDir} then), so an export that writes nothing leaves no empty folder.
 * @throws ExportError as {@link ensureExportDir} (ENOTDIR, EACCES, EROFS…), never ENOENT for a
 *   missing folder
 */
export async function checkExportDir(dir: string, options: ExportDirOptions = {}): Promise<void> {
  await walkExportDir(dir, false, leadOf(dir, options.target));
}

async function walkExportDir(dir: string, create: boolean, lead: PathMessage): Promise<void> {
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
      if (codeOf(e) !== 'ENOENT') throw fail(lead, cur, 'cannot check', e);
      // checking only: a folder made and removed at once in the parent shows it takes new
      // folders (/proc does not), so the rest can be made when the first file is written
      const made = create ? cur : join(dirname(cur), `.acsound-dir-probe.${tempSuffix()}`);
      try {
        await mkdir(made);
        if (!create) {
          await rmdir(made).catch(() => undefined);
          return;
        }
        continue;
      } catch (e2) {
        const code = codeOf(e2);
        if (code === 'EEXIST') {
          // created meanwhile by someone else: check what it is
          try {
            isDir = (await stat(cur)).isDirectory();
          } catch (e3) {
            throw fail(lead, cur, 'cannot check', e3);
          }
        } else if (code === 'ENOENT') {
          // the parent exists (we just checked it) yet refuses new entries: /proc, /sys…
          throw new ExportError(
            (q) =>
              `${lead(q)}: cannot create the folder ${q(cur)}: ${q(dirname(cur))} does not accept new folders (ENOENT)`,
            'ENOENT',
            cur,
            { cause: e2 },
          );
        } else {
          throw fail(lead, cur, 'cannot create the folder', e2);
        }
      }
    }
    if (!isDir) {
      throw new ExportError((q) => `${lead(q)}: ${q(cur)} exists and is not a folder (ENOTDIR)`, 'ENOTDIR', cur);
    }
  }
  const probe = join(abs, `.acsound-write-probe.${tempSuffix()}.tmp`);
  try {
    const fh = await open(probe, 'wx');
    await fh.close();
  } catch (e) {
    if (!isNodeIoError(e)) throw fail(lead, abs, 'cannot write in the folder', e);
    // worded from what failed: the probe file could not be created (atomicWrite's one rule)
    throw new ExportError((q) => `${lead(q)}: ${atomicWriteProblem(e, 'create', probe, q)}`, e.code, abs, {
      cause: e,
    });
  }
  await unlink(probe).catch(() => undefined);
}
