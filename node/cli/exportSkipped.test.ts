/**
 * What the README says of an export that skips every file and of missing output folders, checked
 * against what the commands do: `export` exits 0 with `written 0, skipped N, failed 0` when every
 * file exists, and `export --out` / `render --out` create the folders of their path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath, findPackageRoot } from '../paths';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-export-skipped-');
afterAll(() => tmp.cleanup());
const readme = readFileSync(join(findPackageRoot()!, 'README.md'), 'utf8').replace(/\s+/g, ' ');

describe('export that skips every file, and missing output folders', () => {
  it('export: every file skipped as existing is exit 0, told by the summary line; the README says so', async () => {
    const out = join(tmp.dir, 'a', 'b', 'c');
    const args = ['export', demoDatPath(), '--out', out, '--ids', '0x0A000010'];
    expect(await runCli(args, captureIo(tmp.dir))).toBe(0);
    expect(existsSync(join(out, '0A000010.wav'))).toBe(true);
    const again = captureIo(tmp.dir);
    expect(await runCli(args, again)).toBe(0);
    expect(again.stdout).toBe(
      `written 0, skipped 1, failed 0 → ${out}\nskipped 0x0A000010 0A000010.wav: exists (use --force to overwrite)\n`,
    );
    expect(readme).toContain('`export` skips a file that exists and still exits 0, also when it skipped every file');
    expect(readme).toContain('`written 0, skipped 27, failed 0 → DIR`');
    expect(readme).toContain('0A000010.wav: exists (use --force to overwrite)`');
  });

  it('render --out creates the missing folders of its path; the README says so for render, export and ambient', async () => {
    const file = join(tmp.dir, 'x', 'y', 'z.wav');
    const io = captureIo(tmp.dir);
    expect(
      await runCli(['render', demoDatPath(), '0x0A000010', '--distance', '5', '--bearing', '0', '--out', file], io),
    ).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(readme).toContain(
      '`export --out`, `render --out` and `ambient --render` create the missing folders of their path',
    );
  });
});
