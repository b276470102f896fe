/**
 * The V8 code cache of the `list` bundle (out/cli/list.cjs.v8cache, made by scripts/build-node.mjs;
 * issue #9): the Node that built it accepts it, it holds the functions a list run compiles, and
 * `acsound list` prints the same bytes with the same exit code whether the file is there, missing,
 * truncated, garbage, damaged in the middle (its CRC-32 line, checked before V8 sees the data: V8
 * release builds do not checksum it and can crash on it), made from another list.cjs or unreadable.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CACHE_DIR_ENV } from '../service/entryCountCache';
import { tempDir, writeFixtureDat } from '../test/fixtures';
import { buildCli, builtCli, moduleLoadRecorder, repoRoot } from '../test/builtCli';

const outCli = join(repoRoot, 'out/cli');
const demoDat = join(repoRoot, 'assets/demo_portal.dat');
const tmp = tempDir('acsound-code-cache-');

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => tmp.cleanup());

/** In a child `node`: V8's verdict on `cache` for `list` (as the router compiles it) and a cache made right after compiling. */
function judge(list: string, cache: string): { rejected: boolean; compiledOnlyBytes: number } {
  const code = `const fs = require('node:fs'), Module = require('node:module'), { Script } = require('node:vm');
const [list, cache] = process.argv.slice(1);
const source = fs.readFileSync(list, 'utf8');
const data = fs.readFileSync(cache);
const key = data.toString('latin1', 0, data.indexOf(10) + 1);
const s = new Script(Module.wrap(source), { filename: list, cachedData: data.subarray(data.indexOf(10, key.length) + 1) });
const fresh = new Script(Module.wrap(source), { filename: list + '.fresh' });
console.log(JSON.stringify({ rejected: s.cachedDataRejected, compiledOnlyBytes: fresh.createCachedData().length }));`;
  const r = spawnSync(process.execPath, ['-e', code, list, cache], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { rejected: boolean; compiledOnlyBytes: number };
}

it('the build writes list.cjs.v8cache for this list.cjs, accepted by the node that built it, holding the functions a list run compiled', () => {
  const list = join(outCli, 'list.cjs');
  const cache = join(outCli, 'list.cjs.v8cache');
  const source = readFileSync(list, 'utf8');
  const data = readFileSync(cache);
  // headed by the key line that ends list.cjs (the router uses no cache made from another list.cjs)
  const key = data.toString('latin1', 0, data.indexOf(10) + 1);
  expect(key).toMatch(/^\/\/ acsound code cache key [0-9a-f]{32}\n$/);
  expect(source.endsWith(key)).toBe(true);
  // then the CRC-32 of V8's data, the rest of the file, which the router checks before V8 sees it
  const { sum, cached } = splitCache(data);
  expect(sum).toBe(`// acsound code cache crc32 ${crc32(cached).toString(16).padStart(8, '0')}\n`);
  const { rejected, compiledOnlyBytes } = judge(list, cache);
  expect(rejected).toBe(false);
  // made after a real run: the lazily compiled functions are in it, not only the top level
  expect(cached.length).toBeGreaterThan(1.3 * compiledOnlyBytes);
});

/** A cache file's parts: the key line, the CRC-32 line and V8's data. */
function splitCache(data: Buffer): { key: string; sum: string; cached: Buffer } {
  const keyEnd = data.indexOf(10) + 1;
  const sumEnd = data.indexOf(10, keyEnd) + 1;
  return {
    key: data.toString('latin1', 0, keyEnd),
    sum: data.toString('latin1', keyEnd, sumEnd),
    cached: data.subarray(sumEnd),
  };
}

/** A copy of the package's list files (package.json and the assets beside them, as in the package) in `dir`: its out/cli. */
function copyListPackage(dir: string): string {
  const cli = join(dir, 'out/cli');
  mkdirSync(cli, { recursive: true });
  symlinkSync(join(repoRoot, 'assets'), join(dir, 'assets'));
  copyFileSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  for (const f of ['acsound.cjs', 'list.cjs', 'fflate.cjs', 'list.cjs.v8cache'])
    copyFileSync(join(outCli, f), join(cli, f));
  return cli;
}

it('acsound list prints the same bytes and exit code with the cache, without it, and with a broken one', () => {
  // a copy of the package's list files, so that the cache can be broken without touching
  // out/cli, which other tests run
  const cli = copyListPackage(join(tmp.dir, 'pkg'));
  const cache = join(cli, 'list.cjs.v8cache');
  const good = readFileSync(cache);
  const key = good.toString('latin1', 0, good.indexOf(10) + 1);
  const fixture = writeFixtureDat(tmp.dir);
  const notADat = join(tmp.dir, 'not-a.dat');
  writeFileSync(notADat, 'not a dat at all\n'.repeat(100));
  const { preload, read: modulesLoaded } = moduleLoadRecorder(tmp.dir, 'modules');
  const env = { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: join(tmp.dir, 'count-cache') };
  const cases = [
    ['list', demoDat, '--json'],
    ['list', fixture],
    ['list', notADat, '--json'],
    ['list', join(tmp.dir, 'missing.dat')],
    ['list'],
  ];
  /** Every case's [exit code, stdout, stderr], and whether the router compiled list.cjs with node:vm (the cache path). */
  const runAll = () => {
    let usedVm = false;
    const results = cases.map((args) => {
      const r = spawnSync(process.execPath, ['--require', preload, join(cli, 'acsound.cjs'), ...args], {
        cwd: tmp.dir,
        encoding: 'utf8',
        env,
        timeout: 30_000, // a run that hangs (a FIFO read) fails the comparison instead of the test run
      });
      usedVm ||= modulesLoaded().includes('NativeModule vm');
      return [r.status, r.stdout, r.stderr];
    });
    return { results, usedVm };
  };
  const withCache = runAll();
  expect(withCache.usedVm).toBe(true);
  expect(withCache.results.map((r) => r[0])).toEqual([0, 0, 2, 3, 1]);
  rmSync(cache);
  const without = runAll();
  expect(without.usedVm).toBe(false);
  expect(without.results).toEqual(withCache.results);
  // the same bytes as the package's own bin
  const bin = spawnSync(process.execPath, [builtCli, ...cases[0]!], { cwd: tmp.dir, encoding: 'utf8', env });
  expect(bin.stdout).toBe(withCache.results[0]![1]);
  const broken: [string, () => void][] = [
    ['truncated', () => writeFileSync(cache, good.subarray(0, good.length >> 1))],
    ['the key line alone', () => writeFileSync(cache, key)],
    ['garbage after the key', () => writeFileSync(cache, Buffer.concat([Buffer.from(key), Buffer.alloc(4096, 7)]))],
    ['no CRC-32 line', () => writeFileSync(cache, Buffer.concat([Buffer.from(key), splitCache(good).cached]))],
    ['empty', () => writeFileSync(cache, '')],
    [
      'made from another list.cjs',
      () =>
        writeFileSync(
          cache,
          Buffer.concat([Buffer.from(key.replace(/[0-9a-f]{8}\n$/, '00000000\n')), good.subarray(key.length)]),
        ),
    ],
    ['a folder', () => (rmSync(cache, { force: true }), mkdirSync(cache))],
    // not regular files: read, they would block forever (a FIFO with no writer) or never end (/dev/zero)
    ...(process.platform === 'win32'
      ? []
      : ([
          ['a FIFO', () => (rmSync(cache, { force: true }), execFileSync('mkfifo', [cache]))],
          ['a link to /dev/zero', () => (rmSync(cache, { force: true }), symlinkSync('/dev/zero', cache))],
        ] as [string, () => void][])),
    ['larger than any code cache', () => writeFileSync(cache, Buffer.concat([good, Buffer.alloc(17 << 20)]))],
  ];
  for (const [what, breakIt] of broken) {
    breakIt();
    expect(runAll().results, what).toEqual(withCache.results);
    rmSync(cache, { recursive: true, force: true });
  }
}, 120_000); // ~60 runs of the CLI

it('a cache damaged in the middle (same length, same key) is never handed to V8: the same list --json, exit 0', () => {
  // V8 release builds check a code cache's version, flags and length, not its payload: such data
  // crashed Node ("Fatal error … unreachable code", SIGTRAP, or a segfault) before the router checked its CRC-32
  const cli = copyListPackage(join(tmp.dir, 'pkg-damaged'));
  const cache = join(cli, 'list.cjs.v8cache');
  const good = readFileSync(cache);
  const { preload, read: modulesLoaded } = moduleLoadRecorder(tmp.dir, 'modules-damaged');
  const env = { ...process.env, ACSOUND_DEBUG: '', [CACHE_DIR_ENV]: join(tmp.dir, 'count-cache-damaged') };
  const list = () =>
    spawnSync(process.execPath, ['--require', preload, join(cli, 'acsound.cjs'), 'list', demoDat, '--json'], {
      cwd: tmp.dir,
      encoding: 'utf8',
      env,
    });
  const intact = list();
  expect(intact.status, intact.stderr).toBe(0);
  expect(modulesLoaded()).toContain('NativeModule vm'); // the cache was used
  const { key, sum, cached } = splitCache(good);
  const damages: [string, (b: Buffer) => void][] = [
    ['64 bytes of 0xFF in the middle', (b) => b.fill(0xff, b.length >> 1, (b.length >> 1) + 64)],
    [
      '64 zero bytes at two thirds',
      (b) => b.fill(0, Math.floor((b.length * 2) / 3), Math.floor((b.length * 2) / 3) + 64),
    ],
    [
      '16 bytes flipped at a third',
      (b) => b.subarray(b.length / 3, b.length / 3 + 16).forEach((x, i, a) => (a[i] = x ^ 0x55)),
    ],
    ['one bit flipped in the middle', (b) => b.writeUInt8(b.readUInt8(b.length >> 1) ^ 1, b.length >> 1)],
  ];
  for (const [what, damage] of damages) {
    const data = Buffer.from(cached);
    damage(data);
    expect(data.equals(cached), what).toBe(false);
    writeFileSync(cache, Buffer.concat([Buffer.from(key + sum, 'latin1'), data]));
    const r = list();
    expect([r.status, r.signal, r.stdout, r.stderr], what).toEqual([0, null, intact.stdout, intact.stderr]);
    // compiled as usual, as require does: the damaged data never reached V8
    expect(modulesLoaded(), what).not.toContain('NativeModule vm');
  }
});
