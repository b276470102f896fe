#!/usr/bin/env node
// Bundles the Node-only front doors with esbuild (platform node, ESM, target node20):
//   node/cli/main.ts  → out/cli/acsound.mjs   (the package `bin`, with a shebang, chmod +x)
//   node/http/main.ts → out/serve/serve.mjs   (`npm run serve`)
// Every dependency is bundled (mpg123-decoder is ESM and embeds its wasm), so after
// `npm ci && npm run build` the bin runs with plain `node`. Assets (demo dat, labels) are not
// bundled: the code finds them at runtime relative to the package root (out/cli/../../assets).
import { chmod } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// ESM output has no `require`; some bundled CommonJS code may still call it for Node built-ins.
const requireShim =
  "import { createRequire as __acsoundCreateRequire } from 'node:module'; const require = __acsoundCreateRequire(import.meta.url);";

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
};

const targets = [
  { entry: 'node/cli/main.ts', out: 'out/cli/acsound.mjs', shebang: true },
  { entry: 'node/http/main.ts', out: 'out/serve/serve.mjs', shebang: false },
];

/** Builds both bundles; resolves when done, rejects (exit 1 from the CLI) on any esbuild error. */
export async function buildNode() {
  const started = Date.now();
  for (const t of targets) {
    await build({
      ...common,
      entryPoints: [resolve(root, t.entry)],
      outfile: resolve(root, t.out),
      banner: { js: (t.shebang ? '#!/usr/bin/env node\n' : '') + requireShim },
    });
    if (t.shebang) await chmod(resolve(root, t.out), 0o755);
  }
  return Date.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildNode().then(
    (ms) => console.log(`build-node: ${targets.map((t) => t.out).join(', ')} (${ms} ms)`),
    (e) => {
      console.error(`build-node: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
}
