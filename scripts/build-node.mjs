#!/usr/bin/env node
// Bundles the Node-only front doors with esbuild (platform node, ESM, target node20):
//   node/cli/main.ts  → out/cli/acsound.mjs   (the package `bin`, with a shebang, chmod +x)
//                       + out/cli/chunks/*.mjs (code splitting: each command's code is its own
//                       chunk, loaded by main.ts's dynamic import() when that command runs, so
//                       `acsound list` never parses or initialises the engine, graph, export or
//                       MP3 decoder code — issue #9)
//   node/http/main.ts → out/serve/serve.mjs   (`npm run serve`, one file)
// Every dependency is bundled (mpg123-decoder is ESM and embeds its wasm), so after
// `npm ci && npm run build` the bin runs with plain `node`. Assets (demo dat, labels) are not
// bundled: the code finds them at runtime relative to the package root (out/cli/../../assets).
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ESM output has no `require`; some bundled CommonJS code may still call it for Node built-ins.
const requireShim =
  "import { createRequire as __acsoundCreateRequire } from 'node:module'; const require = __acsoundCreateRequire(import.meta.url);";
const shebang = '#!/usr/bin/env node\n';

/**
 * Every `fflate` import resolves to ./build-node/lazy-fflate.mjs, which loads fflate on first use;
 * the shim's own `require('fflate')` gets fflate's ESM build for Node, the one imported before.
 */
const lazyFflate = {
  name: 'lazy-fflate',
  setup(b) {
    const shim = resolve(root, 'scripts/build-node/lazy-fflate.mjs');
    const esm = resolve(root, 'node_modules/fflate/esm/index.mjs');
    b.onResolve({ filter: /^fflate$/ }, (args) => ({ path: args.importer === shim ? esm : shim }));
  },
};

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
  plugins: [lazyFflate],
};

/**
 * The CLI: an entry file plus one chunk per piece of code the commands share or load on their own.
 * Files are written atomically (temp + rename) and chunk names carry a content hash, so the CLI
 * tests, which each rebuild in parallel, never run a half-written file; chunks of earlier builds
 * that this build no longer references are removed.
 */
async function buildCli() {
  const outdir = resolve(root, 'out/cli');
  const entry = resolve(outdir, 'acsound.mjs');
  const result = await build({
    ...common,
    entryPoints: { acsound: resolve(root, 'node/cli/main.ts') },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
  });
  const written = new Set();
  for (const f of result.outputFiles) {
    const text = f.path === entry ? shebang + f.text : f.text;
    await mkdir(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    await writeFile(tmp, text, { mode: f.path === entry ? 0o755 : 0o644 });
    await rename(tmp, f.path);
    written.add(f.path);
  }
  const chunks = resolve(outdir, 'chunks');
  for (const name of await readdir(chunks)) {
    const p = resolve(chunks, name);
    if (name.endsWith('.mjs') && !written.has(p)) await rm(p, { force: true });
  }
  return 'out/cli/acsound.mjs (+ out/cli/chunks/)';
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
