/**
 * The CLI's usage rules as a user meets them, run in process (node/cli/main.ts `runCli`): every
 * option given once (switches too), parseArgs' errors in plain words, a scene named against its
 * terrain's valid range whatever its size, one seed range, a sound-type number out of range said
 * as such, `help help`, and the `--json` error object with all four keys.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { captureIo, type CapturedIo } from '../test/cliIo';
import { soundscapeDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-usage-');
afterAll(() => tmp.cleanup());
const demo = demoDatPath();

async function run(args: string[]): Promise<CapturedIo & { code: number }> {
  const io = captureIo(tmp.dir);
  const code = await runCli(args, io);
  return Object.assign(io, { code });
}

const firstLine = (s: string): string => s.split('\n')[0]!;

describe('every option is given once: a repeated switch is exit 1 naming it', () => {
  it('refs/info --json --json, export --force --force, explain --mono --mono', async () => {
    for (const [args, name] of [
      [['refs', demo, '0x0A000012', '--json', '--json'], 'json'],
      [['info', demo, '--json', '--json'], 'json'],
      [['export', demo, '--out', 'x', '--force', '--force'], 'force'],
      [['explain', '--mono', '--mono'], 'mono'],
    ] as const) {
      const r = await run([...args]);
      expect(r.code, args.join(' ')).toBe(1);
      const message = `--${name} is given 2 times: give it once`;
      expect(firstLine(r.stderr)).toBe(`acsound ${args[0]}: ${message}`);
      // asked for --json: the error record on stdout as well, as for any error (README, The CLI)
      if (name === 'json')
        expect(JSON.parse(r.stdout)).toEqual({ error: { name: 'UsageError', message, code: null, details: null } });
      else expect(r.stdout).toBe('');
    }
  });
});

describe("parseArgs' errors in the project's words, exit 1", () => {
  it("explain --distance (no value) says the option needs a value, not Node's wording", async () => {
    const r = await run(['explain', '--distance']);
    expect(r.code).toBe(1);
    expect(firstLine(r.stderr)).toBe('acsound explain: --distance needs a value');
    const s = await run(['info', demo, '--json=yes']);
    expect(s.code).toBe(1);
    expect(firstLine(s.stderr)).toBe('acsound info: --json takes no value');
  });
});

describe('--scene names the valid range of the terrain type, whatever the value', () => {
  it('a scene past the 5-bit field gets the same message as one just past the slots', async () => {
    const dat = writeFixtureDat(tmp.dir, 'soundscape_portal.dat', soundscapeDat());
    for (const scene of ['2', '5', '32', '99']) {
      const r = await run(['ambient', dat, '--terrain', 'Grass', '--scene', scene]);
      expect(r.code, scene).toBe(1);
      expect(firstLine(r.stderr)).toBe(
        `acsound ambient: --scene: "${scene}" is not a scene of terrain type 1 Grass (valid: 0–1)`,
      );
    }
  });
});

describe('--seed: one integer range, 0..4294967295, at every door', () => {
  it('a negative seed is refused with the range message, as one above the range is', async () => {
    const dat = writeFixtureDat(tmp.dir, 'soundscape_seed.dat', soundscapeDat());
    for (const args of [
      ['play-table', demo, '0x20000001', 'Footstep1'],
      ['ambient', dat, '--terrain', 'Grass', '--seconds', '1'],
    ]) {
      const neg = await run([...args, '--seed', '-5']);
      expect(neg.code, args[0]).toBe(1);
      expect(firstLine(neg.stderr)).toBe(`acsound ${args[0]}: --seed: "-5" is below 0`);
      const big = await run([...args, '--seed', '1e20']);
      expect(big.code).toBe(1);
      expect(firstLine(big.stderr)).toBe(`acsound ${args[0]}: --seed: "1e20" is above 4294967295`); // as typed
      expect((await run([...args, '--seed', '4294967295'])).code).toBe(0);
    }
  });
});

describe('a sound-type number outside u32 is out of range, not "unknown"', () => {
  it('play-table … 99999999999 and 0x1FFFFFFFF say out of range; a name that is none stays unknown', async () => {
    for (const t of ['99999999999', '0x1FFFFFFFF']) {
      const r = await run(['play-table', demo, '0x20000001', t]);
      expect(r.code).toBe(1);
      expect(firstLine(r.stderr)).toBe(
        `acsound play-table: sound type ${t} is out of range: a sound type is 0–4294967295 (0x0–0xFFFFFFFF)`,
      );
      expect(r.stderr).not.toMatch(/give a number/);
    }
    expect(firstLine((await run(['play-table', demo, '0x20000001', 'Nope'])).stderr)).toMatch(
      /unknown sound type "Nope"/,
    );
  });
});

describe('an atomic write that cannot start says what failed: the temp file could not be created', () => {
  it.skipIf(process.platform !== 'linux')(
    'render --out /proc/x.wav, ambient --render /proc/x.wav and export --out /proc: the folder exists',
    async () => {
      const expected =
        'a temporary file could not be created in the folder "/proc": the folder does not accept new files (ENOENT)';
      // a render writes one file: it names that file, never "export"; an export names its folder
      for (const [args, lead] of [
        [
          ['render', demo, '0x0A000011', '--distance', '1', '--bearing', '0', '--out', '/proc/x.wav'],
          'cannot write "/proc/x.wav"',
        ],
        [
          ['ambient', demo, '--terrain', '0', '--seconds', '1', '--render', '/proc/x.wav'],
          'cannot write "/proc/x.wav"',
        ],
        [['export', demo, '--out', '/proc'], 'cannot export to "/proc"'],
      ] as const) {
        const r = await run([...args]);
        expect(r.code, args[0]).toBe(3);
        expect(firstLine(r.stderr)).toBe(`acsound: ${lead}: ${expected}`);
        expect(r.stderr).not.toMatch(/no such file or directory/);
      }
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'render --out into a folder that cannot be made names the file and the folder it could not create',
    async () => {
      const r = await run([
        'render',
        demo,
        '0x0A000011',
        '--distance',
        '1',
        '--bearing',
        '0',
        '--out',
        '/proc/nope/x.wav',
      ]);
      expect(r.code).toBe(3);
      expect(firstLine(r.stderr)).toBe(
        'acsound: cannot write "/proc/nope/x.wav": cannot create the folder "/proc/nope": "/proc" does not accept new folders (ENOENT)',
      );
    },
  );
});

describe('help help', () => {
  it('prints the help of `acsound help [command]`, exit 0', async () => {
    const r = await run(['help', 'help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: acsound help \[command\]\n/);
    expect((await run(['help'])).stdout).toContain('acsound help [command]');
  });
});

describe('--json error object: always name, message, code and details', () => {
  it('a DatFormatError (no code) and an IoError (no details) both carry all four keys, null when absent', async () => {
    // the demo dat cut before its B-tree root: a DatFormatError, which has no code
    const truncated = writeFixtureDat(tmp.dir, 'cut.dat', readFileSync(demo).subarray(0, 400_000));
    for (const path of [truncated, `${tmp.dir}/missing.dat`]) {
      const r = await run(['list', path, '--json']);
      expect(r.code).toBeGreaterThan(1);
      const { error } = JSON.parse(r.stdout) as { error: Record<string, unknown> };
      expect(Object.keys(error)).toEqual(['name', 'message', 'code', 'details']);
    }
    const dat = JSON.parse((await run(['list', truncated, '--json'])).stdout) as { error: object };
    expect(dat.error).toMatchObject({ name: 'DatFormatError', code: null, details: { structure: expect.any(String) } });
    const io = JSON.parse((await run(['list', `${tmp.dir}/missing.dat`, '--json'])).stdout) as {
      error: { code: string; details: null };
    };
    expect(io.error).toMatchObject({ name: 'IoError', code: 'ENOENT', details: null });
  });
});
