import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** SoundTable id → public label (e.g. 0x20000007 → "Drudge"), from assets/soundtable-labels.json. */
export type SoundTableLabels = ReadonlyMap<number, string>;

const cache = new Map<string, Promise<SoundTableLabels>>();

/**
 * Loads `soundtable-labels.json` from `assetsDir` once per folder (later calls share the result).
 * The file maps `"0x20XXXXXX"` to `{label, types, examples}` (shared/data/README.md); only `label`
 * is used. A missing or unreadable file yields an empty map: labels are a convenience, not data.
 */
export function loadSoundTableLabels(assetsDir: string): Promise<SoundTableLabels> {
  const file = join(assetsDir, 'soundtable-labels.json');
  let p = cache.get(file);
  if (!p) {
    p = readFile(file, 'utf8').then(parseLabels, () => new Map<number, string>());
    cache.set(file, p);
  }
  return p;
}

/** Parses the labels JSON text; entries with a bad key or without a string label are ignored. */
export function parseLabels(text: string): SoundTableLabels {
  const out = new Map<number, string>();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return out;
  }
  if (!json || typeof json !== 'object') return out;
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    if (!/^0x[0-9a-fA-F]{1,8}$/.test(key)) continue;
    const label = (value as { label?: unknown } | null)?.label;
    if (typeof label === 'string' && label) out.set(parseInt(key.slice(2), 16), label);
  }
  return out;
}
