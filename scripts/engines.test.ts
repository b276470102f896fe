/**
 * The Node versions the README names are the ones package.json and the pinned Electron tooling
 * declare (issue #10 defect 10): the app, CLI and tests on `engines.node`; the Electron tooling
 * on its own (higher) engines.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const minOf = (range: string): string => /(\d+\.\d+)/.exec(range)![1]!;

describe('Node engines, honestly', () => {
  it('the README names the minimum of engines.node, and this test runs on at least it', () => {
    const min = minOf(pkg.engines.node);
    expect(readme).toContain(`Node.js ≥ ${min}`);
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    const [wantMajor, wantMinor] = min.split('.').map(Number) as [number, number];
    expect(major > wantMajor || (major === wantMajor && minor >= wantMinor)).toBe(true);
  });

  it('the README names the Node the pinned Electron tooling declares for itself', () => {
    for (const name of ['electron', '@electron/get', '@electron/rebuild', 'node-abi']) {
      const engines = (
        JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
          engines?: { node?: string };
        }
      ).engines;
      if (!engines?.node) continue;
      expect(readme, `${name} declares node ${engines.node}`).toContain(`Node ≥ ${minOf(engines.node)}`);
    }
  });

  it('npm ci prints only errors (the engine notices are documented instead)', () => {
    expect(readFileSync(join(root, '.npmrc'), 'utf8')).toMatch(/^loglevel=error$/m);
  });
});
