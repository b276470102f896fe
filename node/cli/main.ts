/**
 * `acsound`: the command-line front door of the sound service (issue 2 §3, issue 3 §3).
 * Bundled by scripts/build-node.mjs twice behind out/cli/acsound.cjs (the package `bin`, a router;
 * acsound.mjs, an ES module, only imports it):
 * out/cli/list.cjs for `acsound list` (one file, only what list runs) and out/cli/main.mjs + chunks
 * for every other command.
 *
 * Exit codes: 0 ok, 1 usage (one line naming the problem + the command's usage line on stderr), 2 invalid or corrupt input (one line
 * on stderr, no stack trace), 3 I/O error. The stderr line is in plain words (core/errors `userMessage`, no class name);
 * a command run with `--json` also prints the error's wire shape on stdout, `{"error":{"name","message","code","details"}}` (core/envelope `errorRecord`: all four keys, null when absent).
 * Set ACSOUND_DEBUG=1 to also print the error's class and details and its stack trace on stderr.
 */
import { pathToFileURL } from 'node:url';
import { errorRecord } from '../../core/envelope';
import { SettingsError } from '../../core/errors';
import { packageVersion } from '../paths';
import { ENGINE_OPTION_SPEC, parseCommand, type Flags, type OptionSpec } from './args';
import { EXIT, exitCodeFor, oneLine, reportError } from './exitCodes';
import { processIo, type CliIo } from './io';
import { UsageError } from './usageError';
import type * as UsageModule from './usage';

/** The help texts (./usage.ts), loaded only for help and usage errors: a command run never parses them. */
const usage = (): Promise<typeof UsageModule> => import('./usage');

interface Command {
  spec: OptionSpec;
  positionals: { min: number; max: number; names: string };
  /**
   * Loads the command's module when it runs (issue #9): `acsound list` never loads the graph,
   * engine, ambient or MP3 decoder code (main.mjs's build emits each as its own chunk; list.cjs's
   * leaves out every command but list).
   */
  run: (io: CliIo, positionals: string[], flags: Flags) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  info: {
    spec: { json: { type: 'boolean' } },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/info').then((m) => m.infoCommand(io, p, f)),
  },
  list: {
    spec: { json: { type: 'boolean' } },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/list').then((m) => m.listCommand(io, p, f)),
  },
  census: {
    spec: { json: { type: 'boolean' } },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/census').then((m) => m.censusCommand(io, p, f)),
  },
  export: {
    spec: {
      out: { type: 'string' },
      ids: { type: 'string', list: true },
      format: { type: 'string' },
      name: { type: 'string' },
      force: { type: 'boolean' },
    },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/export').then((m) => m.exportCommand(io, p, f)),
  },
  explain: {
    spec: ENGINE_OPTION_SPEC,
    positionals: { min: 0, max: 0, names: '' },
    run: (io, p, f) => import('./commands/explain').then((m) => m.explainCommand(io, p, f)),
  },
  render: {
    spec: { ...ENGINE_OPTION_SPEC, out: { type: 'string' }, force: { type: 'boolean' } },
    positionals: { min: 2, max: 2, names: '<dat> <waveId>' },
    run: (io, p, f) => import('./commands/render').then((m) => m.renderCommand(io, p, f)),
  },
  ambient: {
    spec: {
      terrain: { type: 'string', list: true },
      scene: { type: 'string' },
      seconds: { type: 'string' },
      seed: { type: 'string' },
      'ambient-volume': { type: 'string' },
      json: { type: 'boolean' },
      render: { type: 'string' },
      force: { type: 'boolean' },
    },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/ambient').then((m) => m.ambientCommand(io, p, f)),
  },
  'play-table': {
    spec: { ...ENGINE_OPTION_SPEC, seed: { type: 'string' }, times: { type: 'string' } },
    positionals: { min: 3, max: 3, names: '<dat> <tableId> <soundType>' },
    run: (io, p, f) => import('./commands/playTable').then((m) => m.playTableCommand(io, p, f)),
  },
  graph: {
    spec: { json: { type: 'boolean' } },
    positionals: { min: 1, max: 1, names: '<dat>' },
    run: (io, p, f) => import('./commands/graph').then((m) => m.graphCommand(io, p, f)),
  },
  refs: {
    spec: { json: { type: 'boolean' } },
    positionals: { min: 2, max: 2, names: '<dat> <id>' },
    run: (io, p, f) => import('./commands/graph').then((m) => m.refsCommand(io, p, f)),
  },
  timeline: {
    spec: { json: { type: 'boolean' }, motion: { type: 'string' }, speed: { type: 'string' } },
    positionals: { min: 2, max: 2, names: '<dat> <setupId>' },
    run: (io, p, f) => import('./commands/graph').then((m) => m.timelineCommand(io, p, f)),
  },
};

/** The list options (accumulating when repeated) of one command, or of every command (sorted, once each). */
function listOptions(command?: string): string[] {
  const specs = command === undefined ? Object.values(COMMANDS) : [COMMANDS[command]!];
  const names = specs.flatMap((c) => Object.entries(c.spec).flatMap(([n, o]) => (o.list ? [n] : [])));
  return [...new Set(names)].sort();
}

/**
 * Runs the CLI on `argv` (without `node` and the script) and returns the exit code. Never throws:
 * every error is reported on `io.err` and mapped by `exitCodeFor`.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [first, ...rest] = argv;
  let json = false;
  try {
    if (first === undefined) throw new UsageError('no command given');
    if (first === '--help' || first === '-h' || first === 'help') {
      const topic = first === 'help' ? rest[0] : undefined;
      const { COMMAND_HELP, HELP_HELP, commandHelp, usageText } = await usage();
      if (topic === 'help') {
        io.out(HELP_HELP); // the usage lists `acsound help [command]`: help has its own help too
        return EXIT.ok;
      }
      if (topic !== undefined && !COMMAND_HELP[topic]) throw new UsageError(`unknown command "${topic}"`);
      io.out(topic ? commandHelp(topic, COMMANDS[topic] ? listOptions(topic) : []) : usageText(listOptions()));
      return EXIT.ok;
    }
    if (first === '--version' || first === '-V' || first === 'version') {
      io.out(`acsound ${packageVersion()}\n`);
      return EXIT.ok;
    }
    const cmd = COMMANDS[first];
    if (!cmd)
      throw new UsageError(
        first.startsWith('-') ? `unknown option "${first}" (a command comes first)` : `unknown command "${first}"`,
      );
    const { flags, positionals } = parseCommand(first, rest, cmd.spec, cmd.positionals);
    json = flags.json === true;
    if (flags.help) {
      io.out((await usage()).commandHelp(first, listOptions(first)));
      return EXIT.ok;
    }
    return await cmd.run(io, positionals, flags);
  } catch (e) {
    const code = exitCodeFor(e);
    if (e instanceof UsageError || e instanceof SettingsError) {
      // One line naming the problem, then the command's own usage line (never the whole help).
      const command =
        (e instanceof UsageError ? e.command : null) ?? (first !== undefined && COMMANDS[first] ? first : null);
      io.err(`acsound${command ? ' ' + command : ''}: ${e.message}\n${(await usage()).usageHint(command)}`);
    } else {
      reportError(io, e);
    }
    // the class, code and details, for scripts: the wire shape (core/errors ErrorData); also when
    // the arguments did not parse but asked for --json (`acsound list --json` with no dat)
    if (json || jsonAsked(first, rest)) io.out(JSON.stringify({ error: errorRecord(e) }) + '\n');
    return code;
  }
}

/** Whether `args` (a command's, before any `--`) hold `--json` and the command takes it: for errors before the flags parse. */
function jsonAsked(command: string | undefined, args: readonly string[]): boolean {
  if (command === undefined || COMMANDS[command]?.spec.json === undefined) return false;
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).includes('--json');
}

/**
 * The mark the CLI's router (out/cli/acsound.cjs, also when acsound.mjs imports it;
 * scripts/build-node.mjs) sets on `globalThis` before it loads this bundle: run the CLI. Whatever the bin is called — a copy, a
 * symlink of any name, npm's link — the router is what ran (issue #9 review: a link named other
 * than `acsound` printed nothing and exited 0).
 */
export const CLI_ENTRY = Symbol.for('acsound.cli.entry');

/** True when this module is the program being run (through a router, or as the file itself), not imported by a test. */
function isMain(): boolean {
  if ((globalThis as Record<symbol, unknown>)[CLI_ENTRY] === true) return true;
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(entry).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  // `acsound list x.dat --json | head -c 600`: a closed pipe ends the output quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`acsound: ${oneLine(e)}\n`);
      process.exitCode = EXIT.invalid;
    },
  );
}
