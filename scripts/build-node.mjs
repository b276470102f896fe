#!/usr/bin/env node
// Bundles the Node-only front doors with esbuild (platform node, ESM, target node20):
//   out/cli/acsound.cjs  the package `bin` (a shebang, chmod +x): a small router that requires
//                        list.cjs for `acsound list …` and imports main.mjs for everything else;
//                        CommonJS, so that `acsound list` never starts Node's ES module loader
//   out/cli/acsound.mjs  `node out/cli/acsound.mjs …`: an ES module that imports acsound.cjs,
//                        the one router (no routing of its own)
//   out/cli/list.cjs.v8cache  V8's cached data for list.cjs (CODE_CACHE_FILE), made at build time:
//                        scripts/build-node/make-code-cache.cjs (build-only, not in out/) runs
//                        `acsound list --json` of the demo dat in a child with the build's `node`
//                        and writes the data after the run, so the functions a list runs are in
//                        it; the router compiles list.cjs with it (vm.Script) when it is there and
//                        made from that very list.cjs and its CRC-32 matches, else requires
//                        list.cjs as usual. The CLI never writes it; another Node version or V8
//                        flags reject it (compiled as usual); outputs and exit codes are the same
//                        either way
//   out/cli/list.cjs     node/cli/main.ts bundled in ONE file for `list` (issue #9: loading ~20
//                        chunks cost `acsound list` about a tenth of its run): the list command and
//                        what it runs (imported statically there: bundled flat, tree-shaken), the
//                        help texts; every other dynamic import (the other commands,
//                        the service's export, census, graph and soundscape code, the MP3 decoder)
//                        is left out, a stub that throws if it is ever loaded; fflate is not in it
//   out/cli/fflate.cjs   fflate's inflate and deflate, required by list.cjs on its first
//                        compressed entry (most `acsound list` runs never parse it)
//   out/cli/main.mjs     node/cli/main.ts + out/cli/chunks/*.mjs (code splitting: each command's
//                        code is its own chunk, loaded by main.ts's dynamic import() when that
//                        command runs, so `acsound --version` or `info` never parses the engine,
//                        graph, export or MP3 decoder code)
//   node/http/main.ts → out/serve/serve.mjs   (`npm run serve`, one file)
// Every dependency is bundled (the MP3 decoder embeds its wasm as base64), so after
// `npm ci && npm run build` the bin runs with plain `node`. Assets (demo dat, labels) are not
// bundled: the code finds them at runtime relative to the package root (out/cli/../../assets).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import listScriptModule from './build-node/list-script.cjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ESM output has no `require`; some bundled CommonJS code may still call it. Made on first call
// (no `import … from 'node:module'`: see builtinsFromProcess).
const requireShim =
  "let __acsoundRequire; const require = (id) => (__acsoundRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);";
const shebang = '#!/usr/bin/env node\n';

/**
 * Every `fflate` import resolves to ./build-node/lazy-fflate.mjs, which loads fflate on first use;
 * the shim's own `require('fflate')` gets fflate's ESM build for Node, the one imported before.
 * With `external`, that `require` is left as `require('./fflate.cjs')`: fflate is not in the
 * bundle at all but in its own file, {@link FFLATE_FILE} beside it (the `list` bundle: 72 kB that
 * every `acsound list` parsed although a dat's entries are seldom compressed, issue #9).
 */
const lazyFflate = (external = false) => ({
  name: 'lazy-fflate',
  setup(b) {
    const shim = resolve(root, 'scripts/build-node/lazy-fflate.mjs');
    const esm = resolve(root, 'node_modules/fflate/esm/index.mjs');
    b.onResolve({ filter: /^fflate$/ }, (args) =>
      args.importer !== shim ? { path: shim } : external ? { path: `./${FFLATE_FILE}`, external: true } : { path: esm },
    );
  },
});

/** fflate's inflate and deflate alone, CommonJS (loaded with `require`, synchronously), beside list.cjs. */
const FFLATE_FILE = 'fflate.cjs';

/**
 * The bundle's imports of Node built-ins (`import { readSync } from "node:fs"`, which esbuild
 * leaves as they are) become one `const { readSync } = process.getBuiltinModule("node:fs")` each
 * (Node ≥ 20.16), put at the top of the file, where the imports took effect. Importing a built-in
 * as an ES module makes Node build its module facade, which reads every export once, running
 * lazy getters that load more of Node (`node:fs` its streams, `node:process` the report module,
 * `node:module` perf_hooks, `node:util` the MIME parser): milliseconds of every `acsound` run
 * (issue #9). The destructuring reads only the names the bundle uses.
 * @throws Error on an import of a built-in in a form this does not rewrite (the build fails)
 */
export function builtinsFromProcess(text) {
  const decls = [];
  const rest = text.replace(/^import ([^;"']+?) from "([^"]+)";\n/gm, (line, clause, spec) => {
    if (!isBuiltin(spec)) return line;
    const mod = `process.getBuiltinModule(${JSON.stringify(spec)})`;
    const m = /^(?:([\w$]+)(?:, )?)?(?:\* as ([\w$]+)|\{([^}]*)\})?$/.exec(clause.replace(/\s+/g, ' ').trim());
    if (!m || !(m[1] || m[2] || m[3]))
      throw new Error(`build-node: cannot rewrite the import of ${spec}: ${line.trim()}`);
    const [, whole, namespace, named] = m;
    for (const name of [whole, namespace]) if (name) decls.push(`const ${name} = ${mod};`);
    if (named !== undefined) {
      const parts = named
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => s.split(/\s+as\s+/));
      for (const [name, local] of parts) if (name === 'default') decls.push(`const ${local} = ${mod};`);
      const props = parts.filter(([name]) => name !== 'default');
      if (props.length) decls.push(`const { ${props.map(([n, l]) => (l ? `${n}: ${l}` : n)).join(', ')} } = ${mod};`);
    }
    return '';
  });
  const left = /^import\b[^;]*?["']([^"']+)["'];?$/gm;
  for (const [line, spec] of rest.matchAll(left))
    if (isBuiltin(spec)) throw new Error(`build-node: cannot rewrite the import of ${spec}: ${line}`);
  // after a shebang line and a "use strict" directive, which must stay first
  let at = rest.startsWith('#!') ? rest.indexOf('\n') + 1 : 0;
  if (rest.startsWith('"use strict";\n', at)) at += '"use strict";\n'.length;
  return rest.slice(0, at) + decls.join('\n') + (decls.length ? '\n' : '') + rest.slice(at);
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
  banner: { js: requireShim },
  plugins: [lazyFflate()],
};

/**
 * In the `list` bundle, main.ts's `import('./commands/list')` becomes a static import (the list
 * command and what it imports are bundled flat: tree-shaken, with no lazy initialiser per module
 * to run, ~20 KB and about 60 initialisers fewer), and every other dynamic import but the help
 * texts' becomes a module that throws when loaded: `acsound list` never runs them, and the
 * one-file bundle stays the size of what it runs (the CLI tests check the bundle's modules and
 * run every list path).
 */
const listOnly = {
  name: 'list-only',
  setup(b) {
    const kept = new Set(['./usage']);
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && !kept.has(args.path)
        ? { path: `${args.path} (from ${args.importer.slice(root.length + 1)})`, namespace: 'not-in-list' }
        : undefined,
    );
    // the list command itself is imported statically: bundled flat (tree-shaken, no lazy initialisers)
    b.onLoad({ filter: /node\/cli\/main\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const call = "import('./commands/list')";
      if (!text.includes(call)) throw new Error(`${args.path} no longer has ${call}`);
      return {
        contents: `import * as __listCommand from './commands/list';\n${text.replace(call, 'Promise.resolve(__listCommand)')}`,
        loader: 'ts',
      };
    });
    b.onLoad({ filter: /.*/, namespace: 'not-in-list' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`not in the acsound list bundle: ${args.path} (scripts/build-node.mjs)`)});`,
      loader: 'js',
    }));
  },
};

/**
 * The head of list.cjs: strict mode (the code was written as ES modules) and the module's URL for
 * the code's `import.meta.url`. esbuild's output holds no `import` or `export` once
 * {@link builtinsFromProcess} has rewritten the built-ins (the CLI tests check it), so the ES
 * module bundle runs as it is as a CommonJS file.
 */
const listBanner =
  '"use strict";\nconst __acsoundUrl = process.getBuiltinModule("node:url").pathToFileURL(__filename).href;';

/**
 * V8's cached data for list.cjs, beside it (issue #9: compiling list.cjs was the largest single item
 * of an `acsound list` run, and every function it runs was compiled again on first call). Made at
 * build time by {@link makeCodeCache}, never at run time: nothing is written into the install folder
 * or the user's cache by the CLI. Valid only for the `node` (V8 version and flags) that built it; the
 * router ({@link routerCjs}) uses it only beside the list.cjs it was made from (the key line that
 * ends list.cjs heads the cache file), and any other Node rejects it and compiles list.cjs as usual.
 * V8 checks the data's version, flags and length but, in release builds, not a checksum of its
 * payload, and data damaged in the middle can crash Node: the second line of the file is the
 * data's CRC-32 (./build-node/list-script.cjs `codeCacheSumLine`, zlib's `crc32`), and the router
 * hands V8 only data whose sum matches (else list.cjs compiles as usual, with the same output).
 */
const CODE_CACHE_FILE = 'list.cjs.v8cache';
/** The largest code cache the router reads (bytes; the real one is ~230 KB): a larger file is not read. */
const MAX_CODE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The routers: `list` → list.cjs, loaded with `require` (read and compiled synchronously, no ES
 * module resolution, fetch or link: issue #9), anything else → main.mjs (see the top of this
 * file). acsound.cjs is the package `bin`: a CommonJS entry spares Node its ES module loader (and
 * the fs/promises, readline and file watcher modules that loader loads) on every `acsound list`;
 * acsound.mjs stays for `node out/cli/acsound.mjs` and only imports acsound.cjs ({@link router}).
 */
const routerHead = `${shebang}// acsound: \`list\` runs its one-file bundle, every other command main.mjs and its chunks (scripts/build-node.mjs)\n`;
/** How the router compiles, runs and checks list.cjs, as make-code-cache.cjs does (their text goes into acsound.cjs). */
const { listScript, codeCacheSumLine } = listScriptModule;
/** The routers' mark that the bundle they load is the program being run, whatever the bin is called (node/cli/main.ts `CLI_ENTRY`). */
const entryMark = `globalThis[Symbol.for('acsound.cli.entry')] = true;\n`;
/**
 * acsound.mjs only loads acsound.cjs, the one router: Node runs an imported CommonJS file with its
 * own module, require and __dirname, and process.argv is the process's, so the mark, the routing,
 * the exit codes and the output are the bin's (node/cli/cli.test.ts runs both, and links to both).
 */
const router = `${shebang}// acsound as an ES module: loads the one router, acsound.cjs (scripts/build-node.mjs)\nimport './acsound.cjs';\n`;
const routerCjs = `${routerHead}'use strict';
${entryMark}if (process.argv[2] === 'list') requireList();
else import('./main.mjs');

// require('./list.cjs'), compiled with V8's cached data for it (${CODE_CACHE_FILE}, made at build
// time) when that file is there, is a regular file of at most ${MAX_CODE_CACHE_BYTES} bytes (opened
// without blocking: a FIFO or a device put in its place cannot hang the CLI), was made from this
// very list.cjs and its data sums to the CRC-32 it is headed by: as require gives it, the same file
// name, module, require, __filename and __dirname; anything amiss before list.cjs runs (no cache,
// unreadable, not a regular file, another list.cjs, damaged data, which V8 itself would not notice
// and could crash on) → plain require; data V8 rejects → compiled as usual
function requireList() {
  const { sep } = require('node:path');
  const file = __dirname + sep + 'list.cjs';
  let run;
  try {
    const fs = require('node:fs');
    const data = readRegularFile(fs, __dirname + sep + '${CODE_CACHE_FILE}', ${MAX_CODE_CACHE_BYTES});
    const source = fs.readFileSync(file, 'utf8');
    const key = data.toString('latin1', 0, data.indexOf(10) + 1);
    if (key.startsWith('// acsound code cache key ') && source.endsWith(key)) {
      const at = data.indexOf(10, key.length) + 1;
      const sum = data.toString('latin1', key.length, at);
      const cached = data.subarray(at);
      if (at > key.length && sum === codeCacheSumLine(require('node:zlib').crc32, cached)) {
        const Module = module.constructor; // not require('node:module'), which loads the ES module loader
        const { Script } = require('node:vm');
        run = listScript(Module, Script, file, __dirname, source, cached, module).run;
      }
    }
  } catch {}
  if (run) run();
  else require('./list.cjs');
}

// the bytes of the regular file at \`path\`, opened without blocking (a FIFO put there cannot
// hang the read); throws when it is not a regular file or holds more than \`maxBytes\`
function readRegularFile(fs, path, maxBytes) {
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > maxBytes) throw new Error(path + ': not a regular file of at most ' + maxBytes + ' bytes');
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

// (scripts/build-node/list-script.cjs, shared with the build's make-code-cache.cjs)
${listScript}
${codeCacheSumLine}
`;

/** The last line of list.cjs: a hash of the rest, what ties {@link CODE_CACHE_FILE} to this list.cjs. */
const codeCacheKey = (text) =>
  `// acsound code cache key ${createHash('sha256').update(text).digest('hex').slice(0, 32)}\n`;

/**
 * Writes {@link CODE_CACHE_FILE}: scripts/build-node/make-code-cache.cjs (build-only, not in out/)
 * runs `acsound list --json` of the demo dat (assets/) in a child process with this `node`, once
 * first so that its entry count is in a temp cache folder (the data is then that of a second run
 * on a dat, what users run most), and writes the cached data after that run, atomically.
 * @throws Error when either run fails (the build fails: a missing cache is a silent slowdown)
 */
function makeCodeCache(outdir) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'acsound-build-'));
  try {
    const env = { ...process.env, ACSOUND_CACHE_DIR: cacheDir, ACSOUND_DEBUG: '' };
    const router = resolve(outdir, 'acsound.cjs');
    const args = ['list', resolve(root, 'assets/demo_portal.dat'), '--json'];
    const maker = resolve(root, 'scripts/build-node/make-code-cache.cjs');
    for (const argv of [
      [router, ...args],
      [maker, router, resolve(outdir, CODE_CACHE_FILE), ...args],
    ]) {
      const r = spawnSync(process.execPath, argv, { env, encoding: 'utf8', maxBuffer: 1 << 26 });
      if (r.status !== 0) throw new Error(`making ${CODE_CACHE_FILE} failed (${r.status ?? r.signal}): ${r.stderr}`);
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** Writes `text` to `path` atomically (temp + rename). */
async function writeAtomic(path, text, mode = 0o644) {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text, { mode });
  await rename(tmp, path);
}

/**
 * The CLI: the router, the `list` bundle, and main.mjs with one chunk per piece of code the other
 * commands share or load on their own. Files are written atomically (temp + rename), the router
 * last, and chunk names carry a content hash, so the CLI tests, which each rebuild in parallel,
 * never run a half-written file; chunks of earlier builds that this build no longer references are
 * removed.
 */
async function buildCli() {
  const outdir = resolve(root, 'out/cli');
  const [split, list, fflate] = await Promise.all([
    build({
      ...common,
      entryPoints: { main: resolve(root, 'node/cli/main.ts') },
      outdir,
      splitting: true,
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunks/[name]-[hash]',
      write: false,
    }),
    build({
      ...common,
      plugins: [lazyFflate(true), listOnly],
      // CommonJS's own `require` and `__filename` stand in for the banner and import.meta.url
      banner: { js: listBanner },
      define: { 'import.meta.url': '__acsoundUrl' },
      // main.ts imported for its effect: the bundle exports nothing (CommonJS has no `export`)
      stdin: { contents: "import './node/cli/main.ts';", resolveDir: root, sourcefile: 'list.ts', loader: 'ts' },
      outfile: resolve(outdir, 'list.cjs'),
      write: false,
    }),
    // what the lazy-fflate shim of list.cjs requires: the two functions the dat code calls, tree-shaken,
    // from fflate's browser build: the same code but for its asynchronous API's workers, which
    // the Node build sets up when it loads (worker_threads, and with it Node's ES module loader)
    build({
      ...common,
      format: 'cjs',
      banner: {},
      plugins: [],
      stdin: {
        contents: "export { unzlibSync, zlibSync } from './fflate/esm/browser.js';",
        resolveDir: resolve(root, 'node_modules'),
        sourcefile: FFLATE_FILE,
      },
      outfile: resolve(outdir, FFLATE_FILE),
      write: false,
    }),
  ]);
  const written = new Set();
  await writeAtomic(resolve(outdir, FFLATE_FILE), fflate.outputFiles[0].text);
  for (const f of split.outputFiles) {
    await writeAtomic(f.path, builtinsFromProcess(f.text));
    written.add(f.path);
  }
  const listText = builtinsFromProcess(list.outputFiles[0].text);
  // the router compiles list.cjs with vm.Script, which has no loader for import()
  if (/\bimport\(/.test(listText))
    throw new Error('build-node: list.cjs holds an import(), which the router cannot run');
  await writeAtomic(
    list.outputFiles[0].path,
    listText + (listText.endsWith('\n') ? '' : '\n') + codeCacheKey(listText),
  );
  await writeAtomic(resolve(outdir, 'acsound.mjs'), router, 0o755);
  await writeAtomic(resolve(outdir, 'acsound.cjs'), routerCjs, 0o755);
  makeCodeCache(outdir);
  const chunks = resolve(outdir, 'chunks');
  for (const name of await readdir(chunks)) {
    const p = resolve(chunks, name);
    if (name.endsWith('.mjs') && !written.has(p)) await rm(p, { force: true });
  }
  await rm(resolve(outdir, 'list.mjs'), { force: true }); // the list bundle of earlier builds
  return `out/cli/acsound.cjs, acsound.mjs (+ list.cjs, ${CODE_CACHE_FILE}, fflate.cjs, main.mjs, chunks/)`;
}

/** The browser host: one file. */
async function buildServe() {
  await build({
    ...common,
    entryPoints: [resolve(root, 'node/http/main.ts')],
    outfile: resolve(root, 'out/serve/serve.mjs'),
  });
  return 'out/serve/serve.mjs';
}

/** Builds both bundles; resolves with what was written and the time taken, rejects (exit 1 from the CLI) on any esbuild error. */
export async function buildNode() {
  const started = Date.now();
  const outs = [await buildCli(), await buildServe()];
  return { outs, ms: Date.now() - started };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildNode().then(
    ({ outs, ms }) => console.log(`build-node: ${outs.join(', ')} (${ms} ms)`),
    (e) => {
      console.error(`build-node: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
}
