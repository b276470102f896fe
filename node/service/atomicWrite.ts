import {
  accessSync,
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { link, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describeCode, IoError, isNodeIoError, wrapIoError, type PathMessage } from '../errors';
import { tempSuffix } from './tempName';

/** Outcome of {@link writeFileAtomic}: `exists` means the target was there and `force` was off. */
export type AtomicWriteOutcome = 'written' | 'exists';

/**
 * A file's contents: all its bytes, or its chunks in order, made as they are written (a long
 * render streams: only one chunk is held at a time).
 */
export type FileContents = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * Writes `bytes` (all at once, or chunk by chunk) to `target` atomically: a temp file in the same folder (opened with `'wx'`, so
 * it never clobbers anything), fsync, then
 * - `force`: `rename` over the target (atomic replace);
 * - otherwise: `link` the temp file to the target, which fails with EEXIST if the target exists
 *   (an atomic "create only"); on file systems without hard links, an existence check + rename.
 * The temp file is always removed. Readers never see a half-written target.
 * @returns 'written', or 'exists' when the target exists and `force` is false (nothing written)
 * @throws IoError (ENOSPC, EACCES, EROFS, …) naming the file
 */
export async function writeFileAtomic(
  target: string,
  bytes: FileContents,
  force: boolean,
): Promise<AtomicWriteOutcome> {
  if (bytes instanceof Uint8Array) return writeFileAtomicSync(target, bytes, force);
  const tmp = tempPathFor(target);
  let tmpCreated = false;
  let step: AtomicStep = 'create';
  try {
    const fh = await open(tmp, 'wx');
    tmpCreated = true;
    step = 'write';
    try {
      if (bytes instanceof Uint8Array) await writeAll(fh, bytes);
      else for await (const chunk of bytes) await writeAll(fh, chunk);
      await fh.sync();
    } finally {
      await fh.close();
    }
    step = 'place';
    if (force) {
      await rename(tmp, target);
      tmpCreated = false;
      return 'written';
    }
    try {
      await link(tmp, target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return 'exists';
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EXDEV')
        throw e;
      // No hard links here (FAT, some network shares): check, then rename.
      if (await exists(target)) return 'exists';
      await rename(tmp, target);
      tmpCreated = false;
    }
    return 'written';
  } catch (e) {
    throw atomicWriteError(e, step, target);
  } finally {
    if (tmpCreated) await unlink(tmp).catch(() => undefined);
  }
}

/**
 * {@link writeFileAtomic} of bytes held whole, done with synchronous calls (issue #9): the open,
 * write, fsync, close, link and unlink of one file were six thread-pool round trips, most of an
 * export's time beyond the fsync itself. The thread is held for the fsync of this one file (about
 * a millisecond on a local disk); exports write one file at a time and await between files, so
 * other requests are served between them. Streamed contents keep the asynchronous path.
 */
function writeFileAtomicSync(target: string, bytes: Uint8Array, force: boolean): AtomicWriteOutcome {
  const tmp = tempPathFor(target);
  let tmpCreated = false;
  let step: AtomicStep = 'create';
  try {
    const fd = openSync(tmp, 'wx');
    tmpCreated = true;
    step = 'write';
    try {
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    step = 'place';
    if (force) {
      renameSync(tmp, target);
      tmpCreated = false;
      return 'written';
    }
    try {
      linkSync(tmp, target);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return 'exists';
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EXDEV')
        throw e;
      // No hard links here (FAT, some network shares): check, then rename.
      if (existsSync(target)) return 'exists';
      renameSync(tmp, target);
      tmpCreated = false;
    }
    return 'written';
  } catch (e) {
    throw atomicWriteError(e, step, target);
  } finally {
    if (tmpCreated) {
      try {
        unlinkSync(tmp);
      } catch {
        // gone already
      }
    }
  }
}

/**
 * The steps of an atomic write: `create` the temp file in the target's folder, `write` and fsync
 * it, `place` it as the target (link or rename).
 */
export type AtomicStep = 'create' | 'write' | 'place';

/**
 * What failed in an atomic write, in words, from the step that failed — the one rule for every
 * atomic write and the export folder's write probe (exportDir.ts): `a temporary file could not be
 * created in the folder "/proc": the folder does not accept new files (ENOENT)` (ENOENT for a
 * folder that exists is never "no such file or directory"), `the temporary file for "/x/a.wav"
 * could not be written: no space left on device (ENOSPC)`, `the finished file could not be put in
 * place as "/x/a.wav": permission denied (EACCES)`. `quote` is the quote of the {@link PathMessage}
 * it goes in: a long path shortened.
 */
export function atomicWriteProblem(
  e: NodeJS.ErrnoException & { code: string },
  step: AtomicStep,
  target: string,
  quote: Parameters<PathMessage>[0],
): string {
  if (step === 'create') {
    const folder = dirname(target);
    return `a temporary file could not be created in the folder ${quote(folder)}: ${createReason(e, folder)}`;
  }
  if (step === 'write') return `the temporary file for ${quote(target)} could not be written: ${describeCode(e)}`;
  return `the finished file could not be put in place as ${quote(target)}: ${describeCode(e)}`;
}

/** Why a file could not be created in `folder`: ENOENT says whether the folder is missing or refuses new files. */
function createReason(e: NodeJS.ErrnoException & { code: string }, folder: string): string {
  if (e.code !== 'ENOENT') return describeCode(e);
  let isDir = false;
  try {
    isDir = statSync(folder).isDirectory();
  } catch {
    // missing: the plain reason
  }
  return isDir ? 'the folder does not accept new files (ENOENT)' : 'the folder does not exist (ENOENT)';
}

/** An atomic write's failure as an IoError: `cannot write "/x/a.wav": ` + {@link atomicWriteProblem}. */
function atomicWriteError(e: unknown, step: AtomicStep, target: string): unknown {
  if (e instanceof IoError || !isNodeIoError(e)) return wrapIoError(e, 'write', target);
  return new IoError((q) => `cannot write ${q(target)}: ${atomicWriteProblem(e, step, target, q)}`, e.code, target, {
    cause: e,
  });
}

async function writeAll(fh: FileHandle, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await fh.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
}

/**
 * A target that is a folder, which no write replaces (`--force` or not): `cannot write
 * "/x/a.wav": it is a folder, not a file (EISDIR)` — the one wording of export, render and ambient.
 */
export function isAFolder(path: string): IoError {
  return new IoError((q) => `cannot write ${q(path)}: it is a folder, not a file (EISDIR)`, 'EISDIR', path);
}

/**
 * Throws {@link isAFolder} when `path` is a folder; nothing when it is anything else or missing.
 * @throws IoError EISDIR for a folder, the file-system error of the check otherwise (not ENOENT)
 */
export async function refuseFolder(path: string): Promise<void> {
  let isDir = false;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch (e) {
    if (isNodeIoError(e) && (e.code === 'ENOENT' || e.code === 'ENOTDIR')) return;
    throw wrapIoError(e, 'check', path);
  }
  if (isDir) throw isAFolder(path);
}

/** True when `path` exists (any kind of entry). */
export async function exists(path: string): Promise<boolean> {
  return existsSync(path);
}

/** {@link exists}, synchronously (an access(2) call: microseconds, no thread-pool round trip). */
function existsSync(path: string): boolean {
  try {
    accessSync(path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw wrapIoError(e, 'check', path);
  }
}

/** Outcome of {@link writeFilesTogether}: every file written, or the first one found existing. */
export type GroupWriteOutcome = { outcome: 'written' } | { outcome: 'exists'; path: string };

/**
 * Writes files that belong together (an as-heard WAV and its JSON sidecar) with the rules of
 * {@link writeFileAtomic} applied to the group: each file atomically; without `force`, if ANY
 * target exists nothing is written (`exists`, naming it); files are written in the order given,
 * and if a later one cannot be written (it appeared meanwhile, or an I/O error) the ones this
 * call already created are removed again — the group lands whole or not at all.
 * (With `force`, a file replaced before the failure cannot be restored; it is removed too.)
 * @throws IoError from the failing write, after the rollback
 */
export async function writeFilesTogether(
  files: readonly { path: string; bytes: FileContents }[],
  force: boolean,
): Promise<GroupWriteOutcome> {
  if (!force) {
    for (const f of files) if (await exists(f.path)) return { outcome: 'exists', path: f.path };
  }
  const done: string[] = [];
  const rollback = async (): Promise<void> => {
    for (const p of done) await unlink(p).catch(() => undefined);
  };
  for (const f of files) {
    let outcome: AtomicWriteOutcome;
    try {
      outcome = await writeFileAtomic(f.path, f.bytes, force);
    } catch (e) {
      await rollback();
      throw e;
    }
    if (outcome === 'exists') {
      await rollback();
      return { outcome: 'exists', path: f.path };
    }
    done.push(f.path);
  }
  return { outcome: 'written' };
}

/**
 * The temp file of {@link writeFileAtomic} for `target`: `.<name>.<pid>.<8 hex>.tmp` in the same
 * folder (the pid lets {@link removeStaleTemps} tell a live writer's file from a dead one's).
 */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${tempSuffix()}.tmp`);
}

/** Our temp names: {@link tempPathFor}'s and the export folder's write probe (exportDir.ts). */
const OUR_TEMP = /^\..+\.(\d{1,10})\.[0-9a-f]{8}\.tmp$/;

/** True when process `pid` exists (EPERM: it exists, owned by someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Removes temp files of ours left in `dir` by a process that is gone (killed while writing: the
 * temp name carries its pid, see {@link tempPathFor}). Only files matching our temp names whose
 * pid is not a running process are removed; this process's own and a live process's are kept,
 * as is anything else. Best effort: never throws.
 * @returns the names removed
 */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = OUR_TEMP.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || processAlive(pid)) continue;
    try {
      await unlink(join(dir, name));
      removed.push(name);
    } catch {
      // gone meanwhile, or not ours to remove: leave it
    }
  }
  return removed;
}
