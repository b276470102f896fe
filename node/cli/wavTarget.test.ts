import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';
import { checkWavFileName } from './wavTarget';
import { UsageError } from './usage';

describe('checkWavFileName (the one .wav check of render --out and ambient --render)', () => {
  it('accepts a name ending in .wav, any case, with folders', () => {
    expect(() => checkWavFileName('a.wav', '--out', 'render')).not.toThrow();
    expect(() => checkWavFileName('dir/B.WAV', '--render', 'ambient')).not.toThrow();
  });
  it('refuses another extension, no extension and an empty name as a usage error naming the option', () => {
    for (const name of ['x.txt', 'x', 'x.wav.json', 'wav']) {
      let e: unknown;
      try {
        checkWavFileName(name, '--out', 'render');
      } catch (err) {
        e = err;
      }
      expect(e).toBeInstanceOf(UsageError);
      expect((e as UsageError).message).toMatch(
        new RegExp(`^--out: "${name.replace(/\./g, '\\.')}" is not a \\.wav file name`),
      );
      expect((e as UsageError).command).toBe('render');
    }
    expect(() => checkWavFileName('', '--render', 'ambient')).toThrow('--render needs a file name');
  });
});

describe('checkWavTarget: a folder in the way is said as such, one wording for render and ambient', () => {
  const tmp = tempDir('acsound-wavtarget-');
  afterAll(() => tmp.cleanup());
  const demo = demoDatPath();
  const render = (out: string, ...more: string[]) => [
    'render',
    demo,
    '0x0A000012',
    '--distance',
    '10',
    '--bearing',
    '90',
    '--out',
    out,
    ...more,
  ];
  const ambient = (out: string, ...more: string[]) => [
    'ambient',
    demo,
    '--terrain',
    '0',
    '--seconds',
    '1',
    '--render',
    out,
    ...more,
  ];

  it('a target that is a folder: EISDIR, exit 3, no --force advice, with --force or not (the WAV or its sidecar)', async () => {
    mkdirSync(join(tmp.dir, 'wavdir.wav'));
    mkdirSync(join(tmp.dir, 'side.json'));
    for (const argv of [
      render('wavdir.wav'),
      render('wavdir.wav', '--force'),
      render('side.wav', '--force'),
      ambient('wavdir.wav'),
      ambient('side.wav', '--force'),
    ]) {
      const io = captureIo(tmp.dir);
      expect(await runCli(argv, io), argv.join(' ')).toBe(3);
      expect(io.stderr, argv.join(' ')).toMatch(/: it is a folder, not a file \(EISDIR\)\n/);
      expect(io.stderr).not.toContain('--force');
    }
  });

  it('export: a folder where a Wave file would go fails saying so, no --force advice, --force or not', async () => {
    for (const more of [[], ['--force'], ['--force', '--format', 'original']]) {
      const out = join(tmp.dir, `ex${more.length}`);
      mkdirSync(join(out, '0A000012.wav'), { recursive: true });
      const io = captureIo(tmp.dir);
      expect(await runCli(['export', demo, '--out', out, '--ids', '0x0A000012', ...more], io)).toBe(3);
      expect(io.stdout).toContain(
        `failed  0x0A000012: cannot write "${join(out, '0A000012.wav')}": it is a folder, not a file (EISDIR)`,
      );
      expect(io.stdout + io.stderr).not.toContain('--force');
    }
  });

  it('a file in the path: the same "exists and is not a folder (ENOTDIR)" line from render and ambient', async () => {
    writeFileSync(join(tmp.dir, 'r.wav'), 'x');
    const lines: string[] = [];
    for (const argv of [render('r.wav/a.wav'), ambient('r.wav/a.wav')]) {
      const io = captureIo(tmp.dir);
      expect(await runCli(argv, io)).toBe(3);
      lines.push(io.stderr.split('\n')[0]!);
    }
    const r = join(tmp.dir, 'r.wav');
    expect(lines).toEqual([
      `acsound: cannot write "${join(r, 'a.wav')}": "${r}" exists and is not a folder (ENOTDIR)`,
      `acsound: cannot write "${join(r, 'a.wav')}": "${r}" exists and is not a folder (ENOTDIR)`,
    ]);
  });
});
