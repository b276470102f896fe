/**
 * The CLI's option rules (node/cli/args.ts): numbers are decimal only, and a value option is
 * given once — a repeat is refused instead of the last one silently winning — except list
 * options, whose values are joined.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../core/errors';
import { engineSettings, ENGINE_OPTION_SPEC, integerFlag, numberFlag, parseCommand, unknownOptionHint } from './args';
import { UsageError } from './usage';

const none = { min: 0, max: 0, names: '' };

describe('numbers are decimal only', () => {
  it('--distance 0x10 is refused, saying decimal metres; 16, 2.5, 1e1 and " 3 " are read', () => {
    const distance = (v: string) =>
      engineSettings(parseCommand('explain', ['--distance', v], ENGINE_OPTION_SPEC, none).flags);
    expect(() => distance('0x10')).toThrow(
      new SettingsError('distance', '"0x10" is not a decimal number: give metres in decimal, e.g. 16', '--distance'),
    );
    for (const bad of ['0b11', '0o7', '1_0', 'Infinity', '10m'])
      expect(() => distance(bad), bad).toThrow(SettingsError);
    expect(distance('16').distance).toBe(16);
    expect(distance('2.5').distance).toBe(2.5);
    expect(distance('1e1').distance).toBe(10);
    expect(distance(' 3 ').distance).toBe(3);
    expect(() => engineSettings({ bearing: '0x5A' })).toThrow(
      /"0x5A" is not a decimal number: give degrees in decimal/,
    );
  });

  it('numberFlag and integerFlag (--speed, --times, --seed) refuse other notations too', () => {
    expect(() => numberFlag({ speed: '0x2' }, 'speed', 1)).toThrow(
      new UsageError('--speed: "0x2" is not a decimal number: give it in decimal, e.g. 2'),
    );
    expect(() => integerFlag({ times: '0b101' }, 'times', 1, { min: 1, max: 10 })).toThrow(/not a decimal number/);
    expect(numberFlag({ speed: '.5' }, 'speed', 1)).toBe(0.5);
    expect(integerFlag({ times: '7' }, 'times', 1, { min: 1, max: 10 })).toBe(7);
  });
});

describe('a value option is given once', () => {
  it('a repeated single-value option is refused, naming it and both values', () => {
    expect(() => parseCommand('explain', ['--distance', '10', '--distance', '20'], ENGINE_OPTION_SPEC, none)).toThrow(
      new UsageError('--distance is given 2 times ("10", "20"): give it once', 'explain'),
    );
    expect(() =>
      parseCommand('explain', ['--bearing', '-90', '--mode=retail', '--bearing=90'], ENGINE_OPTION_SPEC, none),
    ).toThrow(/--bearing is given 2 times \("-90", "90"\)/);
  });

  it('a list option may repeat: its values are joined with commas', () => {
    const spec = { ids: { type: 'string', list: true }, out: { type: 'string' } } as const;
    const r = parseCommand('export', ['d', '--ids', '0x0A000001', '--ids', '0x0A000002,0x0A000003'], spec, {
      min: 1,
      max: 1,
      names: '<dat>',
    });
    expect(r.flags.ids).toBe('0x0A000001,0x0A000002,0x0A000003');
    expect(() =>
      parseCommand('export', ['d', '--out', 'a', '--out', 'b'], spec, { min: 1, max: 1, names: '<dat>' }),
    ).toThrow(/--out is given 2 times/);
  });

  it('a switch given twice is refused like a value (README: any repeat is exit 1)', () => {
    expect(() => parseCommand('explain', ['--mono', '--mono'], ENGINE_OPTION_SPEC, none)).toThrow(
      new UsageError('--mono is given 2 times: give it once', 'explain'),
    );
    const json = { json: { type: 'boolean' } } as const;
    const two = { min: 2, max: 2, names: '<dat> <id>' };
    expect(() => parseCommand('refs', ['d', '1', '--json', '--json'], json, two)).toThrow(
      new UsageError('--json is given 2 times: give it once', 'refs'),
    );
    expect(parseCommand('explain', ['--mono'], ENGINE_OPTION_SPEC, none).flags.mono).toBe(true);
  });
});

describe("parseArgs' errors are said in the project's words", () => {
  const problem = (args: string[]): string => {
    try {
      parseCommand('explain', args, ENGINE_OPTION_SPEC, none);
    } catch (e) {
      expect(e).toBeInstanceOf(UsageError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };
  it('a value option without its value, before another option, a switch with a value, an unknown option', () => {
    expect(problem(['--distance'])).toBe('--distance needs a value');
    expect(problem(['--distance', '--mono'])).toBe('--distance needs a value');
    expect(problem(['--mono=1'])).toBe('--mono takes no value');
    expect(problem(['-x'])).toBe('unknown option -x');
    for (const args of [['--distance'], ['--distance', '--mono'], ['--mono=1'], ['-x'], ['--nope']])
      expect(problem(args)).not.toMatch(/Option '|argument missing|ambiguous|Did you/);
  });

  it('an unknown option that looks like a file name (ends in .dat, or exists) says how to give it as one', () => {
    expect(problem(['-dash.dat'])).toBe(
      'unknown option -d; if "-dash.dat" is a file, put -- before it or write ./-dash.dat',
    );
    expect(problem(['--old.DAT'])).toBe(
      'unknown option --old.DAT; if "--old.DAT" is a file, put -- before it or write ./--old.DAT',
    );
    // nothing suggests a file: no hint
    expect(problem(['-xyz'])).toBe('unknown option -x');
    expect(problem(['--nope'])).toBe('unknown option --nope');
    // a name that exists in the working folder, whatever its ending
    const dir = mkdtempSync(join(tmpdir(), 'acsound-args-'));
    try {
      writeFileSync(join(dir, '-portal'), '');
      expect(unknownOptionHint('-p', ['-portal'], dir)).toBe(
        '; if "-portal" is a file, put -- before it or write ./-portal',
      );
      expect(unknownOptionHint('-q', ['-quiet'], dir)).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
