/**
 * The committed MP3 WebAssembly module (core/codecs/mp3/mp3Wasm.ts) is the one
 * scripts/build-mp3-wasm.mjs built from the committed sources (wasm/mp3/build.json records both),
 * and dr_mp3.h is the unmodified file wasm/mp3/PROVENANCE.md traces to Debian.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MP3_WASM_BASE64, MP3_WASM_SHA256 } from '../core/codecs/mp3/mp3Wasm';
import {
  CLANG_ARGS,
  CLANG_PACKAGE,
  CLANG_VERSION,
  generatedModule,
  patched,
  sha256,
  SOURCE_PATCHES,
  SOURCES,
} from './build-mp3-wasm.mjs';

const root = resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'wasm/mp3/build.json'), 'utf8')) as {
  compiler: string;
  args: string[];
  patches: unknown;
  sources: Record<string, string>;
  wasm: { bytes: number; sha256: string };
};
const wasm = Buffer.from(MP3_WASM_BASE64, 'base64');

describe('the MP3 WebAssembly module is built from the committed sources', () => {
  it('the embedded module is the one build.json records (size, sha256), and the generated file is exactly what the script writes for it', () => {
    expect(wasm.length).toBe(manifest.wasm.bytes);
    expect(sha256(wasm)).toBe(manifest.wasm.sha256);
    expect(MP3_WASM_SHA256).toBe(manifest.wasm.sha256);
    expect(readFileSync(join(root, 'core/codecs/mp3/mp3Wasm.ts'), 'utf8')).toBe(generatedModule(wasm));
  });

  it('it was built from these sources, with the arguments and compiler the script names', () => {
    expect(Object.keys(manifest.sources)).toEqual(SOURCES);
    for (const s of SOURCES) expect(sha256(readFileSync(join(root, s))), s).toBe(manifest.sources[s]);
    expect(manifest.args).toEqual(CLANG_ARGS);
    expect(manifest.patches).toEqual(SOURCE_PATCHES);
    expect(manifest.compiler).toBe(`${CLANG_PACKAGE}@${CLANG_VERSION}`);
  });

  it('dr_mp3.h is the unmodified v0.6.33 of Debian libsdl2-mixer 2.6.2+dfsg (PROVENANCE.md)', () => {
    const header = readFileSync(join(root, 'wasm/mp3/dr_mp3.h'));
    const provenance = readFileSync(join(root, 'wasm/mp3/PROVENANCE.md'), 'utf8');
    expect(sha256(header)).toBe('44cf9ad1fefac0bb52dec903ae741b85fc52e2e7e8cb1653cb57792ced649ba0');
    expect(provenance).toContain(sha256(header));
    expect(header.toString('latin1')).toContain('dr_mp3 - v0.6.33 - 2022-04-10');
  });

  it("the build's only changes to dr_mp3.h send its calls of two functions to ours (mono_synth.h, imdct36.h), and nothing else", () => {
    const header = readFileSync(join(root, 'wasm/mp3/dr_mp3.h'), 'latin1');
    const text = patched('dr_mp3.h', header);
    expect(SOURCE_PATCHES.map((p) => p.to.split('(')[0])).toEqual(['acs_synth_granule', 'acs_imdct36']);
    let length = header.length;
    for (const p of SOURCE_PATCHES) {
      expect(p.file).toBe('dr_mp3.h');
      expect(text.split(p.to).length - 1, p.to).toBe(p.count);
      expect(text, p.from).not.toContain(p.from);
      length += p.count * (p.to.length - p.from.length);
    }
    expect(text.length).toBe(length);
    expect(readFileSync(join(root, 'wasm/mp3/mono_synth.h'), 'utf8')).toContain('static void acs_synth_granule(');
    expect(readFileSync(join(root, 'wasm/mp3/imdct36.h'), 'utf8')).toContain('static void acs_imdct36(');
    expect(() => patched('dr_mp3.h', 'no call here')).toThrow(/0 times, not 2/);
  });

  it('the module imports nothing and exports the calls the decoder makes', async () => {
    // (this tsconfig's lib declares no WebAssembly values)
    const wa = (
      globalThis as unknown as {
        WebAssembly: {
          compile(b: Uint8Array): Promise<object>;
          Module: { imports(m: object): unknown[]; exports(m: object): { name: string }[] };
        };
      }
    ).WebAssembly;
    const m = await wa.compile(wasm);
    expect(wa.Module.imports(m)).toEqual([]);
    expect(
      wa.Module.exports(m)
        .map((e) => e.name)
        .sort(),
    ).toEqual(['_initialize', 'memory', 'mp3_begin', 'mp3_decode', 'mp3_free', 'mp3_info', 'mp3_malloc']);
  });
});
