/**
 * The built CLI (the package `bin`, `out/cli/acsound.cjs`, made by scripts/build-node.mjs exactly
 * as it runs after `npm ci && npm run build`), run as a real child process by the CLI tests.
 * Not a test file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(import.meta.dirname, '../..');

/** The built CLI's entry file: the package's `bin`. */
export const builtCli = join(repoRoot, 'out/cli/acsound.cjs');

/** The ES module door (`node out/cli/acsound.mjs …`, for scripts that already call it): it imports acsound.cjs. */
export const builtCliModule = join(repoRoot, 'out/cli/acsound.mjs');

/** What one CLI run printed and its exit code (`null` when killed by a signal). */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Builds the CLI bundle (call from `beforeAll`, with a 60 s timeout). */
export function buildCli(): void {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-node.mjs')], { cwd: repoRoot, stdio: 'pipe' });
}

/** Runs `acsound <args>` in `cwd`, without the debug stack traces (`ACSOUND_DEBUG` cleared). */
export function runCli(args: string[], cwd: string): CliRun {
  const r = spawnSync(process.execPath, [builtCli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ACSOUND_DEBUG: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What a child process loaded: pass `preload` to it with `--require`; `read()` gives its list after it exits. */
export interface ModuleLoadRecorder {
  preload: string;
  read(): string[];
}

/**
 * A `--require` preload that writes the child's `process.moduleLoadList` (Node's built-in modules
 * and bindings, in load order) to `<dir>/<name>.json` when it exits.
 */
export function moduleLoadRecorder(dir: string, name: string): ModuleLoadRecorder {
  const loaded = join(dir, `${name}.json`);
  const preload = join(dir, `${name}.cjs`);
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));`,
  );
  return { preload, read: () => JSON.parse(readFileSync(loaded, 'utf8')) as string[] };
}
