/**
 * The sound graph of one dat (issue #7): the summaries of its Setups, Animations, MotionTables,
 * PhysicsScripts, PhysicsScriptTables and Regions, the objects that could not be read, and every
 * reference indexed by the object it names (core/index `ReferenceIndex`). Built by
 * ./buildGraph.ts; immutable once {@link SoundGraph.finish} ran, so sessions on the same file
 * share one. Rules (edges, "used by", creatures, effects): docs/sound-graph.md.
 */
import { addSoundTableReferences, ReferenceIndex, type Reference, type TableSounds } from '../index/references';
import type {
  CreatureInfo,
  EffectInfo,
  GraphAnimation,
  GraphError,
  GraphMotionTable,
  GraphPhysicsScript,
  GraphPhysicsScriptTable,
  GraphRegion,
  GraphSetup,
  ObjectReference,
  SoundGraphData,
  UsedByCount,
} from './types';

/** The order of the fields after `from` when references are sorted ("sorted by from then the other fields"). */
const REFERENCE_SORT_KEYS = [
  'kind',
  'frame',
  'time',
  'hook',
  'soundType',
  'name',
  'entryIndex',
  'field',
  'ambientSet',
] as const;

function compareField(a: string | number | undefined, b: string | number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** Orders references by `from`, then kind, frame, time, hook, sound type, name, entry index, field, ambient set. */
export function compareReferences(a: ObjectReference, b: ObjectReference): number {
  if (a.from !== b.from) return a.from - b.from;
  for (const k of REFERENCE_SORT_KEYS) {
    const c = compareField(a[k], b[k]);
    if (c !== 0) return c;
  }
  return 0;
}

const byId = <T extends { id: number }>(a: T, b: T): number => a.id - b.id;

/** See the module comment. Maps are keyed by dat entry id (u32). */
export class SoundGraph {
  readonly setups = new Map<number, GraphSetup>();
  readonly motionTables = new Map<number, GraphMotionTable>();
  /** Animations with at least one sound, CallPES or DefaultScript(Part) hook. */
  readonly animations = new Map<number, GraphAnimation>();
  /** The frame count of EVERY Animation read (timelines need the length of silent ones too). */
  readonly animationFrames = new Map<number, number>();
  /** PhysicsScripts with at least one sound or CallPES hook, with their length (s). */
  readonly physicsScripts = new Map<number, GraphPhysicsScript & { lengthSec: number }>();
  readonly physicsScriptTables = new Map<number, GraphPhysicsScriptTable>();
  readonly regions = new Map<number, GraphRegion>();
  readonly errors: GraphError[] = [];
  /** Parts of the six range walks lost with the missing tail of a truncated file (./buildGraph.ts). */
  readonly warnings: string[] = [];
  /** Every reference, by the object named (Waves, SoundTables, Animations, PhysicsScripts, MotionTables…). */
  readonly references = new ReferenceIndex();
  /** SoundTable hooks (Animation frame or PhysicsScript entry) by the sound type they name. */
  readonly soundTypeUses = new Map<number, ObjectReference[]>();
  private finished = false;
  /**
   * The lists {@link creatures}, {@link effects} and {@link usedByCounts} hand out copies of, made
   * once: the graph does not change after {@link finish}, and every browser tab on the file asks
   * for them (listCreatures alone walks each Setup's MotionTable Animations; issue #9). Null before
   * `finish`, or until first asked for.
   */
  private lists: { creatures?: CreatureInfo[]; effects?: EffectInfo[]; usedByCounts?: UsedByCount[] } | null = null;

  /** @param labels SoundTable id → label; a creature is labelled with its SoundTable's label. */
  constructor(readonly labels: ReadonlyMap<number, string> = new Map()) {}

  addSetup(s: GraphSetup): void {
    this.setups.set(s.id, s);
  }

  addAnimation(a: GraphAnimation): void {
    this.animationFrames.set(a.id, a.frames);
    if (a.soundHooks.length > 0 || a.scriptCalls.length > 0 || a.defaultScriptHooks.length > 0)
      this.animations.set(a.id, a);
  }

  addMotionTable(t: GraphMotionTable): void {
    this.motionTables.set(t.id, t);
  }

  addPhysicsScript(p: GraphPhysicsScript & { lengthSec: number }): void {
    if (p.soundHooks.length > 0 || p.scriptCalls.length > 0) this.physicsScripts.set(p.id, p);
  }

  addPhysicsScriptTable(t: GraphPhysicsScriptTable): void {
    this.physicsScriptTables.set(t.id, t);
  }

  addRegion(r: GraphRegion): void {
    this.regions.set(r.id, r);
  }

  addError(e: GraphError): void {
    this.errors.push(e);
  }

  addWarning(w: string): void {
    this.warnings.push(w);
  }

  /**
   * Indexes every reference (ascending by referring id within each kind, so the index does not
   * depend on the order objects were read in) and sorts `errors` by id. Call once, after the last add.
   * @param tables the dat's SoundTables (rows → Waves), ascending by id
   */
  finish(tables: readonly TableSounds[]): void {
    if (this.finished) throw new Error('SoundGraph.finish called twice');
    this.finished = true;
    this.errors.sort(byId);
    const refs = this.references;
    addSoundTableReferences(refs, tables);
    const add = (r: Reference): void => refs.add(r);
    for (const s of sorted(this.setups)) {
      if (s.soundTable !== null) add({ kind: 'Setup', from: s.id, to: s.soundTable, field: 'soundTable' });
      if (s.motionTable !== null) add({ kind: 'Setup', from: s.id, to: s.motionTable, field: 'motionTable' });
      if (s.physicsScriptTable !== null)
        add({ kind: 'Setup', from: s.id, to: s.physicsScriptTable, field: 'physicsScriptTable' });
      if (s.defaultScript !== null) add({ kind: 'Setup', from: s.id, to: s.defaultScript, field: 'defaultScript' });
    }
    for (const t of sorted(this.motionTables))
      for (const a of t.animations) add({ kind: 'MotionTable', from: t.id, to: a });
    for (const a of sorted(this.animations)) {
      for (const h of a.soundHooks) {
        if (h.hook === 'SoundTable')
          this.addSoundTypeUse(h.soundType, { kind: 'Animation', from: a.id, to: h.soundType, frame: h.frame });
        else add({ kind: 'Animation', from: a.id, to: h.waveId, frame: h.frame, hook: h.hook });
      }
      for (const c of a.scriptCalls)
        add({ kind: 'Animation', from: a.id, to: c.scriptId, frame: c.frame, hook: 'CallPES' });
    }
    for (const p of sorted(this.physicsScripts)) {
      for (const h of p.soundHooks) {
        if (h.hook === 'SoundTable')
          this.addSoundTypeUse(h.soundType, { kind: 'PhysicsScript', from: p.id, to: h.soundType, time: h.time });
        else add({ kind: 'PhysicsScript', from: p.id, to: h.waveId, hook: h.hook, time: h.time });
      }
      for (const c of p.scriptCalls)
        add({ kind: 'PhysicsScript', from: p.id, to: c.scriptId, hook: 'CallPES', time: c.time });
    }
    for (const t of sorted(this.physicsScriptTables))
      for (const s of t.scripts) add({ kind: 'PhysicsScriptTable', from: t.id, to: s });
    for (const r of sorted(this.regions))
      for (const a of r.ambientSets) add({ kind: 'Region', from: r.id, to: a.soundTable, ambientSet: a.index });
  }

  private addSoundTypeUse(soundType: number, ref: ObjectReference): void {
    let list = this.soundTypeUses.get(soundType);
    if (!list) this.soundTypeUses.set(soundType, (list = []));
    list.push(ref);
  }

  /** Every reference to `id`, sorted by `from` then the other fields (fresh objects). */
  referencesTo(id: number): ObjectReference[] {
    return this.references
      .to(id)
      .map((r): ObjectReference => ({ ...r }))
      .sort(compareReferences);
  }

  /**
   * A list computed by `make`, once after {@link finish} (kept in {@link lists}), as fresh shallow
   * copies of its rows (the rows are flat: a caller may change its copy without touching the graph).
   */
  private list<K extends 'creatures' | 'effects' | 'usedByCounts', T extends object>(key: K, make: () => T[]): T[] {
    if (!this.finished) return make();
    this.lists ??= {};
    const kept = (this.lists[key] ??= make() as never) as T[];
    return kept.map((row) => ({ ...row }));
  }

  /** The "used by" count of every object named at least once, ascending by id. */
  usedByCounts(): UsedByCount[] {
    return this.list('usedByCounts', () =>
      [...this.references.targets()].sort((a, b) => a - b).map((id) => ({ id, count: this.references.count(id) })),
    );
  }

  /**
   * The hooks that can play a sound in a Setup's MotionTable Animations (and its default
   * Animation), each Animation counted once: `direct` its Sound, SoundTweaked and SoundTable hooks;
   * `viaScripts` its CallPES hooks whose PhysicsScript plays a sound ({@link scriptMakesSound}),
   * and its DefaultScript hooks when the Setup's default script does (sound-sources §1.3, §2.4,
   * §3.4 step 4: the hooks timelines expand). DefaultScriptPart hooks play no sound of their own.
   */
  private setupHookCounts(s: GraphSetup): { direct: number; viaScripts: number } {
    const anims = new Set(s.motionTable === null ? [] : (this.motionTables.get(s.motionTable)?.animations ?? []));
    if (s.defaultAnimation !== null) anims.add(s.defaultAnimation);
    const defaultSounds = s.defaultScript !== null && this.scriptMakesSound(s.defaultScript);
    let direct = 0;
    let viaScripts = 0;
    for (const id of anims) {
      const a = this.animations.get(id);
      if (!a) continue;
      direct += a.soundHooks.length;
      viaScripts += a.scriptCalls.filter((c) => this.scriptMakesSound(c.scriptId)).length;
      if (defaultSounds) viaScripts += a.defaultScriptHooks.filter((h) => h.hook === 'DefaultScript').length;
    }
    return { direct, viaScripts };
  }

  /**
   * Whether a PhysicsScript, or a script it calls (CallPES, any depth, each once), has a sound hook
   * (scripts without sound or CallPES hooks are not in the graph).
   */
  scriptMakesSound(id: number, seen = new Set<number>()): boolean {
    const p = this.physicsScripts.get(id >>> 0);
    if (!p || seen.has(p.id)) return false;
    seen.add(p.id);
    return p.soundHooks.length > 0 || p.scriptCalls.some((c) => this.scriptMakesSound(c.scriptId, seen));
  }

  /** The label of a Setup: its SoundTable's (shared/data labels), or null. */
  labelOf(s: GraphSetup): string | null {
    return s.soundTable === null ? null : (this.labels.get(s.soundTable) ?? null);
  }

  /** Setups with a SoundTable or hooks that can play a sound in their Animations, ascending by id. */
  creatures(): CreatureInfo[] {
    return this.list('creatures', () => this.findCreatures());
  }

  private findCreatures(): CreatureInfo[] {
    const out: CreatureInfo[] = [];
    for (const s of sorted(this.setups)) {
      const { direct, viaScripts } = this.setupHookCounts(s);
      if (s.soundTable === null && direct + viaScripts === 0) continue;
      out.push({
        id: s.id,
        label: this.labelOf(s),
        soundTable: s.soundTable,
        motionTable: s.motionTable,
        soundHookCount: direct,
        scriptHookCount: viaScripts,
      });
    }
    return out;
  }

  /** PhysicsScripts with sound hooks, ascending by id, with their length and "used by" count. */
  effects(): EffectInfo[] {
    return this.list('effects', () =>
      sorted(this.physicsScripts)
        .filter((p) => p.soundHooks.length > 0)
        .map((p) => ({
          id: p.id,
          soundHookCount: p.soundHooks.length,
          lengthSec: p.lengthSec,
          usedBy: this.references.count(p.id),
        })),
    );
  }

  /**
   * The graph as data (`acsound graph`): every Setup, MotionTable, PhysicsScriptTable and Region;
   * the Animations and PhysicsScripts with sound hooks; lists ascending by id. The objects are
   * the graph's own (shared between sessions): copy them before handing them out.
   */
  data(): SoundGraphData {
    return {
      setups: sorted(this.setups),
      motionTables: sorted(this.motionTables),
      animations: sorted(this.animations).filter((a) => a.soundHooks.length > 0),
      physicsScripts: sorted(this.physicsScripts)
        .filter((p) => p.soundHooks.length > 0)
        .map(({ id, soundHooks, scriptCalls }) => ({ id, soundHooks, scriptCalls })),
      physicsScriptTables: sorted(this.physicsScriptTables),
      regions: sorted(this.regions),
      errors: this.errors,
      warnings: this.warnings,
    };
  }
}

/** A map's values ascending by id. */
function sorted<T extends { id: number }>(m: ReadonlyMap<number, T>): T[] {
  return [...m.values()].sort(byId);
}
