/**
 * CallPES expansion in motion timelines (docs/sound-graph.md "CallPES in timelines"; shared spec
 * sound-sources §4.2): a CallPES hook (type 0x13) runs a PhysicsScript after a delay, and that
 * script's own Sound / SoundTable / SoundTweaked hooks then fire at their start times; its CallPES
 * hooks call further scripts. Pure scheduling over scripts read beforehand ({@link loadCalledScripts}).
 *
 * The rules, each in one function:
 * - the delay: a pause ≥ 0.0002 s waits `RollDice(0, pause)` (uniform in [0, pause]); a smaller
 *   pause plays the script at once, with no draw ({@link callDelay});
 * - the object's script queue: a script that arrives while another script of the object is still
 *   running starts when the running one's last hook fires (`previous.start + previous.length`);
 *   otherwise it starts on arrival ({@link ScriptQueue});
 * - each script entry fires at `script start + entry.start_time`, in the client's order (sorted by
 *   time, stable); the direction of a script entry is ignored;
 * - guards: a script already on the call chain is not expanded again (a cycle would never end in
 *   the game either) and a chain deeper than {@link MAX_SCRIPT_DEPTH} is cut; a script that is not
 *   in the dat, is not a PhysicsScript id, or cannot be read is named with why. Each case is a
 *   {@link TimelineScriptCall} with its `status` and a plain `problem` sentence.
 *
 * DefaultScript hooks (type 0x11) take the same path (docs/sound-graph.md "DefaultScript in
 * timelines"). Shared spec sound-sources §2.4: DefaultScript "indirect: plays the object's default
 * script"; §1.3: the object's default script is its Setup's `default_script_id` (0 = none); §3.4
 * step 4: "Also collect CallPES / DefaultScript hooks and expand them through §4." So a DefaultScript
 * hook is a call of the Setup's default script with no pause ({@link hookCallTarget}): it starts at
 * once (no draw), through the same queue, with the same guards. A Setup without a default script
 * leaves the hook as a call with status `no-default-script`. DefaultScriptPart (0x12) is only
 * "indirect" in the spec: it is listed with status `indirect` and not expanded.
 */
import { PHYSICS_SCRIPT_RANGE } from '../dat/ranges';
import type { RandomSources } from '../engine';
import { rollDice } from '../engine/ambient/rollDice';
import { errorToData, hex8, userMessage } from '../errors';
import type { AnimationHook, PhysicsScript } from '../objects';
import { parsePhysicsScript, physicsScriptLength } from '../objects';
import type { ScriptHookType, TimelineScriptCall } from './types';

/** Calls nested deeper than this (the animation's own CallPES is depth 1) are not expanded. */
export const MAX_SCRIPT_DEPTH = 8;

/** Below this pause the client plays the called script at once (`CPhysicsObj::CallPES`, F_EPSILON). */
export const CALL_PES_MIN_PAUSE = 0.0002;

/**
 * What a script hook calls (sound-sources §2.4, §1.3): CallPES its `scriptId` after its `pause`;
 * DefaultScript the Setup's default script (`defaultScript`, null = none) at once (pause 0);
 * DefaultScriptPart nothing known (`scriptId` null, `indirect`). Null for any other hook.
 */
export function hookCallTarget(
  hook: AnimationHook,
  defaultScript: number | null,
): { hook: ScriptHookType; scriptId: number | null; pause: number; partIndex: number | null } | null {
  switch (hook.type) {
    case 'CallPES':
      return { hook: 'CallPES', scriptId: hook.scriptId >>> 0, pause: hook.pause, partIndex: null };
    case 'DefaultScript':
      return {
        hook: 'DefaultScript',
        scriptId: defaultScript === null ? null : defaultScript >>> 0,
        pause: 0,
        partIndex: null,
      };
    case 'DefaultScriptPart':
      return { hook: 'DefaultScriptPart', scriptId: null, pause: 0, partIndex: hook.partIndex >>> 0 };
    default:
      return null;
  }
}

/** A called script as read: parsed, or why it cannot be expanded. */
export type LoadedScript =
  { script: PhysicsScript; length: number } | { problem: string; status: 'missing' | 'unreadable' };

/**
 * The delay before a called script arrives (sound-sources §4.2): `RollDice(0, pause)` from `random`
 * when `pause` ≥ {@link CALL_PES_MIN_PAUSE} s, else 0 with no draw. E.g. pause 0.5, ran2 = 0.5 → 0.25 s.
 */
export function callDelay(pause: number, random: RandomSources): number {
  return pause >= CALL_PES_MIN_PAUSE ? rollDice(random, 0, pause) : 0;
}

/**
 * One object's ScriptManager queue (`AddScriptInternal`, sound-sources §4.2): {@link add} gives when
 * a script arriving at `now` starts — at `now`, or, while the last added script is still running
 * (its last hook not yet fired, `now` < its start + length), at that script's start + length.
 */
export class ScriptQueue {
  private tailEnd = -Infinity;
  add(now: number, length: number): { start: number; queued: boolean } {
    const queued = now < this.tailEnd;
    const start = queued ? this.tailEnd : now;
    this.tailEnd = start + length;
    return { start, queued };
  }
}

/**
 * Reads every PhysicsScript reachable from `rootIds` through CallPES hooks, up to
 * {@link MAX_SCRIPT_DEPTH} levels, each once. A script id outside 0x33000000–0x3300FFFF, one the
 * dat lacks, or one that does not parse is kept as its problem (never thrown).
 */
export async function loadCalledScripts(
  rootIds: readonly number[],
  readObject: (id: number) => Promise<Uint8Array>,
): Promise<Map<number, LoadedScript>> {
  const out = new Map<number, LoadedScript>();
  // (a DefaultScript entry of a script calls the Setup's default script: callers pass it as a root)
  let level = [...new Set(rootIds.map((id) => id >>> 0))];
  for (let depth = 1; depth <= MAX_SCRIPT_DEPTH && level.length > 0; depth++) {
    const fresh = level.filter((id) => !out.has(id));
    const loaded = await Promise.all(fresh.map((id) => loadOne(id, readObject)));
    const next: number[] = [];
    fresh.forEach((id, i) => {
      const l = loaded[i]!;
      out.set(id, l);
      if ('script' in l)
        for (const e of l.script.entries) if (e.hook.type === 'CallPES') next.push(e.hook.scriptId >>> 0);
    });
    level = [...new Set(next)];
  }
  return out;
}

async function loadOne(id: number, readObject: (id: number) => Promise<Uint8Array>): Promise<LoadedScript> {
  if (id < PHYSICS_SCRIPT_RANGE.min || id > PHYSICS_SCRIPT_RANGE.max)
    return { status: 'missing', problem: `${hex8(id)} is not a PhysicsScript id (0x33000000–0x3300FFFF)` };
  let bytes: Uint8Array;
  try {
    bytes = await readObject(id);
  } catch (e) {
    const d = errorToData(e);
    if (d.name === 'NotFoundError')
      return { status: 'missing', problem: `PhysicsScript ${hex8(id)} is not in the dat` };
    return { status: 'unreadable', problem: `PhysicsScript ${hex8(id)} cannot be read: ${userMessage(e)}` };
  }
  try {
    const script = parsePhysicsScript(bytes);
    return { script, length: physicsScriptLength(script) };
  } catch (e) {
    return {
      status: 'unreadable',
      problem: `PhysicsScript ${hex8(id)} cannot be read: ${userMessage(e)}`,
    };
  }
}

/** A hook to run at a time, with where it comes from. */
export interface ScheduledHook {
  t: number;
  hook: AnimationHook;
  /** The animation hook at the root of its chain. */
  frame: number;
  animation: number;
  /** The PhysicsScript whose entry it is (null: the animation's own hook) and that entry's start time. */
  script: number | null;
  scriptTime: number | null;
  /** 0 for the animation's own hooks, n for a hook of a script called n levels down. */
  depth: number;
  /** The scripts on the call chain, outermost first. */
  chain: readonly number[];
}

/**
 * Runs `roots` (an animation's hooks in firing order) in time order, expanding each CallPES and
 * DefaultScript hook as the module's rules say, and hands every sound hook to `onHook` in time
 * order (ties: roots first, then in the order scheduled). Returns every call made (DefaultScriptPart
 * hooks included, not expanded), in the order they fired.
 * @param scripts what {@link loadCalledScripts} read for these roots (and the default script)
 * @param delays the stream the CallPES delays are rolled from
 * @param defaultScript the Setup's `default_script_id` (sound-sources §1.3), null when 0: what a
 *   DefaultScript hook plays
 */
export function runWithScriptCalls(
  roots: readonly ScheduledHook[],
  scripts: ReadonlyMap<number, LoadedScript>,
  delays: RandomSources,
  onHook: (h: ScheduledHook) => void,
  defaultScript: number | null = null,
): TimelineScriptCall[] {
  const pending: { h: ScheduledHook; seq: number }[] = roots.map((h, seq) => ({ h, seq }));
  let seq = pending.length;
  const queue = new ScriptQueue();
  const calls: TimelineScriptCall[] = [];
  const byTime = (a: { h: ScheduledHook; seq: number }, b: { h: ScheduledHook; seq: number }): number =>
    a.h.t - b.h.t || a.seq - b.seq;
  pending.sort(byTime);
  while (pending.length > 0) {
    const { h } = pending.shift()!;
    const target = hookCallTarget(h.hook, defaultScript);
    if (target === null) {
      onHook(h);
      continue;
    }
    const scriptId = target.scriptId ?? 0;
    const pause = target.pause;
    const delay = target.scriptId === null ? 0 : callDelay(pause, delays);
    const depth = h.depth + 1;
    const call: TimelineScriptCall = {
      t: h.t,
      frame: h.frame,
      animation: h.animation,
      caller: h.script,
      scriptId,
      pause,
      delay,
      start: null,
      queued: false,
      depth,
      status: 'expanded',
      problem: null,
      soundHookCount: 0,
      hook: target.hook,
    };
    calls.push(call);
    const loaded = scripts.get(scriptId);
    if (target.hook === 'DefaultScriptPart') {
      call.status = 'indirect';
      call.problem = `DefaultScriptPart (part ${target.partIndex}) is indirect: not expanded`;
    } else if (target.scriptId === null) {
      call.status = 'no-default-script';
      call.problem = 'DefaultScript hook, but the Setup has no default script (default_script_id 0): nothing to play';
    } else if (h.chain.includes(scriptId)) {
      call.status = 'cycle';
      call.problem = `PhysicsScript ${hex8(scriptId)} calls itself (${[...h.chain, scriptId].map(hex8).join(' → ')}): not expanded again`;
    } else if (depth > MAX_SCRIPT_DEPTH) {
      call.status = 'too-deep';
      call.problem = `PhysicsScript ${hex8(scriptId)} is called ${depth} levels deep; calls deeper than ${MAX_SCRIPT_DEPTH} are not expanded`;
    } else if (!loaded) {
      // not read (beyond the read depth): the same cut as above, said the same way
      call.status = 'too-deep';
      call.problem = `PhysicsScript ${hex8(scriptId)} is called ${depth} levels deep; calls deeper than ${MAX_SCRIPT_DEPTH} are not expanded`;
    } else if (!('script' in loaded)) {
      call.status = loaded.status;
      call.problem = `${loaded.problem}: its sounds are not shown`;
    } else {
      const { start, queued } = queue.add(h.t + delay, loaded.length);
      call.start = start;
      call.queued = queued;
      const chain = [...h.chain, scriptId];
      for (const e of loaded.script.entries) {
        if (e.hook.type === 'Sound' || e.hook.type === 'SoundTable' || e.hook.type === 'SoundTweaked')
          call.soundHookCount++;
        else if (hookCallTarget(e.hook, defaultScript) === null) continue;
        const item = {
          h: {
            t: start + e.startTime,
            hook: e.hook,
            frame: h.frame,
            animation: h.animation,
            script: scriptId,
            scriptTime: e.startTime,
            depth,
            chain,
          },
          seq: seq++,
        };
        const at = pending.findIndex((p) => byTime(item, p) < 0);
        if (at < 0) pending.push(item);
        else pending.splice(at, 0, item);
      }
    }
  }
  return calls;
}
