/**
 * Rule (core/engine/settings.ts `typedNumber`, README "The CLI"): every number option of the CLI
 * echoes its value exactly as the user typed it, always in double quotes — spaces kept (`" 5"`,
 * never `5`), the notation kept (`"1e3"`, never the parsed `1000`; `"1e308"`, never `1e+308`;
 * `"-0"`, never `0`) — whatever the problem: out of range, not an integer, not a usable number,
 * not decimal. So `NaN` and `1e3` read alike (`"NaN" is not a usable number`, `"1e3" is above
 * 200`), as do `--seed` (./seedArgument.test.ts in node/service) and every other option value
 * (`--mode: "arcade" is not one of …`). Exit code and the rest of the words are unchanged.
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
const setup = `0x${GX.setup.toString(16)}`;

async function cli(argv: string[]): Promise<{ code: number; stderr: string }> {
  const io = captureIo(tmp.dir);
  const code = await runCli(argv, io);
  return { code, stderr: io.stderr };
}

/** The first stderr line of a run that must be a usage error (exit 1). */
async function usageLine(argv: string[]): Promise<string> {
  const r = await cli(argv);
  expect(r.code, argv.join(' ')).toBe(EXIT.usage);
  return r.stderr.split('\n')[0]!;
}

const GIVE = 'give 0.1–4, or -4 to -0.1 to play it in reverse';

describe('a number option is echoed exactly as typed, in quotes, never as parsed', () => {
  // each option's command line before the option, and what it makes of the five inputs: the
  // problem after the echo, or null when the input is a value it takes (surrounding spaces are
  // no part of a number; -0 is 0)
  const OPTIONS: { flag: string; before: string[]; words: Record<string, string | null> }[] = [
    {
      flag: '--distance',
      before: ['explain'],
      words: {
        ' 5': null,
        NaN: 'is not a usable number',
        '1e3': 'is above 200',
        '0x10': 'is not a decimal number: give metres in decimal, e.g. 16',
        '-0': null,
      },
    },
    {
      flag: '--effect-volume',
      before: ['explain'],
      words: {
        ' 5': 'is above 1',
        NaN: 'is not a usable number',
        '1e3': 'is above 1',
        '0x10': 'is not a decimal number: give the slider in decimal, e.g. 16',
        '-0': null,
      },
    },
    {
      flag: '--volume',
      before: ['render', plain, '0x0A000001', '--distance', '1', '--bearing', '0', '--out', 'v.wav', '--force'],
      words: {
        ' 5': null,
        NaN: 'is not a usable number',
        '1e3': null,
        '0x10': 'is not a decimal number: give the volume in decimal, e.g. 16',
        '-0': null,
      },
    },
    {
      flag: '--times',
      before: ['play-table', plain, '0x20000001', 'Footstep1'],
      words: {
        ' 5': null,
        NaN: 'is not a usable number',
        '1e3': null,
        '0x10': 'is not a decimal number: give it in decimal, e.g. 16',
        '-0': 'is below 1',
      },
    },
    {
      flag: '--seconds',
      before: ['ambient', scape, '--terrain', '2'],
      words: {
        ' 5': null,
        NaN: 'is not a usable number',
        '1e3': null,
        '0x10': 'is not a decimal number: give seconds in decimal, e.g. 16',
        '-0': 'is not above 0',
      },
    },
    {
      flag: '--scene',
      before: ['ambient', scape, '--terrain', '2', '--seconds', '1'],
      words: {
        ' 5': 'is not a scene of terrain type 2',
        NaN: 'is not a usable number',
        '1e3': 'is not a scene of terrain type 2',
        '0x10': 'is not a decimal number: give the scene value in decimal, e.g. 16',
        '-0': null,
      },
    },
    {
      flag: '--speed',
      before: ['timeline', graph, setup],
      words: {
        ' 5': `is too fast: ${GIVE}`,
        NaN: 'is not a usable number',
        '1e3': `is too fast: ${GIVE}`,
        '0x10': 'is not a decimal number: give it in decimal, e.g. 16',
        '-0': `would stand the motion still: ${GIVE}`,
      },
    },
  ];

  for (const o of OPTIONS)
    it(`${o.before[0]} ${o.flag}: " 5", "NaN", "1e3", "0x10", "-0"`, async () => {
      for (const [typed, words] of Object.entries(o.words)) {
        const argv = [...o.before, o.flag, typed];
        const r = await cli(argv);
        const what = JSON.stringify(argv);
        if (words === null) {
          expect(r.code, what).toBe(EXIT.ok);
          continue;
        }
        expect(r.code, what).toBe(EXIT.usage);
        const line = r.stderr.split('\n')[0]!;
        // the echo: the text exactly, in quotes, then the problem
        expect(line.startsWith(`acsound ${o.before[0]}: ${o.flag}: ${JSON.stringify(typed)} ${words}`), line).toBe(
          true,
        );
      }
    });

  it('every input is echoed by at least one option, " 5" and "-0" included', () => {
    for (const typed of [' 5', 'NaN', '1e3', '0x10', '-0'])
      expect(OPTIONS.some((o) => o.words[typed] !== null)).toBe(true);
  });

  it('the engine options of explain, render and play-table', async () => {
    const cases: [string, string, string][] = [
      ['--distance', '1e3', '"1e3" is above 200'],
      ['--distance', ' 0200.50 ', '" 0200.50 " is above 200'],
      ['--volume', '-1e0', '"-1e0" is below 0'],
      ['--volume', '1e308', '"1e308" is above 3.4028235e+38'],
      ['--effect-volume', '1.50', '"1.50" is above 1'],
      ['--ambient-volume', '2e0', '"2e0" is above 1'],
      ['--interface-volume', '-.5', '"-.5" is below 0'],
      ['--bearing', 'NaN', '"NaN" is not a usable number'],
      ['--distance', '', '"" is not a usable number'],
      ['--distance', '5\n', null!], // accepted: spaces around a number are no part of it
    ];
    for (const [flag, value, words] of cases) {
      if (words === null) {
        expect((await cli(['explain', flag, value])).code).toBe(EXIT.ok);
        continue;
      }
      expect(await usageLine(['explain', flag, value])).toBe(`acsound explain: ${flag}: ${words}`);
      const place =
        flag === '--distance'
          ? ['--bearing', '0']
          : flag === '--bearing'
            ? ['--distance', '1']
            : ['--distance', '1', '--bearing', '0'];
      expect(await usageLine(['render', plain, '0x0A000001', ...place, flag, value])).toBe(
        `acsound render: ${flag}: ${words}`,
      );
      expect(await usageLine(['play-table', plain, '0x20000001', '1', flag, value])).toBe(
        `acsound play-table: ${flag}: ${words}`,
      );
    }
  });

  it('a control character is escaped: the message stays one line', async () => {
    const r = await cli(['explain', '--distance', '1\n2']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr.split('\n')[0]).toBe('acsound explain: --distance: "1\\n2" is not a usable number');
  });

  it('play-table --times and --seed', async () => {
    const pt = (...more: string[]) => usageLine(['play-table', plain, '0x20000001', '1', ...more]);
    expect(await pt('--times', '1e7')).toBe('acsound play-table: --times: "1e7" is above 1000000');
    expect(await pt('--times', '0e0')).toBe('acsound play-table: --times: "0e0" is below 1');
    expect(await pt('--times', '2.50')).toBe('acsound play-table: --times: "2.50" is not an integer');
    expect(await pt('--seed', ' 1.5')).toBe('acsound play-table: --seed: " 1.5" is not an integer');
  });

  it('ambient --seconds, --scene and --ambient-volume', async () => {
    const ambient = (...more: string[]) => usageLine(['ambient', scape, '--terrain', '2', ...more]);
    expect(await ambient('--seconds', '1e4')).toBe('acsound ambient: --seconds: "1e4" is above 3600');
    expect(await ambient('--seconds', '0.0')).toBe('acsound ambient: --seconds: "0.0" is not above 0');
    expect(await ambient('--scene', '1.50')).toBe('acsound ambient: --scene: "1.50" is not an integer');
    expect(await ambient('--scene', '9e1')).toMatch(
      /^acsound ambient: --scene: "9e1" is not a scene of terrain type 2 /,
    );
    expect(await ambient('--ambient-volume', '1e1')).toBe('acsound ambient: --ambient-volume: "1e1" is above 1');
  });

  it('timeline --speed, its range and a motion with no reverse sequence', async () => {
    const timeline = (...more: string[]) => usageLine(['timeline', graph, setup, ...more]);
    expect(await timeline('--speed', '1e308')).toBe(`acsound timeline: --speed: "1e308" is too fast: ${GIVE}`);
    expect(await timeline('--speed', '5e-2')).toBe(`acsound timeline: --speed: "5e-2" is too slow: ${GIVE}`);
    expect(await timeline('--speed', '0.0')).toBe(
      `acsound timeline: --speed: "0.0" would stand the motion still: ${GIVE}`,
    );
    expect(await timeline('--motion', 'AttackHigh1', '--speed', '-.65')).toMatch(
      /^acsound timeline: --speed "-\.65": AttackHigh1 has no reverse sequence in this MotionTable/,
    );
  });
});
