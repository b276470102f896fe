/**
 * Rule: core/graph/index.ts re-exports only names another folder imports from it (core, node,
 * renderer, scripts, e2e, electron): a name nothing imports from the barrel is imported from its
 * own module or not at all, so the barrel lists the folder's real seams.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const GRAPH = join(ROOT, 'core/graph');
const FOLDERS = ['core', 'node', 'renderer', 'scripts', 'e2e', 'electron'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'out' ? [] : sourceFiles(p);
    return /\.(ts|tsx|mts|mjs|js)$/.test(e.name) ? [p] : [];
  });
}

/** The text of every file outside core/graph that imports the barrel (statically or with `import()`). */
function importersText(): string {
  const specifier = /(?:from\s+|import\()\s*'([^']+)'/g;
  const importsBarrel = (file: string, text: string): boolean =>
    [...text.matchAll(specifier)].some((m) => {
      const spec = m[1]!;
      if (!spec.startsWith('.')) return false;
      const target = resolve(dirname(file), spec);
      return target === GRAPH || target === join(GRAPH, 'index') || target === join(GRAPH, 'index.ts');
    });
  return FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f)))
    .filter((file) => dirname(file) !== GRAPH)
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .filter(({ file, text }) => importsBarrel(file, text))
    .map(({ text }) => text)
    .join('\n');
}

/** The names core/graph/index.ts exports (values and types), from its text. */
function barrelNames(source: string): string[] {
  return [...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()!,
      )
      .filter((n) => n !== ''),
  );
}

describe('core/graph/index.ts: only names another folder imports from it', () => {
  it('re-exports every name some importer of the barrel uses, and no `export *`', () => {
    const source = readFileSync(join(GRAPH, 'index.ts'), 'utf8');
    expect(source).not.toMatch(/export\s+(?:type\s+)?\*/);
    const names = barrelNames(source);
    expect(names.length).toBeGreaterThan(0);
    const used = importersText();
    const unused = names.filter((n) => !new RegExp(`\\b${n}\\b`).test(used));
    expect(unused).toEqual([]);
  });
});
