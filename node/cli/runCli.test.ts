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
