import { existsSync, readFileSync, statSync } from 'node:fs';
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

/** The assets a folder must hold (one of them) to be the `assets/` folder ACSOUND_ASSETS names. */
const ASSET_FILES = ['soundtable-labels.json', 'demo_portal.dat'] as const;

/** The last ACSOUND_ASSETS value found usable (checked once per value, not on every call). */
let checkedOverride: string | null = null;

/**
 * Why `dir`, the value of ACSOUND_ASSETS, cannot be the assets folder, or null when it can: it is
 * not there, not a folder, or holds neither `soundtable-labels.json` nor `demo_portal.dat`.
 */
function overrideProblem(dir: string): string | null {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'which does not exist' : `which cannot be read (${code ?? (e as Error).message})`;
  }
  if (!isDir) return 'which is not a folder';
  if (!ASSET_FILES.some((f) => existsSync(join(dir, f)))) return `which holds neither ${ASSET_FILES.join(' nor ')}`;
  return null;
}

/**
 * The `assets/` folder (demo dat, SoundTable labels). `ACSOUND_ASSETS` overrides it: a set value
 * must name a folder holding them (README "The CLI"), else every dat command stops (exit 2) naming
 * the variable, as when it is needed and unset — never the labels silently left blank.
 * @throws Error when the override is unusable, or unset and the package root is not found.
 */
export function assetsDir(): string {
  const override = process.env.ACSOUND_ASSETS;
  if (override) {
    const dir = resolve(override);
    if (dir === checkedOverride) return dir;
    const problem = overrideProblem(dir);
    if (problem !== null)
      throw new Error(
        `ACSOUND_ASSETS is set to ${JSON.stringify(override)}, ${problem}; set it to the package's assets/ folder (${ASSET_FILES.join(', ')}) or unset it`,
      );
    checkedOverride = dir;
    return dir;
  }
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
