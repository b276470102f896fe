import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DatFile, writeDat } from '../../core/dat';
import { fixtureFiles, tempDir, writeFixtureDat } from '../test/fixtures';
import {
  CACHE_DIR_ENV,
  datIdentity,
  ENTRY_COUNT_CACHE_FILE,
  EntryCountCache,
  entryCountCacheDir,
  MAX_CACHE_FILE_BYTES,
  RACY_MARGIN_MS,
  type DatIdentity,
} from './entryCountCache';
import { tempSuffix } from './tempName';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-count-cache-');
afterAll(() => tmp.cleanup());

let n = 0;
/** A fresh, empty cache folder (not yet made) and a cache on it that stores fresh files (no racy margin). */
function freshCache(capacity?: number): EntryCountCache {
  return new EntryCountCache(join(tmp.dir, `cache-${++n}`), { racyMarginMs: 0, capacity });
}

/** A fresh fixture dat in its own folder; its entry count is `fixtureFiles().length + 1` (+ the iteration record). */
function freshDat(files = fixtureFiles()): string {
  const dir = join(tmp.dir, `dat-${++n}`);
  mkdirSync(dir);
  return writeFixtureDat(dir, 'portal.dat', writeDat(files, { maxEntriesPerNode: 3, fragment: 42, iteration: 7 }));
}
const FIXTURE_COUNT = fixtureFiles().length + 1;

async function summaryCount(path: string, cache: EntryCountCache | null): Promise<number | null> {
  const s = new SoundService({ entryCountCache: cache });
  await s.openDat(path);
  const count = (await s.getSummary())!.entryCount;
  await s.close();
  return count;
}

interface CacheFile {
  version: number;
  entries: (DatIdentity & { count: number })[];
}
const readCache = (c: EntryCountCache): CacheFile => JSON.parse(readFileSync(c.file, 'utf8')) as CacheFile;

/** Rewrites the stored count of every entry (to tell a cache hit from a walk). */
function tamper(c: EntryCountCache, count: number): void {
  const f = readCache(c);
  for (const e of f.entries) e.count = count;
  writeFileSync(c.file, JSON.stringify(f));
}

async function identityOf(path: string): Promise<DatIdentity> {
  const { FileByteSource } = await import('../FileByteSource');
  const source = await FileByteSource.open(path);
  try {
    const dat = await DatFile.open(source);
    return datIdentity(source, dat.header, await dat.readIteration())!;
  } finally {
    await source.close();
  }
}

describe('entry-count cache: the count is stored once per file and shared by every service and process', () => {
  it('hit: a file counted once is not walked again; getSummary gives the stored count', async () => {
    const path = freshDat();
    const cache = freshCache();
    expect(await summaryCount(path, cache)).toBe(FIXTURE_COUNT);
    const [entry] = readCache(cache).entries;
    expect(entry).toMatchObject({ path: realpathSync(path), size: statSync(path).size, count: FIXTURE_COUNT });
    tamper(cache, 4242); // what the next service gives is the stored value, not a new walk
    const walk = vi.spyOn(DatFile.prototype, 'countEntriesQuick');
    try {
      // another service, another cache object on the same folder (as another process would be)
      expect(await summaryCount(path, new EntryCountCache(cache.dir, { racyMarginMs: 0 }))).toBe(4242);
      expect(walk).not.toHaveBeenCalled();
    } finally {
      walk.mockRestore();
    }
  });

  it('info: a strict count stored by an earlier info is taken (no walk); a first-block count is not', async () => {
    const path = freshDat();
    const cache = freshCache();
    const info = async (): Promise<number | null> => {
      const s = new SoundService({ entryCountCache: new EntryCountCache(cache.dir, { racyMarginMs: 0 }) });
      await s.openDat(path);
      const i = await s.getDatInfo();
      await s.close();
      return i.entryCount;
    };
    const walk = vi.spyOn(DatFile.prototype, 'countEntries');
    try {
      await summaryCount(path, cache); // the lists' first-block count, stored
      tamper(cache, 4242);
      expect(await info()).toBe(FIXTURE_COUNT); // not strict: info walks, and stores its strict count
      expect(walk).toHaveBeenCalledTimes(1);
      expect(readCache(cache).entries).toMatchObject([{ count: FIXTURE_COUNT, strict: true }]);
      tamper(cache, 4343);
      expect(await info()).toBe(4343); // strict: taken, no walk
      expect(walk).toHaveBeenCalledTimes(1);
      expect(await summaryCount(path, cache)).toBe(4343); // and the lists' count is the same number
      expect(readCache(cache).entries).toMatchObject([{ count: 4343, strict: true }]);
    } finally {
      walk.mockRestore();
    }
  });

  it('miss on a changed size: the file is counted again and its entry replaced', async () => {
    const path = freshDat();
    const cache = freshCache();
    await summaryCount(path, cache);
    tamper(cache, 4242);
    const more = [...fixtureFiles(), { id: 0x01000100, data: new Uint8Array(3000) }];
    writeFixtureDat(resolve(path, '..'), 'portal.dat', writeDat(more, { maxEntriesPerNode: 3, iteration: 7 }));
    expect(await summaryCount(path, cache)).toBe(FIXTURE_COUNT + 1);
    expect(readCache(cache).entries.map((e) => e.count)).toEqual([FIXTURE_COUNT + 1]); // one entry per path
  });

  it('miss on a changed mtime (same bytes): counted again', async () => {
    const path = freshDat();
    const cache = freshCache();
    await summaryCount(path, cache);
    tamper(cache, 4242);
    const { atime, mtime } = statSync(path);
    utimesSync(path, atime, new Date(mtime.getTime() - 60_000));
    expect(await summaryCount(path, cache)).toBe(FIXTURE_COUNT);
  });

  it('miss when any part of the identity differs (realpath, device, inode, size, times, header, iteration)', async () => {
    const path = freshDat();
    const cache = freshCache();
    const id = await identityOf(path);
    expect(cache.store(id, 17, Date.now())).toBe(true);
    expect(cache.lookup(id)).toBe(17);
    const changed: Partial<DatIdentity>[] = [
      { path: id.path + 'x' },
      { dev: id.dev + 1 },
      { ino: id.ino + 1 },
      { size: id.size + 1 },
      { mtimeMs: id.mtimeMs + 1 },
      { ctimeMs: id.ctimeMs + 1 },
      { header: id.header.replace(/"btreeRoot":\d+/, '"btreeRoot":1') },
      { iteration: 8 },
    ];
    for (const c of changed) expect(cache.lookup({ ...id, ...c }), JSON.stringify(c)).toBeNull();
    expect(id.header).toMatch(/"blockSize":1024/);
    expect(id.iteration).toBe(7);
  });

  it('corrupt cache file: ignored (the dat is walked) and rewritten with the count', async () => {
    const bad = [
      'not json {',
      '',
      'null',
      '[]',
      JSON.stringify({ version: 99, entries: [] }),
      JSON.stringify({ version: 1, entries: {} }),
      JSON.stringify({ version: 1, entries: [{ path: 1 }, null, { count: -1 }] }),
      ' '.repeat(MAX_CACHE_FILE_BYTES + 1), // oversized: not even read
    ];
    for (const text of bad) {
      const path = freshDat();
      const cache = freshCache();
      mkdirSync(cache.dir);
      writeFileSync(cache.file, text);
      expect(await summaryCount(path, cache), text.slice(0, 40)).toBe(FIXTURE_COUNT);
      expect(readCache(cache)).toMatchObject({
        version: 1,
        entries: [{ path: realpathSync(path), count: FIXTURE_COUNT }],
      });
    }
  });

  it('a stored entry with a bad field is dropped; the good ones stay', async () => {
    const path = freshDat();
    const cache = freshCache();
    const id = await identityOf(path);
    cache.store(id, 5, Date.now());
    const f = readCache(cache);
    writeFileSync(
      cache.file,
      JSON.stringify({ ...f, entries: [{ ...f.entries[0], path: '/x', count: 1.5 }, ...f.entries] }),
    );
    expect(cache.lookup(id)).toBe(5);
    expect(cache.lookup({ ...id, path: '/x' })).toBeNull();
  });

  it('unwritable cache folder: the count is given, nothing is thrown, nothing is stored', async () => {
    const path = freshDat();
    const file = join(tmp.dir, `a-file-${++n}`);
    writeFileSync(file, 'x');
    const cache = new EntryCountCache(join(file, 'cache'), { racyMarginMs: 0 }); // under a file: ENOTDIR
    expect(await summaryCount(path, cache)).toBe(FIXTURE_COUNT);
    expect(cache.store(await identityOf(path), 3, Date.now())).toBe(false);
    expect(cache.lookup(await identityOf(path))).toBeNull();
    // the cache file's name taken by a folder: neither read nor replaced
    const dirCache = freshCache();
    mkdirSync(dirCache.file, { recursive: true });
    expect(await summaryCount(path, dirCache)).toBe(FIXTURE_COUNT);
    expect(statSync(dirCache.file).isDirectory()).toBe(true);
  });

  it('a FIFO in the cache file’s place never hangs a lookup; the next store replaces it', async () => {
    const path = freshDat();
    const cache = freshCache();
    mkdirSync(cache.dir);
    execFileSync('mkfifo', [cache.file]);
    const id = await identityOf(path);
    expect(cache.lookup(id)).toBeNull(); // would block forever if the FIFO were opened for a blocking read
    expect(await summaryCount(path, cache)).toBe(FIXTURE_COUNT);
    expect(statSync(cache.file).isFile()).toBe(true);
    expect(cache.lookup(id)).toBe(FIXTURE_COUNT);
  });

  it('bounded: the last N files stored are kept, one entry per path', async () => {
    const cache = freshCache(3);
    const paths = Array.from({ length: 5 }, () => freshDat());
    for (const p of paths) await summaryCount(p, cache);
    expect(readCache(cache).entries.map((e) => e.path)).toEqual(paths.slice(2).map((p) => realpathSync(p)));
    await summaryCount(paths[2]!, null); // counted without the cache: nothing changes
    cache.store(await identityOf(paths[2]!), 1, Date.now()); // stored again: moves to the end, not duplicated
    expect(readCache(cache).entries.map((e) => e.path)).toEqual(
      [paths[3], paths[4], paths[2]].map((p) => realpathSync(p!)),
    );
  });

  it('written atomically: only the cache file is left in the folder (no temp files), nothing beside the dat', async () => {
    const path = freshDat();
    const cache = freshCache();
    const before = readdirSync(resolve(path, '..'));
    await summaryCount(path, cache);
    await summaryCount(freshDat(), cache);
    expect(readdirSync(cache.dir)).toEqual([ENTRY_COUNT_CACHE_FILE]);
    expect(readdirSync(resolve(path, '..'))).toEqual(before);
  });

  it('a temp name that clashes with another writer’s is a failed store, never a clobbered file', async () => {
    const cache = freshCache();
    const id = await identityOf(freshDat());
    mkdirSync(cache.dir);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5); // the temp name's random part, made to clash
    try {
      const theirs = `${cache.file}.${tempSuffix()}.tmp`;
      expect(theirs).toBe(`${cache.file}.${process.pid}.80000000.tmp`);
      writeFileSync(theirs, 'another writer');
      expect(cache.store(id, 5, Date.now())).toBe(false);
      expect(readFileSync(theirs, 'utf8')).toBe('another writer');
      expect(readdirSync(cache.dir)).toEqual([basename(theirs)]);
    } finally {
      random.mockRestore();
    }
    expect(cache.store(id, 5, Date.now())).toBe(true);
    expect(cache.lookup(id)).toBe(5);
  });

  it('only successful counts are stored: a tree whose walk fails gives null and a warning, every time', async () => {
    // the fixture plus fillers, one filler's id broken so that a node's first block is out of order
    const files = [
      ...fixtureFiles(),
      ...Array.from({ length: 60 }, (_, i) => ({ id: 0x01000100 + i, data: new Uint8Array([i, 1, 2, 3]) })),
    ];
    const bytes = writeDat(files, { maxEntriesPerNode: 3, fragment: 42, iteration: 7 });
    const dv = new DataView(bytes.buffer);
    let at = -1;
    for (let p = 0; p + 8 <= bytes.length; p += 4)
      if (dv.getUint32(p, true) === 0x00020000 && dv.getUint32(p + 4, true) === 0x01000120) at = p;
    dv.setUint32(at + 4, 5, true);
    const dir = join(tmp.dir, `bad-${++n}`);
    mkdirSync(dir);
    const path = writeFixtureDat(dir, 'bad.dat', bytes);
    const cache = freshCache();
    for (let i = 0; i < 2; i++) {
      const s = new SoundService({ entryCountCache: cache });
      await s.openDat(path);
      const sum = (await s.getSummary())!;
      expect(sum.entryCount).toBeNull();
      expect(sum.warnings[0]).toMatch(/^entry count unavailable/);
      await s.close();
    }
    expect(() => statSync(cache.file)).toThrow(); // never written
  });

  it('a file changed within the racy margin before its walk, or during it, is not stored', async () => {
    const path = freshDat();
    const id = await identityOf(path);
    const strict = new EntryCountCache(join(tmp.dir, `cache-${++n}`)); // the default margin
    expect(strict.store(id, FIXTURE_COUNT, Date.now())).toBe(false); // just written: a same-tick write could follow
    expect(strict.store(id, FIXTURE_COUNT, id.ctimeMs + RACY_MARGIN_MS + 1)).toBe(true);
    const cache = freshCache();
    await new Promise((r) => setTimeout(r, 30)); // past the file system's timestamp tick
    writeFileSync(path, readFileSync(path)); // rewritten after the identity was taken (ctime moves)
    const now = statSync(path);
    const sameTimes = { ...id, mtimeMs: now.mtimeMs }; // even with the mtime set back
    expect(cache.store(sameTimes, FIXTURE_COUNT, Date.now())).toBe(false);
    expect(cache.store({ ...id, size: id.size + 1 }, FIXTURE_COUNT, Date.now())).toBe(false);
  });

  it(`the folder: ${CACHE_DIR_ENV} when set, else the OS's per-user cache folder`, () => {
    expect(entryCountCacheDir({ [CACHE_DIR_ENV]: 'some/dir' })).toBe(resolve('some/dir'));
    expect(EntryCountCache.forUser({ [CACHE_DIR_ENV]: '/x/y' }).file).toBe(join('/x/y', ENTRY_COUNT_CACHE_FILE));
    const dflt = entryCountCacheDir({});
    expect(dflt.endsWith('ac-sound-browser') || dflt.endsWith(join('ac-sound-browser', 'Cache'))).toBe(true);
    if (process.platform === 'linux')
      expect(dflt).toBe(join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'ac-sound-browser'));
  });

  it('the tests (and what they spawn) keep their caches in a temp folder, never the user’s', () => {
    const dir = process.env[CACHE_DIR_ENV];
    expect(dir).toBeTruthy();
    expect(resolve(dir!).startsWith(resolve(tmpdir()))).toBe(true);
  });
});
