/**
 * `--volume` takes 0..3.4028235e38, the largest float32 (core/engine/settings.ts `MAX_VOLUME`):
 * `--volume 1e308` was accepted and `acsound explain` printed `"audibleRadius":null` (Infinity in
 * JSON), and render's hint said "Infinity m". Beyond the bound it is a usage error (exit 1) in the
 * words of every number option; within it, explain's JSON is finite numbers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SOUND_PATHS } from '../../core/engine';
import { captureIo } from '../test/cliIo';
import { tempDir, writeFixtureDat } from '../test/fixtures';
import { EXIT } from './exitCodes';
import { runCli } from './main';

const tmp = tempDir('acsound-volume-bound-');
afterAll(() => tmp.cleanup());
const dat = writeFixtureDat(tmp.dir);

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo(tmp.dir);
  const code = await runCli(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('--volume beyond the largest float32', () => {
  it('is exit 1 naming the value as typed, in explain, render and play-table', async () => {
    for (const typed of ['1e308', '3.4028236e38', '1e39']) {
      const runs: [string, string[]][] = [
        ['explain', ['explain', '--volume', typed]],
        ['render', ['render', dat, '0x0A000001', '--distance', '1', '--bearing', '0', '--volume', typed]],
        ['play-table', ['play-table', dat, '0x20000001', '1', '--path', 'network', '--volume', typed]],
      ];
      for (const [command, argv] of runs) {
        const r = await cli(argv);
        expect(r.code, argv.join(' ')).toBe(EXIT.usage);
        expect(r.stderr.split('\n')[0]).toBe(`acsound ${command}: --volume: "${typed}" is above 3.4028235e+38`);
        expect(r.stdout).toBe('');
      }
    }
  });

  it('the help says the range', async () => {
    const r = await cli(['help', 'explain']);
    expect(r.stdout).toMatch(/--volume V[\s\S]*0\.\.3\.4028235e\+38\s+\(the largest float32: [^)]*; default 1\)/);
  });
});

describe('explain --json over the extreme accepted volumes: no Infinity, no null radius', () => {
  const volumes = ['0', '5e-324', '1e-45', '1', '1e30', '3.4028234663852886e38', '3.4028235e38', '3.4028235E+38'];
  it('every path and mode, at 0 m and 200 m, with the effect and ambient sliders at 1 and 1e-45', async () => {
    for (const path of SOUND_PATHS)
      for (const mode of ['retail', 'authored'])
        for (const volume of volumes)
          for (const distance of ['0', '200'])
            for (const slider of ['1', '1e-45']) {
              const argv = ['explain', '--path', path, '--mode', mode, '--volume', volume, '--distance', distance];
              argv.push('--effect-volume', slider, '--ambient-volume', slider);
              const r = await cli(argv);
              expect(r.code, argv.join(' ')).toBe(EXIT.ok);
              expect(r.stdout, argv.join(' ')).not.toMatch(/Infinity|NaN/);
              const out = JSON.parse(r.stdout) as Record<string, unknown>;
              const centre = path === 'ambient-center' || path.startsWith('interface');
              expect(typeof out.audibleRadius, argv.join(' ')).toBe(centre ? 'object' : 'number');
              for (const k of ['g', 'left', 'right', 'volume', 'slider', 'distance', 'pan'])
                expect(typeof out[k], `${argv.join(' ')}: ${k}`).toBe('number');
              if (out.played) expect(typeof out.dB, argv.join(' ')).toBe('number');
            }
  });
});
