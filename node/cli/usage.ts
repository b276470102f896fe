import { SETTING_RANGES } from '../../core/engine/settings';
import { CLI_EXPORT_FORMATS, DEFAULT_EXPORT_FORMAT, EXPORT_FORMATS } from '../../core/export';
import { DEFAULT_NAME_TEMPLATE, NAME_TOKEN_HINTS, NAME_TOKENS } from '../../core/exportNames';

export { UsageError } from './usageError';

const R = SETTING_RANGES;
const slider = `${R['prefs.effectVolume'].min}..${R['prefs.effectVolume'].max}`;

/** The engine options, with the ranges of core/engine/settings.ts (the one settings parser). */
const ENGINE_OPTIONS = `Engine options (explain, render, play-table):
  --path P              sound-hook | tweaked-hook | network | table-hook (default) | ambient |
                        ambient-center | interface-table | interface-wave
  --distance D          metres from the listener, ${R.distance.min}..${R.distance.max} (default 0)
  --bearing B           degrees clockwise from the listener's facing, right = +90 (default 0);
                        any value is accepted and wrapped into (-180, 180] (400 → 40, -270 → 90,
                        -180 → 180, as the app does), and the wrapped value is what explain
                        prints and render names files with
  --volume V            the path's volume: row volume (table paths), descriptor volume (ambient),
                        wire volume (network), hook volume (tweaked-hook), ${R.volume.min}..${R.volume.max}
                        (the largest float32: the client holds every volume as one; default 1)
  --effect-volume X     effects slider ${slider} (default 1)
  --ambient-volume X    ambient slider ${slider} (default 1)
  --interface-volume X  interface slider ${slider} (default 1; unused in retail mode)
  --mono                mono output (pan forced to 0)
  --mode M              retail (default) | authored`;

/** Per-command usage lines and help. */
export const COMMAND_HELP: Record<string, string> = {
  info: `acsound info <dat> [--json]
  Header summary of a dat: format, block size, entry count, iteration, Wave and SoundTable counts.
  A dat whose header reads but whose B-tree cannot (truncated, corrupt) still shows the header's
  fields, the counts unknown (? / null) and the error beside them (--json: an "error" key); the
  exit code is the error's (2).`,
  list: `acsound list <dat> [--json]
  Every Wave and SoundTable. --json prints one JSON object:
  {"dat":{...},"waves":[...],"soundTables":[{"id","sounds":[{"soundType","name","entries":[...]}]}]}
  Ids are "0x" + 8 uppercase hex digits; float32 values print as their shortest round-trip
  decimal (0.7, not 0.699999988079071). Durations are the data duration: every complete frame in
  the Wave's data (an MP3 before any gapless trim; docs/formats/codecs.md).`,
  census: `acsound census <dat> [--json]
  Counts the dat's Waves by format tag, sample rate, channels, bits and header size (18/30/other),
  with compressed entries, lint warnings, errors, unused Waves, total duration and bytes; and its
  SoundTables' rows: sound types per table, multi-variant rows and those retail never picks (the
  last of each n >= 2), rows with probability < 1, volume != 1, priority != 0, Wave id 0 or a
  missing Wave, and each value's count. --json prints one JSON object with stable keys:
  {"waves":{"count","byFormatTag":[{"value","waves","durationSec","bytes"}],...},
   "soundTables":{"count","rows","unreachableInRetail","byPriority":[{"value","rows"}],...},
   "warnings":[...]} (the dat's warnings, as list prints them on stderr)`,
  export: `acsound export <dat> --out DIR [--ids 0x0A000001,0x0A000002] [--format ${CLI_EXPORT_FORMATS.join('|')}] [--name TEMPLATE] [--force]
  Writes Waves to DIR (made when the first file is written: an export that writes nothing leaves none):
${EXPORT_FORMATS.flatMap((f) => (f.cli === null ? [] : [`    ${f.format} = ${f.cli}`])).join('\n')}
  Default: all Waves, ${DEFAULT_EXPORT_FORMAT}. Files are written atomically; existing files are
  skipped unless --force, with exit 0 even when every file was: the summary line says
  "written 0, skipped N, failed 0". (As heard: acsound render.)
  --name TEMPLATE names the files (default ${DEFAULT_NAME_TEMPLATE}); "/" makes folders inside DIR. Tokens:
${NAME_TOKENS.map((t) => `    ${`{${t}}`.padEnd(11)} ${NAME_TOKEN_HINTS[t]}`).join('\n')}
  The first use is the lowest SoundTable id naming the Wave, then its first row in file order.
  Characters no file name may hold (< > : " \\ | ? * and control characters) become _, Windows
  reserved names (CON, NUL, COM1…) get a trailing _, empty folders and "." / ".." are dropped,
  and separators (_ - space .) an empty token leaves at a name's start or end are trimmed:
  {table}/{cue}_{id} gives 20000001/Footstep1_0A000012.wav for a used Wave, 0A000066.wav for an
  unused one. Equal names are numbered name_2, name_3 in id order (CON_, CON_2: a name ending
  in _ takes the number right after it); no file is dropped.`,
  explain: `acsound explain [engine options]
  The retail engine's decision for the settings as JSON, e.g.
  acsound explain --distance 10 --bearing 90
  → {"played":true,"reason":null,"g":0.25,"dB":-12,"setVolume":-1200,"pan":14,"setPan":1400,...}`,
  render: `acsound render <dat> <waveId> --distance D --bearing B [engine options] [--out FILE] [--force]
  Writes the Wave "as heard": stereo 16-bit WAV at the wave's own rate, each channel times its
  gain; in retail mode an MP3 or ADPCM Wave is written at 11025 Hz (the retail ACM conversion
  to 11025 Hz mono, as the client plays it). Default file name from the
  settings in the current folder, e.g. 0A000012_10m_+90deg.wav (--out FILE: a name ending in
  .wav), and beside it a JSON sidecar (0A000012_10m_+90deg.json) with the settings and the
  engine's decision. A play the engine does not hear (inaudible past the audible radius,
  e.g. --distance 95 at full volume, or skipped) is not rendered: it writes NOTHING, prints
  "not rendered, nothing written: …" with the reason and a hint (the audible radius: render at a
  --distance within it, or raise --volume or the slider), and exits 0.`,
  'play-table': `acsound play-table <dat> <tableId> <soundType> [--seed N] [--times N] [engine options]
  Plays a SoundTable's sound type as the game would (variant pick with ran2, probability gate
  with CRT rand, seeded) and prints one JSON line per roll. soundType: number, hex or name
  (55, 0x37, Footstep1). --seed: a whole number 0…4294967295 (default 1).`,
  graph: `acsound graph <dat> [--json]
  The dat's sound graph: every Setup (its SoundTable, MotionTable, PhysicsScriptTable, default
  script), every MotionTable's Animations, the Animations and PhysicsScripts with sound hooks,
  every Region's ambient sets, scene types and terrain types, and the objects that could not be
  read (errors; exit 0). --json prints one object:
  {"setups":[...],"motionTables":[...],"animations":[...],"physicsScripts":[...],"regions":[...],"errors":[...]}`,
  refs: `acsound refs <dat> <id> [--json]
  Every reference to an id (a Wave, SoundTable, Animation or PhysicsScript), one row per
  reference, sorted by the referring id: SoundTable rows, Animation and PhysicsScript hooks,
  Setup fields, Region ambient sets, MotionTables, PhysicsScriptTables. An id not in the dat is
  said to be so: with references to it anyway, they are listed ("inDat":false); with none, exit 2.
  --json: {"id":"0x0A000010","referencedBy":[{"from","kind",...}],"inDat":true}`,
  timeline: `acsound timeline <dat> <setupId> [--motion NAME|0xHEX] [--speed X] [--json]
  The sound events of a creature's motion in time (a hook on frame k fires at (k + 1 - low) / r;
  hooks on the high frame never fire), each resolved through the Setup's SoundTable and decided
  by the retail engine (0 m, sliders 1, seed 1). Default motion: the first that makes sounds
  played that way (one that sounds only in reverse is the default only at a negative speed, and
  one with no reverse sequence never is).
  --speed scales the frame rates (default 1; 0.1 to 4, as the app's Speed). A negative speed
  (-4 to -0.1) plays the motion in reverse, as the client does: reverse links, Backward and Both
  hooks fire, hooks on the low frame never; a motion the MotionTable has no reverse sequence for
  is a usage error (exit 1), as the app disables its Reverse.
  --json prints one line per event:
  {"t","frame","animation","hook","soundType","name","waveId","played","reason","dB","pan"}`,
  ambient: `acsound ambient <dat> --terrain T[,T…] [--scene S] [--seconds N] [--seed N] [--ambient-volume X] [--json] [--render out.wav] [--force]
  Runs the retail ambient scheduler (docs/ambient.md) over a 3×3 ring of landblocks of the dat's
  Region, the listener at the middle one's centre, for N seconds (default 60, at most 3600) with
  ran2/srand seeded by N (0…4294967295, default 1). --terrain: the Region's terrain type names (any case) or
  indices; one for the whole ring, or nine: the landblocks in row order, north-west first.
  --scene: the scene value (default 0), one of the terrain type's scene slots (a value past them
  is exit 1 naming the valid range). --ambient-volume: the ambient slider 0..1 (retail
  applies it twice). --json prints one line per event, in time order, with exactly the keys
  {"t","kind","set","soundType","name","played","reason","waveId","distance","bearing","dB","pan","slot"}
  (a failed intermittent roll: played false, reason "probability"); without it a readable log.
  --render writes the soundscape as heard: a stereo 16-bit 22050 Hz WAV (the name must end in .wav)
  plus a .json sidecar of the settings and events, atomically, never over an existing file unless
  --force (checked before anything runs); reports the peak and scales the mix down rather than clip.`,
};

/**
 * The rule for repeated options, stated in the help (node/cli/args.ts `parseCommand` applies it):
 * a list option (`list: true` in the command's spec, e.g. --ids, --terrain) accumulates — each
 * occurrence adds its comma-separated values — and every other value option is given once (a
 * repeat is exit 1). `listOptions` are the list options' names without `--`; for one command,
 * those of that command, for the general help, those of every command.
 */
export function repeatRule(listOptions: readonly string[]): string {
  const names = listOptions.map((o) => `--${o}`);
  if (names.length === 0) return 'Each option is given once: a repeated option is refused (exit 1).';
  const ex = names[0]!;
  return `${names.join(' and ')} ${names.length === 1 ? 'is a list option' : 'are list options'}: given more than once, the lists add up
  (${ex} A ${ex} B,C is ${ex} A,B,C). Every other option is given once: a repeat is refused (exit 1).`;
}

/** The general usage text; `listOptions`: every command's list options ({@link repeatRule}). */
export function usageText(listOptions: readonly string[] = []): string {
  return `Usage: acsound <command> [arguments]

Commands:
${Object.values(COMMAND_HELP)
  .map((h) => '  ' + h.split('\n')[0])
  .join('\n')}
  acsound help [command]     this text, or a command's help
  acsound --version          the version

${ENGINE_OPTIONS}

Options: ${repeatRule(listOptions)}

Exit codes: 0 ok, 1 usage, 2 invalid or corrupt input, 3 I/O error.
Ids are hex, with or without 0x, any case.
`;
}

/** The general usage in short: the command names (what a usage error without a command shows). */
export function shortUsage(): string {
  return `Usage: acsound <command> [arguments]
Commands: ${Object.keys(COMMAND_HELP).join(', ')}
Run "acsound help" for the options and exit codes, "acsound help <command>" for one command.
`;
}

/**
 * What a usage error prints after its one-line message: the command's own synopsis (not its
 * whole help) and where to read more; the short command list when there is no command.
 */
export function usageHint(command: string | null): string {
  const h = command === null ? undefined : COMMAND_HELP[command];
  if (!h) return shortUsage();
  return `Usage: ${h.split('\n')[0]}
Run "acsound help ${command}" for details.
`;
}

/** The help of `acsound help` itself (`acsound help help`): the usage lists it as a command. */
export const HELP_HELP = `Usage: acsound help [command]
  Prints the general usage (commands, engine options, the repeat rule, exit codes), or with a
  command, that command's help: its arguments, options and output. "acsound <command> --help"
  is the same.
Commands: ${Object.keys(COMMAND_HELP).join(', ')}, help
`;

/**
 * Help for one command (its usage, description, the repeat rule for its options and, where
 * relevant, the engine options); `listOptions`: the command's list options ({@link repeatRule}).
 */
export function commandHelp(command: string, listOptions: readonly string[] = []): string {
  const h = COMMAND_HELP[command];
  if (!h) return usageText(listOptions);
  const engine = command === 'explain' || command === 'render' || command === 'play-table';
  return `Usage: ${h}\n  ${repeatRule(listOptions)}\n${engine ? '\n' + ENGINE_OPTIONS + '\n' : ''}`;
}
