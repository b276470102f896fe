import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { tempDir } from '../test/fixtures';
import type { CliIo } from './io';
import { runCli } from './main';

const tmp = tempDir('acsound-runcli-');
afterAll(() => tmp.cleanup());

function io(errIsTTY: boolean): CliIo & { stdout: string; stderr: string } {
  const o = {
    stdout: '',
    stderr: '',
    errIsTTY,
    cwd: tmp.dir,
    out: (t: string) => void (o.stdout += t),
    err: (t: string) => void (o.stderr += t),
  };
  return o;
}

describe('runCli in process', () => {
  it('export shows a \\r progress line on stderr only when it is a TTY', async () => {
    const tty = io(true);
    expect(await runCli(['export', demoDatPath(), '--out', join(tmp.dir, 'a')], tty)).toBe(0);
    expect(tty.stderr).toMatch(/^\rexporting 1\/27 0x0A000010/);
    expect(tty.stderr).toMatch(/\rexporting 27\/27 0x0A000072\n$/);
    expect(tty.stdout).toMatch(/^written 27, skipped 0, failed 0/);
    const pipe = io(false);
    expect(await runCli(['export', demoDatPath(), '--out', join(tmp.dir, 'b')], pipe)).toBe(0);
    expect(pipe.stderr).toBe('');
    expect(readdirSync(join(tmp.dir, 'b'))).toHaveLength(27);
  });

  it('accepts --bearing -90 (a negative number after a value option)', async () => {
    const o = io(false);
    expect(await runCli(['explain', '--distance', '10', '--bearing', '-90'], o)).toBe(0);
    expect(JSON.parse(o.stdout)).toMatchObject({ pan: -14 });
  });
});

describe('repeated options: list options accumulate, every other option is given once', () => {
  it('the help says so: per command (its list options) and in general (all of them)', async () => {
    const help = async (args: string[]): Promise<string> => {
      const o = io(false);
      expect(await runCli(args, o)).toBe(0);
      return o.stdout;
    };
    expect(await help(['help', 'export'])).toContain(
      '--ids is a list option: given more than once, the lists add up\n  (--ids A --ids B,C is --ids A,B,C). Every other option is given once: a repeat is refused (exit 1).',
    );
    expect(await help(['export', '--help'])).toContain('--ids is a list option');
    expect(await help(['help', 'ambient'])).toContain('--terrain is a list option');
    const explain = await help(['help', 'explain']);
    expect(explain).toContain('Each option is given once: a repeated option is refused (exit 1).');
    expect(explain).not.toContain('list option');
    expect(await help(['help'])).toContain('Options: --ids and --terrain are list options');
  });

  it('--ids given twice exports both lists; --out or --format given twice is exit 1 and writes nothing', async () => {
    const out = join(tmp.dir, 'repeat');
    const ok = io(false);
    expect(
      await runCli(
        ['export', demoDatPath(), '--out', out, '--ids', '0x0A000010', '--ids', '0x0A000011,0x0A000012'],
        ok,
      ),
    ).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['0A000010.wav', '0A000011.wav', '0A000012.wav']);
    for (const twice of [
      ['--out', join(tmp.dir, 'r1'), '--out', join(tmp.dir, 'r2')],
      ['--out', join(tmp.dir, 'r1'), '--format', 'decoded', '--format', 'original'],
    ]) {
      const bad = io(false);
      expect(await runCli(['export', demoDatPath(), ...twice], bad)).toBe(1);
      expect(bad.stderr).toMatch(/^acsound export: --(out|format) is given 2 times/);
      expect(readdirSync(tmp.dir)).not.toContain('r1');
    }
  });
});
