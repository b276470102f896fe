/**
 * Rule (core/engine/settings.ts `typedNumber`, README "The CLI"): every number option of the CLI
 * echoes its value as the user typed it — `--distance 1e3` is `1e3 is above 200`, never the parsed
 * `1000`; `--speed 1e308` is `1e308 is too fast`, never `1e+308` — as `--seed` does
 * (./seedArgument.test.ts in node/service). Exit code and the rest of the words are unchanged.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GX, graphFixtureDat } from '../../core/test/graphFixture';
import { captureIo } from '../test/cliIo';
import { soundscapeDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { EXIT } from './exitCodes';
import { runCli } from './main';

const tmp = tempDir('acsound-number-echo-');
afterAll(() => tmp.cleanup());
const plain = writeFixtureDat(tmp.dir);
const graph = writeFixtureDat(tmp.dir, 'graph_portal.dat', graphFixtureDat());
const scape = writeFixtureDat(tmp.dir, 'soundscape_portal.dat', soundscapeDat());

/** The first stderr line of a run that must be a usage error (exit 1). */
async function usageLine(argv: string[]): Promise<string> {
  const io = captureIo(tmp.dir);
  expect(await runCli(argv, io), argv.join(' ')).toBe(EXIT.usage);
  return io.stderr.split('\n')[0]!;
}

const GIVE = 'give 0.1–4, or -4 to -0.1 to play it in reverse';

describe('a number option is echoed as typed, not as parsed', () => {
  it('the engine options of explain, render and play-table', async () => {
    const cases: [string, string, string][] = [
      ['--distance', '1e3', '1e3 is above 200'],
      ['--distance', ' 0200.50 ', '0200.50 is above 200'],
      ['--volume', '-1e0', '-1e0 is below 0'],
      ['--effect-volume', '1.50', '1.50 is above 1'],
      ['--ambient-volume', '2e0', '2e0 is above 1'],
      ['--interface-volume', '-.5', '-.5 is below 0'],
    ];
    for (const [flag, value, words] of cases) {
      expect(await usageLine(['explain', flag, value])).toBe(`acsound explain: ${flag}: ${words}`);
      const place = flag === '--distance' ? ['--bearing', '0'] : ['--distance', '1', '--bearing', '0'];
      expect(await usageLine(['render', plain, '0x0A000001', ...place, flag, value])).toBe(
        `acsound render: ${flag}: ${words}`,
      );
      expect(await usageLine(['play-table', plain, '0x20000001', '1', flag, value])).toBe(
        `acsound play-table: ${flag}: ${words}`,
      );
    }
  });

  it('play-table --times', async () => {
    const times = (v: string) => usageLine(['play-table', plain, '0x20000001', '1', '--times', v]);
    expect(await times('1e7')).toBe('acsound play-table: --times: 1e7 is above 1000000');
    expect(await times('0e0')).toBe('acsound play-table: --times: 0e0 is below 1');
    expect(await times('2.50')).toBe('acsound play-table: --times: 2.50 is not an integer');
  });

  it('ambient --seconds, --scene and --ambient-volume', async () => {
    const ambient = (...more: string[]) => usageLine(['ambient', scape, '--terrain', '2', ...more]);
    expect(await ambient('--seconds', '1e4')).toBe('acsound ambient: --seconds: 1e4 is above 3600');
    expect(await ambient('--seconds', '0.0')).toBe('acsound ambient: --seconds: 0.0 is not above 0');
    expect(await ambient('--scene', '1.50')).toBe('acsound ambient: --scene: 1.50 is not an integer');
    expect(await ambient('--scene', '9e1')).toMatch(/^acsound ambient: --scene: 9e1 is not a scene of terrain type 2 /);
    expect(await ambient('--ambient-volume', '1e1')).toBe('acsound ambient: --ambient-volume: 1e1 is above 1');
  });

  it('timeline --speed, its range and a motion with no reverse sequence', async () => {
    const setup = `0x${GX.setup.toString(16)}`;
    const timeline = (...more: string[]) => usageLine(['timeline', graph, setup, ...more]);
    expect(await timeline('--speed', '1e308')).toBe(`acsound timeline: --speed: 1e308 is too fast: ${GIVE}`);
    expect(await timeline('--speed', '5e-2')).toBe(`acsound timeline: --speed: 5e-2 is too slow: ${GIVE}`);
    expect(await timeline('--speed', '0.0')).toBe(
      `acsound timeline: --speed: 0.0 would stand the motion still: ${GIVE}`,
    );
    expect(await timeline('--motion', 'AttackHigh1', '--speed', '-.65')).toMatch(
      /^acsound timeline: --speed -\.65: AttackHigh1 has no reverse sequence in this MotionTable/,
    );
  });
});
