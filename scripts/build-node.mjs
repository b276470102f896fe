#!/usr/bin/env node
// Bundles the Node-only front doors with esbuild (platform node, ESM, target node20):
//   out/cli/acsound.cjs  the package `bin` (a shebang, chmod +x): a two-line router that requires
//                        list.cjs for `acsound list …` and imports main.mjs for everything else;
//                        CommonJS, so that `acsound list` never starts Node's ES module loader
//   out/cli/acsound.mjs  the same router as an ES module (`node out/cli/acsound.mjs …`)
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
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
 * The routers: `list` → list.cjs, loaded with `require` (read and compiled synchronously, no ES
 * module resolution, fetch or link: issue #9), anything else → main.mjs (see the top of this
 * file). acsound.cjs is the package `bin`: a CommonJS entry spares Node its ES module loader (and
 * the fs/promises, readline and file watcher modules that loader loads) on every `acsound list`;
 * acsound.mjs, the same router as an ES module, stays for `node out/cli/acsound.mjs`.
 */
const routerHead = `${shebang}// acsound: \`list\` runs its one-file bundle, every other command main.mjs and its chunks (scripts/build-node.mjs)\n`;
const router = `${routerHead}if (process.argv[2] === 'list') process.getBuiltinModule('node:module').createRequire(import.meta.url)('./list.cjs');
else await import('./main.mjs');
`;
const routerCjs = `${routerHead}'use strict';
if (process.argv[2] === 'list') require('./list.cjs');
else import('./main.mjs');
`;

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
  for (const f of [...split.outputFiles, ...list.outputFiles]) {
    await writeAtomic(f.path, builtinsFromProcess(f.text));
    written.add(f.path);
  }
  await writeAtomic(resolve(outdir, 'acsound.mjs'), router, 0o755);
  await writeAtomic(resolve(outdir, 'acsound.cjs'), routerCjs, 0o755);
  const chunks = resolve(outdir, 'chunks');
  for (const name of await readdir(chunks)) {
    const p = resolve(chunks, name);
    if (name.endsWith('.mjs') && !written.has(p)) await rm(p, { force: true });
  }
  await rm(resolve(outdir, 'list.mjs'), { force: true }); // the list bundle of earlier builds
  return 'out/cli/acsound.cjs, acsound.mjs (+ list.cjs, fflate.cjs, main.mjs, chunks/)';
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
