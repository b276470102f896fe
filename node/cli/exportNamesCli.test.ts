/**
 * `acsound export --name TEMPLATE` (issue #10, docs/export-names.md), run as the BUILT cli process
 * (`node out/cli/acsound.cjs`) with the exact examples; every file re-read by the strict
 * WAV parser.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { namingDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { buildCli, runCli, type CliRun } from '../test/builtCli';

const tmp = tempDir('acsound-cli-names-');
const dat = writeFixtureDat(tmp.dir, 'naming_portal.dat', namingDat());

const run = (args: string[]): CliRun => runCli(args, tmp.dir);

function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort();
}

beforeAll(() => {
  buildCli();
}, 60_000);
afterAll(() => tmp.cleanup());

describe('acsound export --name', () => {
  it('{table}/{cue}_{id} gives 20000001/Wound1_0A000012.wav for a used Wave and 0A000099.wav for an unused one', () => {
    const out = join(tmp.dir, 'issue-example');
    const r = run(['export', dat, '--out', out, '--ids', '0x0A000012,0x0A000099', '--name', '{table}/{cue}_{id}']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^written 2, skipped 0, failed 0/);
    expect(files(out)).toEqual(['0A000099.wav', '20000001/Wound1_0A000012.wav']);
    for (const f of files(out))
      expect(parseWavStrict(new Uint8Array(readFileSync(join(out, f)))).bitsPerSample).toBe(16);
  });

  it('the default template is {id}', () => {
    const out = join(tmp.dir, 'default');
    expect(run(['export', dat, '--out', out]).code).toBe(0);
    expect(files(out)).toEqual(['0A000012.wav', '0A000013.wav', '0A000099.wav']);
  });

  it('two Waves with the same name are numbered name_2 in id order; without --force nothing is overwritten', () => {
    const out = join(tmp.dir, 'numbered');
    const first = run(['export', dat, '--out', out, '--name', '{table}/{cue}']);
    expect(first.code).toBe(0);
    expect(files(out)).toEqual(['0A000099.wav', '20000001/Wound1.wav', '20000001/Wound1_2.wav']);
    expect(parseWavStrict(new Uint8Array(readFileSync(join(out, '20000001/Wound1_2.wav')))).channels).toBe(2);
    writeFileSync(join(out, '20000001/Wound1.wav'), 'mine');
    const again = run(['export', dat, '--out', out, '--name', '{table}/{cue}']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^written 0, skipped 3, failed 0/);
    expect(again.stdout).toContain('skipped 0x0A000012 20000001/Wound1.wav: exists');
    expect(readFileSync(join(out, '20000001/Wound1.wav'), 'utf8')).toBe('mine');
    expect(run(['export', dat, '--out', out, '--name', '{table}/{cue}', '--force']).stdout).toMatch(/^written 3,/);
    expect(parseWavStrict(new Uint8Array(readFileSync(join(out, '20000001/Wound1.wav')))).sampleRate).toBe(22050);
  });

  it('".." in a template never leaves --out', () => {
    const out = join(tmp.dir, 'nested', 'out');
    const r = run(['export', dat, '--out', out, '--ids', '0x0A000012', '--name', '../{cue}/../../{id}']);
    expect(r.code).toBe(0);
    expect(files(join(tmp.dir, 'nested'))).toEqual(['out/Wound1/0A000012.wav']);
  });

  it('a template that is not one is exit 1 with one line naming the problem', () => {
    const r = run(['export', dat, '--out', join(tmp.dir, 'bad'), '--name', '{table}/{nope}']);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^acsound export: --name: unknown token \{nope\} at character 9; the tokens are \{id\}/,
    );
  });

  it('a name too long to make is exit 1 naming it, before any folder is made', () => {
    const out = join(tmp.dir, 'too-long');
    const r = run(['export', dat, '--out', out, '--name', `{id}${'x'.repeat(300)}`]);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^acsound export: --name: the name "x+…x+\.wav" is 304 bytes long; a folder or file name may have at most 255 bytes \(UTF-8\)$/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('a name a token makes too long fails the export before any folder is made', () => {
    // 200 bytes of text + the 8-digit id ×7 = 256 bytes with ".wav": only the values make it too long
    const out = join(tmp.dir, 'too-long-values');
    const r = run(['export', dat, '--out', out, '--name', `${'y'.repeat(200)}{id}{id}{id}{id}{id}{id}{id}`]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/is 260 bytes long; a folder or file name may have at most 255 bytes/);
    expect(existsSync(out)).toBe(false);
  });
});
