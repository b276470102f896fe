import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'ac-sound-browser';

let cachedRoot: string | null | undefined;

/**
 * The package root (the folder holding our `package.json` and `assets/`), found by walking up
 * from `from` (default: this module's folder). Works from the sources (`node/`), from the
 * bundles (`out/cli/`, `out/serve/`, `out/main/`) and inside an asar. Returns null when not found.
 */
export function findPackageRoot(from?: string): string | null {
  if (from === undefined && cachedRoot !== undefined) return cachedRoot;
  let dir = from ?? moduleDir();
  let found: string | null = null;
  for (let i = 0; i < 12; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const json = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown };
        if (json.name === PACKAGE_NAME) {
          found = dir;
          break;
        }
      } catch {
        // not ours; keep walking
      }
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  if (from === undefined) cachedRoot = found;
  return found;
}

function moduleDir(): string {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return process.cwd();
  }
}

/**
 * The `assets/` folder (demo dat, SoundTable labels). `ACSOUND_ASSETS` overrides it.
 * @throws Error when neither the override nor the package root is found.
 */
export function assetsDir(): string {
  const override = process.env.ACSOUND_ASSETS;
  if (override) return resolve(override);
  const root = findPackageRoot();
  if (!root)
    throw new Error('cannot locate the ac-sound-browser package root (and its assets/ folder); set ACSOUND_ASSETS');
  return join(root, 'assets');
}

/** Absolute path of the bundled demo dat, `assets/demo_portal.dat`. */
export function demoDatPath(): string {
  return join(assetsDir(), 'demo_portal.dat');
}

/** The package version from package.json, or `0.0.0-unknown`. */
export function packageVersion(): string {
  const root = findPackageRoot();
  if (!root) return '0.0.0-unknown';
  try {
    const json = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof json.version === 'string' ? json.version : '0.0.0-unknown';
  } catch {
    return '0.0.0-unknown';
  }
}
