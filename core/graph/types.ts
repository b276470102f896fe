/**
 * The sound graph of a dat as data (issue #7): who plays each sound. These are the shapes the
 * service contract (core/contract.ts) hands out; core/graph builds them. Ids are u32 numbers
 * (show them with `hex8`); a DID of 0 is `null`; floats are float32 as read (PhysicsScript times
 * f64 as read). Rules: docs/sound-graph.md.
 */
import type { EngineSettings, PlayDecision, SoundPath } from '../engine/types';
import type { ErrorData } from '../errors';
import type { SoundEntryData } from '../contract';

/** A hook's play direction (client `AnimHookDir`: 0 Both, 1 Forward, −1 Backward; sound-sources §2.3). */
export type HookDirection = 'Both' | 'Forward' | 'Backward';

/** The sound hooks (retail-engine §3.1 paths 1, 4 and 2), without where they sit. */
export type SoundHookData =
  | { hook: 'Sound'; direction: HookDirection; waveId: number }
  | { hook: 'SoundTable'; direction: HookDirection; soundType: number; name: string }
  | {
      hook: 'SoundTweaked';
      direction: HookDirection;
      waveId: number;
      /** +4: the probability gate (the client's reading, sound-sources §2.4). */
      probability: number;
      /** +8: priority, passed but unused by the client. */
      priority: number;
      volume: number;
    };

/** A sound hook of an Animation: `frame` is the part-frame index (file order within a frame). */
export type AnimationSoundHook = SoundHookData & { frame: number };
/** A sound hook of a PhysicsScript entry: `time` = the entry's start time, seconds (f64 as read). */
export type ScriptSoundHook = SoundHookData & { time: number };

/** A CallPES hook (type 0x13): runs PhysicsScript `scriptId` after a uniform random delay in [0, pause] s. */
export interface ScriptCall {
  scriptId: number;
  /** Seconds (float32). */
  pause: number;
}

/** A Setup's sound-relevant DIDs (sound-sources §1.3); 0 = null. */
export interface GraphSetup {
  id: number;
  soundTable: number | null;
  motionTable: number | null;
  physicsScriptTable: number | null;
  defaultScript: number | null;
  defaultAnimation: number | null;
}

/** A MotionTable and the distinct Animation ids it references, ascending. */
export interface GraphMotionTable {
  id: number;
  animations: number[];
}

/** An Animation with at least one sound hook, CallPES hook or DefaultScript(Part) hook. */
export interface GraphAnimation {
  id: number;
  /** Part-frame count (num_frames). */
  frames: number;
  /** Part-frame order, file order within a frame. */
  soundHooks: AnimationSoundHook[];
  scriptCalls: (ScriptCall & { frame: number; direction: HookDirection })[];
  /**
   * DefaultScript (0x11) and DefaultScriptPart (0x12, `partIndex`) hooks: they start the object's
   * default script (sound-sources §2.4, §1.3), so their sounds depend on the Setup.
   */
  defaultScriptHooks: { frame: number; direction: HookDirection; hook: 'DefaultScript' | 'DefaultScriptPart' }[];
}

/** A PhysicsScript with at least one sound hook or CallPES hook; entries in the client's order (by start time, stable). */
export interface GraphPhysicsScript {
  id: number;
  soundHooks: ScriptSoundHook[];
  scriptCalls: (ScriptCall & { time: number })[];
}

/** A PhysicsScriptTable and the distinct PhysicsScript ids it names, ascending. */
export interface GraphPhysicsScriptTable {
  id: number;
  scripts: number[];
}

/** One ambient sound of a Region ambient set (sound-sources §6.4); baseChance 0 = continuous. */
export interface GraphAmbientSound {
  soundType: number;
  name: string;
  volume: number;
  baseChance: number;
  /** Seconds. */
  minRate: number;
  /** Seconds. */
  maxRate: number;
}

/** A Region's ambient chain (sound-sources §6.4–§6.7); indices, null for 0xFFFFFFFF. */
export interface GraphRegion {
  id: number;
  name: string;
  ambientSets: { index: number; soundTable: number; sounds: GraphAmbientSound[] }[];
  sceneTypes: { index: number; ambientSet: number | null }[];
  terrainTypes: { index: number; name: string; sceneTypes: (number | null)[] }[];
}

/** An object of the six types that could not be read: its dat entry id and why (the error names the offset). */
export interface GraphError {
  id: number;
  error: ErrorData;
}

/**
 * The whole sound graph as data (`acsound graph`, {@link SoundServiceMethods.getSoundGraph}):
 * every Setup, MotionTable, PhysicsScriptTable and Region; the Animations and PhysicsScripts
 * that have sound or CallPES hooks; every list ascending by id.
 */
export interface SoundGraphData {
  setups: GraphSetup[];
  motionTables: GraphMotionTable[];
  animations: GraphAnimation[];
  physicsScripts: GraphPhysicsScript[];
  physicsScriptTables: GraphPhysicsScriptTable[];
  regions: GraphRegion[];
  errors: GraphError[];
  /**
   * Id ranges of the six kinds that could not be walked because their part of the B-tree lies in
   * the missing tail of a truncated file, one line each (`Animations 0x03000010–0x0300FFFF cannot
   * be listed: …`, the listing's wording); [] when none.
   */
  warnings: string[];
}

/** Where the background graph build is. */
export type GraphState = 'idle' | 'building' | 'ready' | 'cancelled' | 'failed';

/** {@link SoundServiceMethods.getGraphStatus}: poll it for progress while `building`. */
export interface GraphStatus {
  state: GraphState;
  /** Objects of the six types read so far. */
  done: number;
  /** Objects of the six types to read (0 until the id ranges are walked). */
  total: number;
  /** Objects that could not be read (listed in `SoundGraphData.errors`). */
  errorCount: number;
  /** Id ranges lost with the missing tail of a truncated file (`SoundGraphData.warnings`), one line each. */
  warnings: string[];
  /** Milliseconds the build took (state `ready`), else null. */
  buildMs: number | null;
  /** Why the build failed (state `failed`), else null. */
  error: ErrorData | null;
}

/** The kinds of object a reference comes from. */
export type ReferenceKind =
  'SoundTable' | 'Animation' | 'PhysicsScript' | 'Setup' | 'Region' | 'MotionTable' | 'PhysicsScriptTable';

/**
 * One reference to an object (`acsound refs`, "Used by"): `from` names `to` in the way `kind`
 * and the optional fields say.
 * - SoundTable row → Wave: `soundType`, `name`, `entryIndex`;
 * - Animation hook → Wave (Sound, SoundTweaked) or PhysicsScript (CallPES): `frame`, `hook`;
 * - PhysicsScript entry → Wave or PhysicsScript: `hook`, `time`;
 * - Setup field → SoundTable, MotionTable, PhysicsScriptTable, PhysicsScript: `field`;
 * - Region ambient set → SoundTable: `ambientSet`;
 * - MotionTable → Animation; PhysicsScriptTable → PhysicsScript: no extra field.
 */
export interface ObjectReference {
  from: number;
  kind: ReferenceKind;
  to: number;
  frame?: number;
  hook?: 'Sound' | 'SoundTweaked' | 'CallPES';
  time?: number;
  soundType?: number;
  name?: string;
  entryIndex?: number;
  field?: 'soundTable' | 'motionTable' | 'physicsScriptTable' | 'defaultScript';
  ambientSet?: number;
}

/** "Used by" count of one object: how many references name it. */
export interface UsedByCount {
  id: number;
  count: number;
}

/** A Setup that makes sounds: it has a SoundTable, or its MotionTable's Animations have sound hooks. */
export interface CreatureInfo {
  id: number;
  /** The label of its SoundTable (shared/data labels, e.g. "Drudge"), or null. */
  label: string | null;
  soundTable: number | null;
  motionTable: number | null;
  /**
   * Sound, SoundTweaked and SoundTable hooks in the Animations its MotionTable references (and its
   * default Animation), each Animation counted once: the hooks that play a sound themselves.
   */
  soundHookCount: number;
  /**
   * CallPES hooks in those Animations whose PhysicsScript (or one it calls) has a sound hook, and
   * DefaultScript hooks when the Setup's default script has one (sound-sources §1.3, §2.4, §3.4
   * step 4): the hooks that play sounds through a script. The Creatures list's "Hooks" column is
   * `soundHookCount + scriptHookCount`, the hooks that can play a sound.
   */
  scriptHookCount: number;
}

/** A PhysicsScript with sound hooks ("Effects" list). */
export interface EffectInfo {
  id: number;
  soundHookCount: number;
  /** The last entry's start time, seconds (the script's length, sound-sources §4.2). */
  lengthSec: number;
  /** How many references name it (PhysicsScriptTables, CallPES hooks, Setups). */
  usedBy: number;
}

/** A motion of a creature's MotionTable that makes sounds. */
export interface CreatureMotion {
  /** The MotionCommand (e.g. 0x45000005 WalkForward). */
  motion: number;
  /** Its name (e.g. "WalkForward"), or `Motion_0x…`. */
  name: string;
  /** The stance it is played in (e.g. 0x8000003D NonCombat). */
  style: number;
  styleName: string;
  /** A cyclic substate (repeats) or a one-shot action/link. */
  cyclic: boolean;
  /**
   * It makes a sound only when played in reverse (a negative speed: its hooks that sound are all
   * Backward); the counts below are then those of reverse play at speed −1.
   */
  reverseOnly: boolean;
  /**
   * The MotionTable has a sequence that plays it at a negative speed (a reverse link or a cycle):
   * false when reverse play is a NoReverseSequenceError (core/graph/reversePlay.ts; docs/sound-graph.md
   * §3 "Timelines", step 3), so a front end can offer Reverse only where it plays.
   */
  reversible: boolean;
  /** Sound hooks that fire in forward play (frames low ≤ k < high), or in reverse when `reverseOnly`. */
  soundHookCount: number;
  /** CallPES hooks that fire (forward, or in reverse when `reverseOnly`); their scripts' sounds are in the timeline. */
  scriptCallCount: number;
  /** DefaultScript hooks (0x11) that fire (forward, or in reverse when `reverseOnly`); the Setup's default script's sounds are in the timeline. */
  defaultScriptCount: number;
}

/** {@link SoundServiceMethods.getCreature}. */
export interface CreatureDetail {
  id: number;
  label: string | null;
  soundTable: number | null;
  motionTable: number | null;
  physicsScriptTable: number | null;
  defaultScript: number | null;
  /** Motions that make a sound forward, or only in reverse (`reverseOnly`), by style then motion. */
  motions: CreatureMotion[];
}

/** {@link SoundServiceMethods.getTimeline}'s request. */
export interface TimelineRequest {
  setupId: number;
  /**
   * A MotionCommand; null/absent = the first motion of {@link CreatureDetail.motions} that makes a
   * sound played at this speed's sign (a `reverseOnly` one only at a negative speed).
   */
  motion?: number | null;
  /** The stance to play it in (a class 0x80000000 command); absent = the first stance where the creature makes sounds with it, else the table's default. */
  style?: number | null;
  /** Speed modifier: scales every AnimData frame rate (default 1; finite, not 0; negative = the motion played in reverse, Backward hooks firing). */
  speed?: number;
  /** Seed of the engine's random sources (default 1). */
  seed?: number;
  /** The Listener settings the engine decides with (default: retail, 0 m, sliders 1); `path` and `volume` are set per hook. */
  settings?: EngineSettings;
}

/** One AnimData of the motion as played. */
export interface TimelineAnimation {
  animation: number;
  /** What the recipe plays it as (sound-sources §3.4): a link (transition, action), the cycle, or a modifier. */
  role: 'link' | 'cycle' | 'modifier';
  lowFrame: number;
  highFrame: number;
  /**
   * Effective frames per second: AnimData framerate × the speed it plays at (the motion's, or 1 for
   * the hops through the stance default and the cycle an action returns to); negative = backwards.
   */
  framerate: number;
  /** Seconds from the motion's start. */
  start: number;
  duration: number;
}

/** One sound event of a motion: when it fires and what the engine decides. */
export interface TimelineEvent {
  /** Seconds from the motion's start: (k + 1 − low) / r plus the preceding AnimData (sound-sources §2.7). */
  t: number;
  frame: number;
  animation: number;
  hook: 'Sound' | 'SoundTable' | 'SoundTweaked';
  direction: HookDirection;
  /** SoundTable hooks: the sound type and its name; else null. */
  soundType: number | null;
  name: string | null;
  /** The Wave chosen (table hooks: the engine's variant pick), or the hook's Wave. */
  waveId: number | null;
  /** What it may play: the sound type's rows in the Setup's SoundTable, or the hook's one Wave. */
  candidates: SoundEntryData[];
  path: SoundPath;
  decision: PlayDecision;
  /**
   * The PhysicsScript whose entry this hook is, when a CallPES hook called it (`frame` and
   * `animation` are then those of the animation hook at the root of the call chain); null for
   * the animation's own hooks.
   */
  script: number | null;
  /** That entry's start time within its script, seconds (f64 as read); null for the animation's own hooks. */
  scriptTime: number | null;
  /** 0 for the animation's own hooks; n for a hook of a script called n CallPES levels down. */
  depth: number;
}

/**
 * How a script hook of a timeline was handled (docs/sound-graph.md "CallPES in timelines",
 * "DefaultScript in timelines"): `no-default-script` = a DefaultScript hook of a Setup whose
 * `default_script_id` is 0; `indirect` = a DefaultScriptPart hook (sound-sources §2.4: "indirect"),
 * never expanded.
 */
export type ScriptCallStatus =
  'expanded' | 'missing' | 'unreadable' | 'cycle' | 'too-deep' | 'no-default-script' | 'indirect';

/** The hooks that start a PhysicsScript (sound-sources §2.4: 0x13, 0x11, 0x12). */
export type ScriptHookType = 'CallPES' | 'DefaultScript' | 'DefaultScriptPart';

/**
 * One script hook that fired in a timeline and the script it called: a CallPES hook, or a
 * DefaultScript hook (the Setup's default script, pause 0), or a DefaultScriptPart hook (listed, not
 * expanded).
 */
export interface TimelineScriptCall {
  /** Seconds from the motion's start at which the hook fired. */
  t: number;
  /** The animation hook at the root of the call chain. */
  frame: number;
  animation: number;
  /** The PhysicsScript whose entry made this call; null when the animation's own hook did. */
  caller: number | null;
  scriptId: number;
  /** The hook's pause, seconds (float32). */
  pause: number;
  /** The delay rolled in [0, pause] (0 when pause < 0.0002 s), seconds. */
  delay: number;
  /** When the script started (after the delay, and after a script still running: `queued`); null when not expanded. */
  start: number | null;
  queued: boolean;
  /** 1 for the animation's own CallPES, n + 1 for a call made by a script at depth n. */
  depth: number;
  status: ScriptCallStatus;
  /** Why the script was not expanded, in plain words; null when `expanded`. */
  problem: string | null;
  /** The script's own Sound / SoundTable / SoundTweaked hooks (0 when not expanded). */
  soundHookCount: number;
  /** Which hook made the call. `scriptId` is 0 when it names no script (`no-default-script`, `indirect`). */
  hook: ScriptHookType;
}

/** {@link SoundServiceMethods.getTimeline}: a motion's sound events in time. */
export interface Timeline {
  setupId: number;
  soundTable: number | null;
  motionTable: number;
  motion: number;
  motionName: string;
  style: number;
  speed: number;
  cyclic: boolean;
  /** Seconds: the sum of the AnimData durations. */
  duration: number;
  animations: TimelineAnimation[];
  /** Sound events in time order: the animations' own and those of the PhysicsScripts they call. */
  events: TimelineEvent[];
  /** The CallPES hooks that fired, in time order, with the scripts they called and how. */
  scriptCalls: TimelineScriptCall[];
}
