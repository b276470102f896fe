import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const read = (p: string): string => readFileSync(join(root, p), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const depLicense = (name: string): string =>
  (JSON.parse(read(`node_modules/${name}/package.json`)) as { license: string }).license;

describe('licence: third-party data and dependencies are attributed', () => {
  it('licence: assets/soundtable-labels.README.md states the provenance (ACE-World-16PY-Patches snapshot) and the AGPL-3.0 licence', () => {
    const readme = read('assets/soundtable-labels.README.md');
    expect(readme).toContain('ACEmulator/ACE-World-16PY-Patches');
    expect(readme).toContain('f6796aead603c4f0dc4c43645cad4660b34ea477');
    expect(readme).toMatch(/9 WeenieDefaults/);
    expect(readme).toMatch(/Only ids, names and counts were copied/);
    expect(readme).toMatch(/AGPL-3\.0/);
  });

  it('licence: NOTICE lists the labels data and every runtime dependency with its declared licence, and lamejs as demo-only', () => {
    const notice = read('NOTICE');
    expect(notice).toContain('assets/soundtable-labels.json');
    expect(notice).toMatch(/AGPL-3\.0/);
    for (const [name, version] of Object.entries(pkg.dependencies)) {
      expect(notice, name).toContain(`${name} ${version}`);
      expect(notice, name).toContain(depLicense(name));
    }
    // mpg123-decoder's package says MIT but embeds libmpg123 (LGPL-2.1)
    expect(notice).toMatch(/libmpg123[\s\S]*LGPL-2\.1/);
    const lame = '@breezystack/lamejs';
    expect(notice).toContain(`${lame} ${pkg.devDependencies[lame]}`);
    expect(notice).toContain(depLicense(lame));
    expect(pkg.dependencies[lame]).toBeUndefined(); // never a runtime dependency
  });

  it('licence: the packaged app ships NOTICE and the labels README (electron-builder files)', () => {
    const eb = read('electron-builder.yml');
    expect(eb).toMatch(/^\s+- NOTICE$/m);
    expect(eb).toMatch(/^\s+- assets\/\*\*$/m);
  });
});
