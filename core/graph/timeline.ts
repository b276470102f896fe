/**
 * Creature views and motion timelines (issue #7): which motions of a Setup's MotionTable make
 * sounds, and for one motion its sound events in time, each resolved to what it may play and
 * decided by the engine. The timing rule is core/objects/motionTime.ts (sound-sources §2.7), the
 * motion lookup core/objects/motionRecipe.ts (§3.3–§3.4); this module only joins them with the
 * Setup's SoundTable and the engine. Rules: docs/sound-graph.md "Timelines".
 */
import type { SoundEntryData } from '../contract';
import { DEFAULT_SETTINGS, SeededRandom, VoicePool, decide } from '../engine';
import type { EngineSettings, PlayRequest } from '../engine';
import { soundHookRequest, waveHookCandidate } from './eventRequest';
import { NotFoundError, rebuildError } from '../errors';
import {
  isSoundHook,
  MOTION_CLASS,
  motionRecipe,
  parseMotionTable,
  readAnimationHooks,
  recipeAnimations,
  sequenceHookTimes,
} from '../objects';
import type { AnimationHooks, MotionRecipe, MotionTable, RecipeRole, SequenceNode, SoundHook } from '../objects';
import { motionFromLow16, motionName } from './motionNames';
import { motionSpeedProblem } from './motionSpeed';
import { motionLabel, NoReverseSequenceError, reversibleNames } from './reversePlay';
import { hookCallTarget, loadCalledScripts, runWithScriptCalls, type ScheduledHook } from './scriptCalls';
import type { SoundGraph } from './SoundGraph';
import { soundHookData } from './summarize';
import type { CreatureDetail, CreatureMotion, GraphSetup, Timeline, TimelineEvent, TimelineRequest } from './types';

/** What timelines read besides the graph: objects from the dat and the index's SoundTables and Waves. */
export interface TimelineContext {
  graph: SoundGraph;
  /** The bytes of one dat object (e.g. `DatFile.readObject`). @throws NotFoundError when absent */
  readObject(id: number): Promise<Uint8Array>;
  /** The rows of `soundType` in SoundTable `tableId` (floats as read), or null when the table or type is absent. */
  soundTypeRows(tableId: number, soundType: number): SoundEntryData[] | null;
  /** Whether the dat holds a Wave (default: every id but 0). */
  waveExists?(waveId: number): boolean;
  /**
   * Why a Wave cannot play (core/index `playProblem` over the Wave list: e.g. "sample rate 0 Hz is
   * outside 100..384000 Hz"), or null; an event naming such a Wave is "cannot-play", no voice
   * taken. Default: every Wave plays.
   */
  waveProblem?(waveId: number): string | null;
  /** A Wave's duration in seconds, for the voice pool (default 0). */
  waveDuration?(waveId: number): number;
}

/** A (stance, motion) a MotionTable can play. */
export interface MotionCandidate {
  style: number;
  motion: number;
}

/**
 * The motions a MotionTable names (sound-sources §3.3): each cycle's substate in its stance
 * (key = style << 16 | substate) and each link table's action targets (class 0x10000000) in the
 * link's stance; ascending by stance, then motion; no duplicates.
 */
export function motionCandidates(table: MotionTable): MotionCandidate[] {
  const seen = new Map<string, MotionCandidate>();
  const add = (style: number, motion: number): void => {
    const c = { style: style >>> 0, motion: motion >>> 0 };
    seen.set(`${c.style}:${c.motion}`, c);
  };
  const styleOf = (key: number): number => motionFromLow16(key >>> 16, MOTION_CLASS.Style);
  for (const c of table.cycles) add(styleOf(c.key), motionFromLow16(c.key & 0xffff, MOTION_CLASS.SubState));
  for (const l of table.links) {
    for (const m of l.motions) if (m.key & MOTION_CLASS.Action) add(styleOf(l.key), m.key);
  }
  return [...seen.values()].sort((a, b) => a.style - b.style || a.motion - b.motion);
}

/** Reads each Animation's hooks once per call (core/objects `readAnimationHooks`: frames skipped). */
class AnimationCache {
  private readonly map = new Map<number, Promise<AnimationHooks>>();
  constructor(private readonly ctx: TimelineContext) {}
  get(id: number): Promise<AnimationHooks> {
    let p = this.map.get(id);
    if (!p) this.map.set(id, (p = this.ctx.readObject(id).then(readAnimationHooks)));
    return p;
  }
}

function setupOf(graph: SoundGraph, id: number): GraphSetup {
  const s = graph.setups.get(id >>> 0);
  if (s) return s;
  // A Setup that is in the dat but could not be read is its read error (id, offset), not "not in the dat".
  const failed = graph.errors.find((e) => e.id === id >>> 0);
  if (failed) throw rebuildError(failed.error);
  throw new NotFoundError(id, 'Setup');
}

async function motionTableOf(ctx: TimelineContext, s: GraphSetup): Promise<MotionTable | null> {
  return s.motionTable === null ? null : parseMotionTable(await ctx.readObject(s.motionTable));
}

/** The recipe's AnimData as sequence nodes, each at its step's speed (the client's `add_motion`). */
async function sequenceOf(
  recipe: MotionRecipe,
  anims: AnimationCache,
): Promise<{ nodes: SequenceNode[]; roles: RecipeRole[] }> {
  const steps = recipeAnimations(recipe);
  const nodes = await Promise.all(
    steps.map(async (s) => ({ animation: await anims.get(s.data.animId >>> 0), data: s.data, speed: s.speed })),
  );
  return { nodes, roles: steps.map((s) => s.role) };
}

/** A substate's recipe ends in its cycle, which repeats; actions and modifiers play once. */
function isCyclic(recipe: MotionRecipe): boolean {
  return recipe.kind === 'substate' && recipe.steps.at(-1)?.role === 'cycle';
}

/** What a recipe fires that can make a sound: its sound hooks, and its script hooks whose script does. */
interface RecipeSounds {
  soundHookCount: number;
  scriptCallCount: number;
  defaultScriptCount: number;
  makesSound: boolean;
}

/**
 * The hooks `recipe` fires played at its steps' speeds (forward, or in reverse for a recipe looked
 * up at a negative speed: Backward and Both hooks): sound hooks, CallPES hooks, DefaultScript
 * hooks, and whether any of them can make a sound (a sound hook, a CallPES whose PhysicsScript —
 * or one it calls — has a sound hook, a DefaultScript hook when the Setup's default script has
 * one). Null when none of its Animations is in the graph (no sound, CallPES or DefaultScript hook).
 */
async function recipeSounds(
  ctx: TimelineContext,
  s: GraphSetup,
  recipe: MotionRecipe,
  anims: AnimationCache,
): Promise<RecipeSounds | null> {
  if (!recipe.steps.some((st) => st.data.anims.some((a) => ctx.graph.animations.has(a.animId >>> 0)))) return null;
  const { nodes } = await sequenceOf(recipe, anims);
  const fired = sequenceHookTimes(nodes).events;
  const soundHookCount = fired.filter((e) => isSoundHook(e.hook)).length;
  const calls = fired.filter((e) => e.hook.type === 'CallPES');
  // a DefaultScript hook plays the Setup's default script (sound-sources §2.4, §1.3, §3.4 step 4)
  const defaults = fired.filter((e) => e.hook.type === 'DefaultScript');
  const callsSound =
    calls.some((e) => e.hook.type === 'CallPES' && ctx.graph.scriptMakesSound(e.hook.scriptId)) ||
    (defaults.length > 0 && s.defaultScript !== null && ctx.graph.scriptMakesSound(s.defaultScript));
  return {
    soundHookCount,
    scriptCallCount: calls.length,
    defaultScriptCount: defaults.length,
    makesSound: soundHookCount > 0 || callsSound,
  };
}

/**
 * A creature: the Setup's tables and the motions of its MotionTable that make a sound (the one
 * rule of docs/sound-graph.md §3 step 1, which the app's motion list and `acsound timeline`'s
 * default motion and stance share): those whose recipe fires, in forward play at speed 1, at least
 * one sound hook, or a CallPES hook whose PhysicsScript (or one it calls) has a sound hook, or a
 * DefaultScript hook when the Setup's default script (or one it calls) has one; then those that do
 * so only in reverse play (speed −1: their hooks are all Backward), `reverseOnly` and counted as
 * played in reverse. Animations without sound, CallPES or DefaultScript hooks are not read.
 * @throws NotFoundError when the graph holds no such Setup or its MotionTable is missing; the
 *   MotionTable's or an Animation's parse error
 */
export async function creatureDetail(ctx: TimelineContext, id: number): Promise<CreatureDetail> {
  const s = setupOf(ctx.graph, id);
  const table = await motionTableOf(ctx, s);
  const motions: CreatureMotion[] = [];
  if (table) {
    const anims = new AnimationCache(ctx);
    for (const c of motionCandidates(table)) {
      let recipe = motionRecipe(table, c.motion, { style: c.style });
      let sounds = await recipeSounds(ctx, s, recipe, anims);
      let reverseOnly = false;
      if (!sounds?.makesSound) {
        // silent forward: does it sound played backwards (a reverse sequence with Backward hooks)?
        recipe = motionRecipe(table, c.motion, { style: c.style, speed: -1 });
        sounds = recipe.steps.length === 0 ? null : await recipeSounds(ctx, s, recipe, anims);
        reverseOnly = true;
      }
      if (!sounds?.makesSound) continue;
      // the same test as motionTimeline's NoReverseSequenceError: no steps at a negative speed
      const reversible = reverseOnly || motionRecipe(table, c.motion, { style: c.style, speed: -1 }).steps.length > 0;
      motions.push({
        motion: c.motion,
        name: motionName(c.motion),
        style: c.style,
        styleName: motionName(c.style),
        cyclic: isCyclic(recipe),
        reverseOnly,
        reversible,
        soundHookCount: sounds.soundHookCount,
        scriptCallCount: sounds.scriptCallCount,
        defaultScriptCount: sounds.defaultScriptCount,
      });
    }
  }
  return {
    id: s.id,
    label: ctx.graph.labelOf(s),
    soundTable: s.soundTable,
    motionTable: s.motionTable,
    physicsScriptTable: s.physicsScriptTable,
    defaultScript: s.defaultScript,
    motions,
  };
}

/** The engine request for one sound hook (./eventRequest.ts) and what it may play. */
function hookRequest(
  ctx: TimelineContext,
  settings: EngineSettings,
  soundTable: number | null,
  hook: SoundHook,
): { request: PlayRequest; candidates: SoundEntryData[] } {
  let candidates: SoundEntryData[];
  if (hook.type === 'SoundTable')
    candidates = soundTable === null ? [] : (ctx.soundTypeRows(soundTable, hook.soundType >>> 0) ?? []);
  else candidates = [waveHookCandidate(hook.waveId, hook.type === 'SoundTweaked' ? hook : null)];
  const request = soundHookRequest(
    settings,
    hook.type,
    candidates,
    ctx.waveExists?.bind(ctx),
    ctx.waveProblem?.bind(ctx),
  );
  if (ctx.waveDuration) request.durationSec = ctx.waveDuration.bind(ctx);
  return { request, candidates };
}

/**
 * The default motion of reverse play: the first of the creature's `motions` that makes a sound
 * played backwards — a reverse-only one, or one the MotionTable can play backwards whose Backward
 * and Both hooks sound — never one the table has no reverse sequence for (the app disables its
 * Reverse); else the first it can play backwards, else the first (whose NoReverseSequenceError
 * then says why).
 */
async function soundsInReverse(
  ctx: TimelineContext,
  s: GraphSetup,
  table: MotionTable,
  motions: readonly CreatureMotion[],
): Promise<number | undefined> {
  const anims = new AnimationCache(ctx);
  for (const m of motions) {
    if (m.reverseOnly) return m.motion;
    if (!m.reversible) continue;
    const recipe = motionRecipe(table, m.motion, { style: m.style, speed: -1 });
    if ((await recipeSounds(ctx, s, recipe, anims))?.makesSound) return m.motion;
  }
  return (motions.find((m) => m.reversible) ?? motions[0])?.motion;
}

/**
 * A motion's sound events in time (issue #7 "Timelines"): the recipe's AnimData played in order at
 * `framerate × speed` (sound-sources §2.7: a hook on frame k fires at (k + 1 − low) / r after its
 * node starts; hooks on the high frame never fire forward). A negative speed plays the motion in
 * reverse as the client does (§3.3, pitfalls §21–23): the links are looked up with their roles
 * swapped (core/objects `motionRecipe`), the nodes run backwards from high + 1 − 0.0002 and fire
 * their Both and Backward hooks, the one on `low` never; the hops through the stance default
 * and the cycle an action returns to play at the state's speed 1. Each sound hook resolved through the
 * Setup's SoundTable (path 4) or its own Wave (paths 1, 2) and decided by the engine in time order
 * with one seeded random stream and one 16-voice pool (`nowSec` = the event time). CallPES hooks
 * are expanded into their scripts' sound events (./scriptCalls.ts; docs/sound-graph.md "CallPES in
 * timelines"), and DefaultScript hooks into the Setup's default script's by the same rules (§3.4
 * step 4: "Also collect CallPES / DefaultScript hooks and expand them through §4"; "DefaultScript
 * in timelines"); `scriptCalls` lists each call and, for one not expanded, why.
 * The motion: `request.motion` in `request.style` (default: the first stance where the creature
 * makes sounds with it, else the table's default stance); absent = the creature's first motion
 * that makes sounds.
 * Speed 0 is refused: every node would stand still (rate 0 fires nothing and never ends, §2.7); so is
 * any speed whose size is outside 0.1–4 (./motionSpeed.ts, the app's Speed field).
 * @throws NotFoundError (Setup, MotionTable, or a motion the table cannot play); its
 *   NoReverseSequenceError (code ENOREVERSE) for a negative speed when the table has no reverse
 *   sequence for the motion (./reversePlay.ts); RangeError for a speed {@link motionSpeedProblem} refuses
 */
export async function motionTimeline(ctx: TimelineContext, request: TimelineRequest): Promise<Timeline> {
  const speed = request.speed ?? 1;
  const speedProblem = motionSpeedProblem(speed);
  if (speedProblem !== null) throw new RangeError(`speed ${speedProblem}`);
  const s = setupOf(ctx.graph, request.setupId);
  const table = await motionTableOf(ctx, s);
  if (!table || s.motionTable === null) throw new NotFoundError(s.id, 'MotionTable', { kind: 'Setup', id: s.id });
  // the creature's motions (every recipe and hook) only for a default the request leaves out
  const motions = request.motion == null || request.style == null ? (await creatureDetail(ctx, s.id)).motions : [];
  // the default: the first motion that makes a sound played this way (a reverse-only one backwards)
  const wanted =
    request.motion ??
    (speed < 0 ? await soundsInReverse(ctx, s, table, motions) : motions.find((m) => !m.reverseOnly)?.motion) ??
    null;
  if (wanted === null)
    throw new NotFoundError(s.motionTable, 'motion with sound hooks', { kind: 'MotionTable', id: s.motionTable });
  const style = request.style ?? motions.find((m) => m.motion === wanted >>> 0)?.style ?? table.defaultStyle;
  const recipe = motionRecipe(table, wanted >>> 0, { style, speed });
  if (recipe.steps.length === 0) {
    // not bad data: the table has no sequence for it backwards (a note in the app, ./reversePlay.ts)
    if (speed < 0) {
      // with what it can play backwards instead (the creature's motions, as the app lists them)
      const all = request.motion == null || request.style == null ? motions : (await creatureDetail(ctx, s.id)).motions;
      throw new NoReverseSequenceError(wanted >>> 0, s.motionTable, reversibleNames(all));
    }
    throw new NotFoundError(wanted, `motion ${motionLabel(wanted)}`, { kind: 'MotionTable', id: s.motionTable });
  }
  const { nodes, roles } = await sequenceOf(recipe, new AnimationCache(ctx));
  const seq = sequenceHookTimes(nodes);
  const settings = request.settings ?? DEFAULT_SETTINGS;
  const seed = request.seed ?? 1;
  const random = new SeededRandom(seed);
  const pool = new VoicePool();
  const events: TimelineEvent[] = [];
  const roots: ScheduledHook[] = [];
  for (const e of seq.events) {
    if (!isSoundHook(e.hook) && hookCallTarget(e.hook, s.defaultScript) === null) continue;
    const animation = nodes[e.node]!.data.animId >>> 0;
    roots.push({
      t: e.t,
      hook: e.hook,
      frame: e.frame,
      animation,
      script: null,
      scriptTime: null,
      depth: 0,
      chain: [],
    });
  }
  const called = roots.flatMap((r) => (r.hook.type === 'CallPES' ? [r.hook.scriptId] : []));
  // a DefaultScript hook (of the animation or of a called script) plays the default script: read it too
  if (s.defaultScript !== null) called.push(s.defaultScript);
  const scripts = await loadCalledScripts(called, (id) => ctx.readObject(id));
  // The CallPES delays come from a ran2 stream of their own, seeded alike: the sound decisions
  // (and "Play motion", which decides them again with the timeline's seed) draw as without calls.
  const scriptCalls = runWithScriptCalls(
    roots,
    scripts,
    new SeededRandom(seed),
    (h) => {
      const hook = h.hook as SoundHook;
      // a script entry's direction is ignored by the client (sound-sources §4.1): shown as Both
      const data = soundHookData(h.script === null ? hook : { ...hook, direction: 0 })!;
      const { request: req, candidates } = hookRequest(ctx, settings, s.soundTable, hook);
      const decision = decide(req, random, pool, h.t);
      events.push({
        t: h.t,
        frame: h.frame,
        animation: h.animation,
        hook: data.hook,
        direction: data.direction,
        soundType: data.hook === 'SoundTable' ? data.soundType : null,
        name: data.hook === 'SoundTable' ? data.name : null,
        waveId: decision.waveId ?? (data.hook === 'SoundTable' ? null : data.waveId),
        candidates,
        path: req.path,
        decision,
        script: h.script,
        scriptTime: h.scriptTime,
        depth: h.depth,
      });
    },
    s.defaultScript,
  );
  let start = 0;
  const animations = nodes.map((n, i) => {
    const one = sequenceHookTimes([n]);
    const a = {
      animation: n.data.animId >>> 0,
      role: roles[i]!,
      lowFrame: n.data.lowFrame,
      highFrame: n.data.highFrame,
      framerate: n.data.framerate * (n.speed ?? speed),
      start,
      duration: one.duration,
    };
    start += one.duration;
    return a;
  });
  return {
    setupId: s.id,
    soundTable: s.soundTable,
    motionTable: s.motionTable,
    motion: recipe.motion,
    motionName: motionName(recipe.motion),
    style: recipe.style,
    speed,
    cyclic: isCyclic(recipe),
    duration: seq.duration,
    animations,
    events,
    scriptCalls,
  };
}
