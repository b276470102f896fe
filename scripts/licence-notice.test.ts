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

  it("licence: NOTICE lists the labels data, every runtime dependency and the MP3 decoder with their licences, lamejs as demo-only and mpg123-decoder as the tests' reference", () => {
    const notice = read('NOTICE');
    expect(notice).toContain('assets/soundtable-labels.json');
    expect(notice).toMatch(/AGPL-3\.0/);
    for (const [name, version] of Object.entries(pkg.dependencies)) {
      expect(notice, name).toContain(`${name} ${version}`);
      expect(notice, name).toContain(depLicense(name));
    }
    // the MP3 decoder is our WebAssembly build of dr_mp3 (wasm/mp3/PROVENANCE.md), not a package
    expect(notice).toMatch(/dr_mp3 v0\.6\.33[\s\S]*Unlicense[\s\S]*MIT No Attribution[\s\S]*CC0 1\.0/);
    expect(read('wasm/mp3/dr_mp3.h')).toContain('dr_mp3 - v0.6.33');
    // mpg123-decoder (its package says MIT but embeds libmpg123, LGPL-2.1) is the bench's and the
    // tests' reference only, never shipped
    const mpg123 = 'mpg123-decoder';
    expect(pkg.dependencies[mpg123]).toBeUndefined();
    expect(notice).toContain(`${mpg123} ${pkg.devDependencies[mpg123]}`);
    expect(notice).toMatch(/libmpg123[\s\S]*LGPL-2\.1[\s\S]*Not included in the app/);
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
