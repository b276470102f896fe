/**
 * The persistent entry-count cache (issue #9: the whole-tree count "cached per file and shared by
 * every session and the CLI"; docs/architecture.md "The service and its transports"). One small
 * JSON file, `entry-counts.json`, in the per-user cache folder of the OS (env-paths:
 * `~/.cache/ac-sound-browser` on Linux, `~/Library/Caches/ac-sound-browser` on macOS,
 * `%LOCALAPPDATA%\ac-sound-browser\Cache` on Windows), or in `$ACSOUND_CACHE_DIR` when set. The
 * SoundService reads it before it walks a dat's tree and writes it after, so the CLI, the browser
 * host and the desktop app count a given file once.
 *
 * Rules:
 * - Keyed by what identifies the content: the realpath, device, inode, size, mtime and ctime of the
 *   open file, the dat header's fields (block size, root node offset, free list, versions…) and
 *   the iteration record. Any of them changed → a miss, never a stale count.
 * - Only a count made from a file that did not change while it was counted is stored: the file is
 *   stat'ed again after the walk, and a file whose ctime or mtime lies within
 *   {@link RACY_MARGIN_MS} before the walk began is not stored (a write in the same timestamp tick
 *   would not change them; FAT's 2 s tick included).
 * - Only successful counts are stored (a corrupt tree is walked, and warned about, every time).
 * - Best effort: every read, parse or write failure is ignored (a miss, or nothing stored), never
 *   an error to the user; the file is opened non-blocking and must be a regular file (a FIFO put in
 *   its place cannot hang a lookup); a corrupt or oversized file is ignored and rewritten by the
 *   next store.
 * - Written atomically (a temp file in the same folder, then rename) and bounded: the last
 *   {@link DEFAULT_ENTRY_COUNT_CACHE_SIZE} files stored, one entry per realpath.
 * - Nothing is ever written beside the dat.
 */
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { tempSuffix } from './tempName';
import type { DatHeader } from '../../core/dat';

/** The environment variable naming the cache folder (tests and CI point it at a temp folder). */
export const CACHE_DIR_ENV = 'ACSOUND_CACHE_DIR';
/** The cache file's name inside the cache folder. */
export const ENTRY_COUNT_CACHE_FILE = 'entry-counts.json';
/** How many files' counts are kept by default (the most recently stored). */
export const DEFAULT_ENTRY_COUNT_CACHE_SIZE = 32;
/** A cache file larger than this (bytes) is not read: treated as corrupt, rewritten by the next store. */
export const MAX_CACHE_FILE_BYTES = 256 * 1024;
/** A file changed less than this long (ms) before its walk began is not stored (timestamp ticks). */
export const RACY_MARGIN_MS = 3000;
/** The file format's version: a file of another version is ignored (and rewritten). */
const CACHE_VERSION = 1;

/**
 * The cache folder: `$ACSOUND_CACHE_DIR` (resolved) when set and not empty, else the OS's per-user
 * cache folder for `ac-sound-browser` (env-paths).
 */
export function entryCountCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CACHE_DIR_ENV];
  if (override) return resolve(override);
  return envPaths('ac-sound-browser', { suffix: '' }).cache;
}

/** The facts of an open file the identity needs (node/FileByteSource.ts has them all, from its fstat at open). */
export interface OpenFileFacts {
  path: string;
  dev: number;
  ino: number;
  /** Bytes. */
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** What identifies a dat's content for the cache (see the module's rules): the open file's facts plus its header and iteration. */
export interface DatIdentity extends OpenFileFacts {
  /** The open file's realpath. */
  path: string;
  /** The dat header's fields as JSON (core/dat `DatHeader`). */
  header: string;
  /** The iteration record's value (null when the dat has none). */
  iteration: number | null;
}

/** One stored count. */
interface Entry extends DatIdentity {
  count: number;
  /**
   * True when the count came from the strict whole-tree walk (core/dat `countEntries`: every node
   * read whole and checked) and the dat gave no read warning: `acsound info` may then answer from
   * it (node/service/datInfo.ts). Absent or false: a first-block count (`countEntriesQuick`).
   */
  strict?: boolean;
}

/** Options of {@link EntryCountCache.lookup} and {@link EntryCountCache.store}. */
export interface CountKind {
  /** The strict whole-tree count (see {@link Entry.strict}); default false: any count. */
  strict?: boolean;
}

/**
 * The identity of an open dat, or null when its realpath cannot be resolved (then it is neither
 * looked up nor stored).
 */
export function datIdentity(file: OpenFileFacts, header: DatHeader, iteration: number | null): DatIdentity | null {
  let path: string;
  try {
    path = realpathSync.native(file.path);
  } catch {
    return null;
  }
  return {
    path,
    dev: file.dev,
    ino: file.ino,
    size: file.size,
    mtimeMs: file.mtimeMs,
    ctimeMs: file.ctimeMs,
    header: JSON.stringify(header),
    iteration,
  };
}

const IDENTITY_KEYS = ['path', 'dev', 'ino', 'size', 'mtimeMs', 'ctimeMs', 'header', 'iteration'] as const;

function sameIdentity(a: DatIdentity, b: DatIdentity): boolean {
  return IDENTITY_KEYS.every((k) => a[k] === b[k]);
}

/** An entry read from the file, checked field by field; null when it is not one. */
function entryOf(x: unknown): Entry | null {
  if (typeof x !== 'object' || x === null) return null;
  const e = x as Record<string, unknown>;
  const finite = (k: string): boolean => typeof e[k] === 'number' && Number.isFinite(e[k]);
  if (typeof e['path'] !== 'string' || typeof e['header'] !== 'string') return null;
  if (!['dev', 'ino', 'size', 'mtimeMs', 'ctimeMs'].every(finite)) return null;
  if (e['iteration'] !== null && !finite('iteration')) return null;
  if (!Number.isSafeInteger(e['count']) || (e['count'] as number) < 0) return null;
  return {
    path: e['path'],
    dev: e['dev'] as number,
    ino: e['ino'] as number,
    size: e['size'] as number,
    mtimeMs: e['mtimeMs'] as number,
    ctimeMs: e['ctimeMs'] as number,
    header: e['header'],
    iteration: e['iteration'] as number | null,
    count: e['count'] as number,
    ...(e['strict'] === true ? { strict: true } : {}),
  };
}

/** Options of {@link EntryCountCache}. */
export interface EntryCountCacheOptions {
  /** Files kept (default {@link DEFAULT_ENTRY_COUNT_CACHE_SIZE}). */
  capacity?: number;
  /** See {@link RACY_MARGIN_MS} (tests of fresh files pass 0). */
  racyMarginMs?: number;
}

/**
 * The entry counts stored in `dir` (see the module's rules). Every method is best effort: none
 * throws, none blocks on anything but a local file read or write.
 */
export class EntryCountCache {
  /** The cache file. */
  readonly file: string;
  private readonly capacity: number;
  private readonly racyMarginMs: number;

  constructor(
    readonly dir: string,
    options: EntryCountCacheOptions = {},
  ) {
    this.file = join(dir, ENTRY_COUNT_CACHE_FILE);
    this.capacity = Math.max(1, options.capacity ?? DEFAULT_ENTRY_COUNT_CACHE_SIZE);
    this.racyMarginMs = options.racyMarginMs ?? RACY_MARGIN_MS;
  }

  /** The cache of this user (or of `$ACSOUND_CACHE_DIR`): {@link entryCountCacheDir}. */
  static forUser(env: NodeJS.ProcessEnv = process.env): EntryCountCache {
    return new EntryCountCache(entryCountCacheDir(env));
  }

  /**
   * The stored count of the file with exactly this identity, else null (a miss, or the cache
   * unreadable); with `strict`, only a strict count ({@link Entry.strict}).
   */
  lookup(identity: DatIdentity, kind: CountKind = {}): number | null {
    const hit = this.read().find((e) => sameIdentity(e, identity));
    return hit && (hit.strict === true || !kind.strict) ? hit.count : null;
  }

  /**
   * Stores `count` for `identity` unless the file changed: it is stat'ed again and must still
   * have the identity's device, inode, size, mtime and ctime, both times lying at least the racy
   * margin before `walkStartedMs` (`Date.now()` when the count began). Replaces the entry of the
   * same path (a strict count of the same identity and number stays strict); keeps the last
   * `capacity` entries.
   * @returns true when written (false: not stored, or the write failed — ignored either way)
   */
  store(identity: DatIdentity, count: number, walkStartedMs: number, kind: CountKind = {}): boolean {
    if (!Number.isSafeInteger(count) || count < 0) return false;
    const settled = walkStartedMs - this.racyMarginMs;
    if (!(identity.ctimeMs <= settled && identity.mtimeMs <= settled)) return false;
    try {
      const st = statSync(identity.path);
      if (
        st.dev !== identity.dev ||
        st.ino !== identity.ino ||
        st.size !== identity.size ||
        st.mtimeMs !== identity.mtimeMs ||
        st.ctimeMs !== identity.ctimeMs
      )
        return false;
    } catch {
      return false;
    }
    const all = this.read();
    const old = all.find((e) => sameIdentity(e, identity));
    const strict = kind.strict === true || (old?.strict === true && old.count === count);
    const entries = all.filter((e) => e.path !== identity.path);
    entries.push(strict ? { ...identity, count, strict } : { ...identity, count });
    return this.write(entries.slice(-this.capacity));
  }

  /** The entries of the cache file; [] when it is missing, not a regular file, too large or not ours. */
  private read(): Entry[] {
    let fd: number;
    try {
      // non-blocking: a FIFO in the file's place must not hang the open (it is refused below)
      fd = openSync(this.file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    } catch {
      return [];
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > MAX_CACHE_FILE_BYTES) return [];
      const buf = Buffer.alloc(st.size);
      let got = 0;
      while (got < buf.length) {
        const n = readSync(fd, buf, got, buf.length - got, got);
        if (n === 0) break;
        got += n;
      }
      const json = JSON.parse(buf.toString('utf8', 0, got)) as unknown;
      if (typeof json !== 'object' || json === null) return [];
      const { version, entries } = json as { version?: unknown; entries?: unknown };
      if (version !== CACHE_VERSION || !Array.isArray(entries)) return [];
      return entries.map(entryOf).filter((e): e is Entry => e !== null);
    } catch {
      return [];
    } finally {
      try {
        closeSync(fd);
      } catch {
        // nothing to do
      }
    }
  }

  /**
   * Writes the cache file atomically (temp file beside it, created exclusively, then rename);
   * false on any failure. The temp name needs to be unique, not secret (./tempName.ts).
   */
  private write(entries: Entry[]): boolean {
    const tmp = `${this.file}.${tempSuffix()}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      writeFileSync(tmp, JSON.stringify({ version: CACHE_VERSION, entries }) + '\n', { flag: 'wx', mode: 0o600 });
      renameSync(tmp, this.file);
      return true;
    } catch (e) {
      // EEXIST: the name is another writer's temp file, not ours to remove
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      try {
        rmSync(tmp, { force: true });
      } catch {
        // nothing to do
      }
      return false;
    }
  }
}
