'use strict';
// Build-only, run by scripts/build-node.mjs as a child process with the `node` of the build (never
// shipped in out/, never run by the CLI itself):
//   node scripts/build-node/make-code-cache.cjs <out/cli/acsound.cjs> <cache file> list <dat> --json
// runs `acsound list <dat> --json` from out/cli/list.cjs compiled as the router compiles it (a
// vm.Script of Module.wrap(source), the same file name), and once that run has ended with exit
// code 0, writes V8's cached data for the script (script.createCachedData(): the top level and every
// function the run compiled lazily) to <cache file>, atomically (temp + rename), headed by the
// last line of list.cjs (its key: the router uses the cache only beside the list.cjs it was made
// from) and a line holding the data's CRC-32 (./list-script.cjs codeCacheSumLine: the router
// hands V8 only data that sums right). The list's own output goes to stdout as usual.
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { crc32 } = require('node:zlib');
const { codeCacheSumLine, listScript } = require('./list-script.cjs');

const [router, out, ...args] = process.argv.slice(2);
// what list.cjs reads: the router's mark (node/cli/main.ts CLI_ENTRY), the command's arguments after the router
globalThis[Symbol.for('acsound.cli.entry')] = true;
process.argv = [process.argv[0], router, ...args];
const file = join(dirname(router), 'list.cjs');
const source = readFileSync(file, 'utf8');
const key = source.slice(source.lastIndexOf('\n', source.length - 2) + 1);
if (!key.startsWith('// acsound code cache key ')) throw new Error(`${file} does not end with its code cache key`);
// compiled and run as the router does it (./list-script.cjs), without cached data
const { script, run } = listScript(Module, Script, file, dirname(file), source, undefined, module);
process.on('exit', (code) => {
  if (code !== 0) return;
  const tmp = `${out}.${process.pid}.tmp`;
  const data = script.createCachedData();
  writeFileSync(tmp, Buffer.concat([Buffer.from(key + codeCacheSumLine(crc32, data), 'latin1'), data]));
  renameSync(tmp, out);
});
run();
