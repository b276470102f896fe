/**
 * The V8 code cache of the `list` bundle (out/cli/list.cjs.v8cache, made by scripts/build-node.mjs;
 * issue #9): the Node that built it accepts it, it holds the functions a list run compiles, and
 * `acsound list` prints the same bytes with the same exit code whether the file is there, missing,
 * truncated, garbage, made from another list.cjs or unreadable.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
const s = new Script(Module.wrap(source), { filename: list, cachedData: data.subarray(key.length) });
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
  const { rejected, compiledOnlyBytes } = judge(list, cache);
  expect(rejected).toBe(false);
  // made after a real run: the lazily compiled functions are in it, not only the top level
  expect(data.length - key.length).toBeGreaterThan(1.3 * compiledOnlyBytes);
});

it('acsound list prints the same bytes and exit code with the cache, without it, and with a broken one', () => {
  // a copy of the package's list files (package.json and the assets beside them, as in the package), so that the
  // cache can be broken without touching out/cli, which other tests run
  const pkg = join(tmp.dir, 'pkg');
  const cli = join(pkg, 'out/cli');
  mkdirSync(cli, { recursive: true });
  symlinkSync(join(repoRoot, 'assets'), join(pkg, 'assets'));
  copyFileSync(join(repoRoot, 'package.json'), join(pkg, 'package.json'));
  for (const f of ['acsound.cjs', 'list.cjs', 'fflate.cjs', 'list.cjs.v8cache'])
    copyFileSync(join(outCli, f), join(cli, f));
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
  ];
  for (const [what, breakIt] of broken) {
    breakIt();
    expect(runAll().results, what).toEqual(withCache.results);
    rmSync(cache, { recursive: true, force: true });
  }
});
