import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** SoundTable id → public label (e.g. 0x20000007 → "Drudge"), from assets/soundtable-labels.json. */
export type SoundTableLabels = ReadonlyMap<number, string>;

/** The labels and, when the file exists but could not be used, why (for the dat summary's warnings). */
export interface LoadedLabels {
  labels: SoundTableLabels;
  /** null when the file was read (or is simply absent). */
  warning: string | null;
}

const cache = new Map<string, Promise<LoadedLabels>>();

/** Where a malformed labels file is reported once (stderr by default; tests replace it). */
export const labelLog = {
  warn: (message: string): void => void process.stderr.write(`acsound: warning: ${message}\n`),
};

/**
 * Loads `soundtable-labels.json` from `assetsDir` once per folder (later calls share the result).
 * The file maps `"0x20XXXXXX"` to `{label, types, examples}` (shared/data/README.md); only `label`
 * is used. Labels are a convenience, not data: a missing file yields no labels silently; a file
 * that cannot be read or is not a JSON object yields no labels, a `warning` (shown in the dat
 * summary) and one line on stderr (once per folder, thanks to the cache).
 */
export function loadSoundTableLabels(assetsDir: string): Promise<LoadedLabels> {
  const file = join(assetsDir, 'soundtable-labels.json');
  let p = cache.get(file);
  if (!p) {
    p = Promise.resolve(readLabels(file));
    cache.set(file, p);
  }
  return p;
}

/**
 * Reads and parses the labels file, synchronously: a 28 kB file read once per folder, where an
 * asynchronous read took four thread-pool round trips and loaded `node:fs/promises` (readline,
 * file watchers) on every `acsound list` (issue #9).
 */
function readLabels(file: string): LoadedLabels {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { labels: new Map<number, string>(), warning: null };
    return failed(`SoundTable labels not loaded: cannot read ${file} (${code ?? (e as Error).message})`);
  }
  try {
    return { labels: parseLabels(text), warning: null };
  } catch (e) {
    return failed(`SoundTable labels not loaded: ${file} ${e instanceof Error ? e.message : String(e)}`);
  }
}

function failed(warning: string): LoadedLabels {
  labelLog.warn(warning);
  return { labels: new Map<number, string>(), warning };
}

/**
 * Parses the labels JSON text; entries with a bad key or without a string label are ignored.
 * @throws SyntaxError when the text is not JSON, TypeError when it is not a JSON object
 */
export function parseLabels(text: string): SoundTableLabels {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new SyntaxError(`is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new TypeError('is not a JSON object of "0x20XXXXXX" keys');
  const out = new Map<number, string>();
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (!/^0x[0-9a-fA-F]{1,8}$/.test(key)) continue;
    const label = (value as { label?: unknown } | null)?.label;
    if (typeof label === 'string' && label) out.set(parseInt(key.slice(2), 16), label);
  }
  return out;
}
