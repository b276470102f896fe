import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
// the settings module, not the core/engine barrel: the CLI's entry imports this file (issue #9)
import { numberTextProblem, parseSettings, typedNumber } from '../../core/engine/settings';
import { DEFAULT_SETTINGS, type EngineSettings } from '../../core/engine/types';
import { UsageError } from './usageError';

/**
 * Option spec as node:util parseArgs takes it (strings and booleans only), plus `list`: a
 * comma-separated list option (`--ids`, `--terrain`), which may be given more than once (the
 * values are joined with commas); any other option given twice is refused.
 */
export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; list?: boolean }>;

/** The engine options shared by explain, render and play-table. */
export const ENGINE_OPTION_SPEC = {
  path: { type: 'string' },
  distance: { type: 'string' },
  bearing: { type: 'string' },
  volume: { type: 'string' },
  'effect-volume': { type: 'string' },
  'ambient-volume': { type: 'string' },
  'interface-volume': { type: 'string' },
  mono: { type: 'boolean' },
  mode: { type: 'string' },
} as const satisfies OptionSpec;

/** Parsed flags: strings for value options, booleans for switches. */
export type Flags = Record<string, string | boolean | undefined>;

/**
 * Parses one command's arguments with `node:util` parseArgs in strict mode (unknown flags are
 * errors). `--bearing -90` is accepted: a value option followed by a negative number is joined
 * into `--bearing=-90` first (parseArgs alone calls it ambiguous). A value option given twice
 * (`--distance 10 --distance 20`) is refused rather than the last one silently winning, unless
 * it is a `list` option, whose values are joined with commas; a switch given twice (`--json
 * --json`) is refused the same way. parseArgs' own errors are said in the project's words
 * ({@link parseArgsProblem}).
 * @throws UsageError (exit 1) for unknown flags, missing values, a repeated option, or the
 *   wrong number of positionals
 */
export function parseCommand(
  command: string,
  argv: readonly string[],
  spec: OptionSpec,
  positionals: { min: number; max: number; names: string },
): { flags: Flags; positionals: string[] } {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const name = a.startsWith('--') ? a.slice(2) : null;
    if (name !== null && spec[name]?.type === 'string' && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      joined.push(`${a}=${next}`);
      i++;
    } else {
      joined.push(a);
    }
  }
  let parsed: { values: Flags; positionals: string[]; tokens: { kind: string; name?: string; value?: string }[] };
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}) }]),
  );
  try {
    parsed = parseArgs({
      args: joined,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
      tokens: true,
    }) as typeof parsed;
  } catch (e) {
    throw new UsageError(parseArgsProblem(e, argv), command);
  }
  // every option is given once (README "Command line"): a repeated switch is refused like a
  // repeated value; only a `list` option adds up
  const given = new Map<string, string[]>();
  for (const t of parsed.tokens) {
    if (t.kind !== 'option' || t.name === undefined) continue;
    given.set(t.name, [...(given.get(t.name) ?? []), t.value ?? '']);
  }
  for (const [name, values] of given) {
    if (values.length < 2) continue;
    const o = spec[name];
    if (o?.list) parsed.values[name] = values.join(',');
    else
      throw new UsageError(
        o?.type === 'string'
          ? `--${name} is given ${values.length} times (${values.map((v) => JSON.stringify(v)).join(', ')}): give it once`
          : `--${name} is given ${values.length} times: give it once`,
        command,
      );
  }
  if (parsed.values.help) return { flags: parsed.values, positionals: parsed.positionals };
  const n = parsed.positionals.length;
  if (n < positionals.min) throw new UsageError(`missing ${positionals.names.split(' ').slice(n).join(' ')}`, command);
  if (n > positionals.max)
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals.max]}"`, command);
  return { flags: parsed.values, positionals: parsed.positionals };
}

/**
 * A `node:util` parseArgs error in plain words: `unknown option -x` (with {@link unknownOptionHint}'s
 * hint when the argument `argv` held looks like a file name), `--distance needs a value`
 * (also for `--distance --mono`, which parseArgs calls ambiguous), `--json takes no value`
 * (`--json=1`). Any other parseArgs error keeps its first line without Node's wording of the
 * option (`'--x <value>'`).
 */
export function parseArgsProblem(e: unknown, argv: readonly string[] = []): string {
  const code = (e as { code?: string }).code;
  const text = e instanceof Error ? e.message : String(e);
  const option = /Option '(-[^' ]+)(?: <value>)?'/.exec(text)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const unknown = /Unknown option '([^']+)'/.exec(text);
    if (unknown) return `unknown option ${unknown[1]}${unknownOptionHint(unknown[1]!, argv)}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    if (/does not take an argument/.test(text)) return `${option} takes no value`;
    return `${option} needs a value`;
  }
  return text.split('\n')[0]!.replace(/'(-[^' ]+) <value>'/g, '$1');
}

/**
 * The hint after `unknown option -d` when the argument it came from looks like a file name — it
 * ends in `.dat` (any case) or names something that exists, relative to `cwd` —: `-dash.dat` is
 * read as the options `-d -a -s …`, so say how to give it as a file: `; if "-dash.dat" is a file,
 * put -- before it or write ./-dash.dat`. '' otherwise (and for arguments after `--`).
 */
export function unknownOptionHint(unknown: string, argv: readonly string[], cwd: string = process.cwd()): string {
  for (const arg of argv) {
    if (arg === '--') break;
    const from = arg === unknown || (!unknown.startsWith('--') && !arg.startsWith('--') && arg.startsWith(unknown));
    if (!from) continue;
    if (!/\.dat$/i.test(arg) && !existsSync(resolve(cwd, arg))) return '';
    return `; if ${JSON.stringify(arg)} is a file, put -- before it or write ./${arg}`;
  }
  return '';
}

/**
 * A number option, decimal only (`0x10` is refused: core/engine `numberTextProblem`). Messages
 * echo the value as typed, in quotes ({@link flagTyped}): `--times 1e7` is `"1e7" is above 1000000`.
 * @throws UsageError when not a finite decimal number or outside [min, max].
 */
export function numberFlag(
  flags: Flags,
  name: string,
  fallback: number,
  range: { min?: number; max?: number } = {},
): number {
  const v = flags[name];
  if (v === undefined) return fallback;
  const problem = numberTextProblem(v);
  if (problem !== null) throw new UsageError(`--${name}: ${problem}`);
  const n = Number((v as string).trim());
  const typed = flagTyped(flags, name, n);
  if (range.min !== undefined && n < range.min) throw new UsageError(`--${name}: ${typed} is below ${range.min}`);
  if (range.max !== undefined && n > range.max) throw new UsageError(`--${name}: ${typed} is above ${range.max}`);
  return n;
}

/** An integer option. @throws UsageError when not an integer in [min, max]. */
export function integerFlag(flags: Flags, name: string, fallback: number, range: { min: number; max: number }): number {
  const n = numberFlag(flags, name, fallback, range);
  if (!Number.isInteger(n)) throw new UsageError(`--${name}: ${flagTyped(flags, name, n)} is not an integer`);
  return n;
}

/**
 * A number option as its messages echo it: the text typed after `--name`, exactly and in quotes,
 * or `n` (its value) when the option was not given — core/engine/settings `typedNumber`, the one
 * echo of every number option (`--seed 1e308` says `"1e308" is above 4294967295`, not the parsed
 * `1e+308`; `--effect-volume " 5"` says `" 5" is above 1`).
 */
export function flagTyped(flags: Flags, name: string, n: number): string {
  const v = flags[name];
  return typedNumber(typeof v === 'string' ? v : n);
}

/** A string option restricted to `choices`. @throws UsageError otherwise */
export function choiceFlag<T extends string>(flags: Flags, name: string, choices: readonly T[], fallback: T): T {
  const v = flags[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !choices.includes(v as T))
    throw new UsageError(`--${name}: "${String(v)}" is not one of ${choices.join(', ')}`);
  return v as T;
}

/**
 * Builds the engine settings from the engine options with core/engine/settings.ts `parseSettings`,
 * the one settings parser (the service and the renderer use it too): defaults table-hook, retail,
 * 0 m, 0°, volume 1, sliders 1, stereo; distance 0..200 m; sliders 0..1; volume 0..3.4028235e38
 * (`MAX_VOLUME`, the largest float32); bearing any finite number of degrees, wrapped into
 * (−180, 180] (400 → 40, −180 → 180: what explain prints and render names its file with). Messages name the option: `--effect-volume: "7" is above 1`.
 * @throws SettingsError (exit 1, printed like a usage error) for a bad value
 */
export function engineSettings(flags: Flags): EngineSettings {
  return parseSettings(
    {
      path: flags.path,
      mode: flags.mode,
      distance: flags.distance,
      bearingDeg: flags.bearing,
      volume: flags.volume,
      prefs: {
        effectVolume: flags['effect-volume'],
        ambientVolume: flags['ambient-volume'],
        interfaceVolume: flags['interface-volume'],
        mono: flags.mono === true,
      },
    },
    { defaults: DEFAULT_SETTINGS, naming: 'flag' },
  );
}
