/**
 * `acsound graph`, `acsound refs` and `acsound timeline` (issue #7 "CLI"): the dat's sound graph,
 * every reference to an id, and a creature motion's sound events in time. Each opens the dat with
 * the service and builds the graph in the foreground. Exit 0 when only objects fail (they are
 * listed in `errors` / on stderr); 2 when the dat itself is unreadable.
 */
import type { Shared, SoundGraphData, Timeline, TimelineScriptCall } from '../../../core/contract';
import { reasonText } from '../../../core/engine';
import { hex8, NotFoundError } from '../../../core/errors';
import { motionByName, motionName, motionSpeedProblem } from '../../../core/graph';
import { isNoReverseSequence, noReverseSequenceText } from '../../../core/graph/reversePlay';
import { flagTyped, numberFlag, type Flags } from '../args';
import { errorLine, graphJson, refsJson, referenceJson, timelineEventJson } from '../graphJson';
import { shortestFloat32 } from '../float32';
import { parseId } from '../ids';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { UsageError } from '../usage';
import { withService } from './openDat';

function reportErrors(io: CliIo, g: Shared<SoundGraphData>): void {
  for (const w of g.warnings) io.err(`warning: ${w}\n`);
  if (g.errors.length > 0)
    io.err(`warning: ${g.errors.length} object(s) could not be read; they are listed in errors\n`);
}

const dash = (v: number | null): string => (v === null ? '-' : hex8(v));

/** `acsound graph <dat> [--json]`. */
export async function graphCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  return withService(path!, io.cwd, async (s) => {
    const g = await s.getSoundGraph();
    if (flags.json) {
      io.out(JSON.stringify(graphJson(g)) + '\n');
    } else {
      io.out(`Setups (${g.setups.length})\n`);
      io.out(
        formatTable(
          ['id', 'soundTable', 'motionTable', 'scriptTable', 'defaultScript'],
          g.setups.map((x) => [
            hex8(x.id),
            dash(x.soundTable),
            dash(x.motionTable),
            dash(x.physicsScriptTable),
            dash(x.defaultScript),
          ]),
        ),
      );
      io.out(`\nMotionTables (${g.motionTables.length})\n`);
      io.out(
        formatTable(
          ['id', 'animations'],
          g.motionTables.map((t) => [hex8(t.id), t.animations.map(hex8).join(' ')]),
        ),
      );
      io.out(`\nAnimations with sound hooks (${g.animations.length})\n`);
      io.out(
        formatTable(
          ['id', 'frames', 'frame', 'direction', 'hook', 'sound'],
          g.animations.flatMap((a) =>
            a.soundHooks.map((h) => [
              hex8(a.id),
              String(a.frames),
              String(h.frame),
              h.direction,
              h.hook,
              h.hook === 'SoundTable' ? `${h.name} (${h.soundType})` : hex8(h.waveId),
            ]),
          ),
          new Set([1, 2]),
        ),
      );
      io.out(`\nPhysicsScripts with sound hooks (${g.physicsScripts.length})\n`);
      io.out(
        formatTable(
          ['id', 'time', 'hook', 'sound'],
          g.physicsScripts.flatMap((p) =>
            p.soundHooks.map((h) => [
              hex8(p.id),
              String(h.time),
              h.hook,
              h.hook === 'SoundTable' ? `${h.name} (${h.soundType})` : hex8(h.waveId),
            ]),
          ),
          new Set([1]),
        ),
      );
      io.out(`\nRegion ambient sets\n`);
      io.out(
        formatTable(
          ['region', 'set', 'soundTable', 'sound', 'volume', 'baseChance', 'rate (s)'],
          g.regions.flatMap((r) =>
            r.ambientSets.flatMap((a) =>
              a.sounds.map((x) => [
                `${hex8(r.id)} ${r.name}`,
                String(a.index),
                hex8(a.soundTable),
                `${x.name} (${x.soundType})`,
                String(shortestFloat32(x.volume)),
                String(shortestFloat32(x.baseChance)),
                `${shortestFloat32(x.minRate)}–${shortestFloat32(x.maxRate)}`,
              ]),
            ),
          ),
          new Set([1, 4, 5]),
        ),
      );
      if (g.errors.length > 0) {
        io.out(`\nErrors (${g.errors.length})\n`);
        io.out(
          formatTable(
            ['id', 'error'],
            g.errors.map((e) => [hex8(e.id), errorLine(e)]),
          ),
        );
      }
    }
    reportErrors(io, g);
    return 0;
  });
}

/** `acsound refs <dat> <id> [--json]`. */
export async function refsCommand(io: CliIo, [path, idText]: string[], flags: Flags): Promise<number> {
  const target = parseId(idText!, 'id');
  return withService(path!, io.cwd, async (s) => {
    const refs = await s.getReferences(target);
    const inDat = await s.hasObject(target);
    // a mistyped id must not read as an unused one: not in the dat and named by nothing is exit 2
    if (!inDat && refs.length === 0) {
      const e = new NotFoundError(target); // "object 0x0A009999 is not in the dat"
      e.message += ', and no object references it';
      throw e;
    }
    if (flags.json) {
      io.out(JSON.stringify(refsJson(target, refs, inDat)) + '\n');
    } else {
      io.out(
        inDat
          ? `${hex8(target)} is referenced by ${refs.length} object field(s)\n`
          : `${hex8(target)} is not in the dat, but ${refs.length} object field(s) reference it\n`,
      );
      // no rows, no table (a header over nothing reads as a listing that failed)
      if (refs.length > 0)
        io.out(
          formatTable(
            ['from', 'kind', 'where'],
            refs.map((r) => {
              const { from: _f, kind: _k, ...where } = referenceJson(r);
              return [
                hex8(r.from),
                r.kind,
                Object.entries(where)
                  .map(([k, v]) => `${k} ${String(v)}`)
                  .join(', '),
              ];
            }),
          ),
        );
    }
    const errors = (await s.getGraphStatus()).errorCount;
    if (errors > 0)
      io.err(`warning: ${errors} object(s) could not be read (see acsound graph); their references are missing\n`);
    return 0;
  });
}

/** A `--motion` value: a MotionCommand name (WalkForward, any case) or a hex value (0x45000005). */
export function parseMotion(text: string): number {
  const byName = motionByName(text.trim());
  if (byName !== null) return byName;
  if (/^0[xX][0-9a-fA-F]{1,8}$/.test(text.trim())) return parseId(text, '--motion');
  throw new UsageError(
    `--motion: "${text}" is not a motion name (WalkForward, AttackHigh1, Dead…) or a hex MotionCommand (0x10000062)`,
  );
}

/**
 * One script call in words: when it fired, from where, the hook and its script, its pause and delay
 * (CallPES), when the script started, or why its sounds are not shown. E.g. `0.200 s frame 5 of
 * 0x03000003: CallPES 0x33000001, pause 0.5 s, delay 0.250 s, started at 0.450 s (1 sound hook)`;
 * `0.100 s frame 2 of 0x03000011: DefaultScript 0x33000001 (the Setup's default script), delay
 * 0.000 s, started at 0.100 s (1 sound hook)`; `0.133 s frame 3 of 0x03000020: DefaultScriptPart
 * (part 1) is indirect: not expanded`.
 */
function scriptCallText(c: TimelineScriptCall): string {
  const from = c.caller === null ? `frame ${c.frame} of ${hex8(c.animation)}` : `PhysicsScript ${hex8(c.caller)}`;
  let what: string;
  if (c.hook === 'CallPES') what = `CallPES ${hex8(c.scriptId)}, pause ${c.pause} s`;
  else if (c.hook === 'DefaultScript' && c.status !== 'no-default-script')
    what = `DefaultScript ${hex8(c.scriptId)} (the Setup's default script)`;
  else return `${c.t.toFixed(3)} s ${from}: ${c.problem}`; // the note names the hook
  const head = `${c.t.toFixed(3)} s ${from}: ${what}`;
  if (c.problem !== null) return `${head}: ${c.problem}`;
  const n = `${c.soundHookCount} sound hook${c.soundHookCount === 1 ? '' : 's'}`;
  return `${head}, delay ${c.delay.toFixed(3)} s, started at ${c.start!.toFixed(3)} s${c.queued ? ' (queued behind a running script)' : ''} (${n})`;
}

/**
 * The line `acsound timeline` prints for a motion none of whose hooks sounds at its speed:
 * `No sound hook of Dead fires at speed -1 (in reverse only Backward and Both hooks fire).`
 */
function noSoundEventsText(t: Pick<Timeline, 'motionName' | 'speed'>): string {
  const reverse = t.speed < 0 ? ' (in reverse only Backward and Both hooks fire)' : '';
  return `No sound hook of ${t.motionName} fires at speed ${t.speed}${reverse}.\n`;
}

/** `acsound timeline <dat> <setupId> [--motion NAME|0xHEX] [--speed X] [--json]`. */
export async function timelineCommand(io: CliIo, [path, setupText]: string[], flags: Flags): Promise<number> {
  const setupId = parseId(setupText!, 'setupId');
  const motion = typeof flags.motion === 'string' ? parseMotion(flags.motion) : null;
  const speed = numberFlag(flags, 'speed', 1);
  const typedSpeed = flagTyped(flags, 'speed', speed); // echoed as typed: `"1e308"`, not `1e+308`
  const speedProblem = motionSpeedProblem(speed, typedSpeed); // |speed| 0.1–4, the app's Speed field's rule
  if (speedProblem !== null) throw new UsageError(`--speed: ${speedProblem}`);
  return withService(path!, io.cwd, async (s) => {
    const t: Timeline = await s.getTimeline({ setupId, motion, speed }).catch((e: unknown) => {
      // the client cannot play this motion backwards: not bad data but a speed this motion does not
      // take — the app disables its Reverse with this reason (docs/sound-graph.md §3): exit 1, with
      // what the client can play backwards instead. Thrown in this process, the error names its
      // motion; one without is rethrown as it is.
      if (isNoReverseSequence(e) && e.motion !== undefined) {
        const text = noReverseSequenceText(motionName(e.motion), e.reversible ?? []);
        throw new UsageError(`--speed ${typedSpeed}: ${text.replace(/\.$/, '')}`, 'timeline');
      }
      throw e;
    });
    if (flags.json) {
      for (const e of t.events) io.out(JSON.stringify(timelineEventJson(e)) + '\n');
      // stdout holds only event lines: a script whose sounds are not shown is said on stderr
      for (const c of t.scriptCalls) if (c.problem !== null) io.err(`note: ${scriptCallText(c)}\n`);
    } else {
      io.out(
        `${hex8(t.setupId)} ${t.motionName} (${hex8(t.motion)}) in ${motionName(t.style)}, speed ${t.speed}: ${t.duration.toFixed(3)} s${t.cyclic ? ', cyclic (repeats)' : ''}; SoundTable ${t.soundTable === null ? '-' : hex8(t.soundTable)}\n`,
      );
      // no sound events: said in words, as the app's caption does, not an empty table
      if (t.events.length === 0) io.out(noSoundEventsText(t));
      else
        io.out(
          formatTable(
            ['t (s)', 'frame', 'animation', 'hook', 'via', 'sound', 'wave', 'played', 'dB', 'pan'],
            t.events.map((e) => [
              e.t.toFixed(3),
              String(e.frame),
              hex8(e.animation),
              e.hook,
              e.script === null ? '' : `${hex8(e.script)} +${e.scriptTime!.toFixed(3)}`,
              e.name === null ? '' : `${e.name} (${e.soundType})`,
              e.waveId === null ? '-' : hex8(e.waveId),
              e.decision.played
                ? 'yes'
                : // why, in the app's words (core/engine reasonText), never the reason's code
                  `no: ${e.decision.reason ? reasonText(e.decision.reason, e.decision.path, e.decision.problem) : 'not played'}`,
              e.decision.dB === null ? '' : String(e.decision.dB),
              e.decision.pan === null ? '' : String(e.decision.pan),
            ]),
            new Set([0, 1, 8, 9]),
          ),
        );
      if (t.scriptCalls.length > 0) {
        io.out(`\nScript hooks, CallPES and DefaultScript (their scripts' sounds are in the table, "via"):\n`);
        for (const c of t.scriptCalls) io.out(`  ${scriptCallText(c)}\n`);
      }
    }
    return 0;
  });
}
