/**
 * The JSON of `acsound graph`, `acsound refs` and `acsound timeline`, exactly the shapes of issue
 * #7's CLI section: ids `0x` + 8 uppercase hex digits, a DID of 0 `null`, float32 values as their
 * shortest round-trip decimal (as `list --json`), PhysicsScript times as read (f64), arrays in
 * ascending id. The key order is fixed by the object literals below.
 */
import type {
  GraphError,
  ObjectReference,
  Shared,
  SoundGraphData,
  SoundHookData,
  TimelineEvent,
} from '../../core/contract';
import { hex8 } from '../../core/errors';
import { shortestFloat32 } from './float32';

const id = (v: number): string => hex8(v);
const did = (v: number | null): string | null => (v === null ? null : hex8(v));
const f = shortestFloat32;

/** The hook fields after `frame`/`time`: direction, hook, then the wave or sound type (and SoundTweaked's floats). */
function hookFields(h: SoundHookData): Record<string, unknown> {
  const base = { direction: h.direction, hook: h.hook };
  if (h.hook === 'Sound') return { ...base, waveId: id(h.waveId) };
  if (h.hook === 'SoundTable') return { ...base, soundType: h.soundType, name: h.name };
  return { ...base, waveId: id(h.waveId), probability: f(h.probability), priority: f(h.priority), volume: f(h.volume) };
}

/** One line naming the problem and the offset (the reader's message already names the object). */
export function errorLine(e: GraphError): string {
  return e.error.message.replace(/\s*\n\s*/g, ' ').trim();
}

/** `acsound graph --json`. */
export function graphJson(g: Shared<SoundGraphData>): unknown {
  return {
    setups: g.setups.map((s) => ({
      id: id(s.id),
      soundTable: did(s.soundTable),
      motionTable: did(s.motionTable),
      physicsScriptTable: did(s.physicsScriptTable),
      defaultScript: did(s.defaultScript),
    })),
    motionTables: g.motionTables.map((t) => ({ id: id(t.id), animations: t.animations.map(id) })),
    animations: g.animations.map((a) => ({
      id: id(a.id),
      frames: a.frames,
      soundHooks: a.soundHooks.map((h) => ({ frame: h.frame, ...hookFields(h) })),
    })),
    physicsScripts: g.physicsScripts.map((p) => ({
      id: id(p.id),
      soundHooks: p.soundHooks.map((h) => ({ time: h.time, ...hookFields(h) })),
    })),
    regions: g.regions.map((r) => ({
      id: id(r.id),
      name: r.name,
      ambientSets: r.ambientSets.map((a) => ({
        index: a.index,
        soundTable: id(a.soundTable),
        sounds: a.sounds.map((s) => ({
          soundType: s.soundType,
          name: s.name,
          volume: f(s.volume),
          baseChance: f(s.baseChance),
          minRate: f(s.minRate),
          maxRate: f(s.maxRate),
        })),
      })),
      sceneTypes: r.sceneTypes.map((s) => ({ index: s.index, ambientSet: s.ambientSet })),
      terrainTypes: r.terrainTypes.map((t) => ({ index: t.index, name: t.name, sceneTypes: t.sceneTypes })),
    })),
    errors: g.errors.map((e) => ({ id: id(e.id), error: errorLine(e) })),
    warnings: [...g.warnings],
  };
}

/** One `referencedBy` row of `acsound refs --json`: `from`, `kind`, then the fields of its kind. */
export function referenceJson(r: ObjectReference): Record<string, unknown> {
  const base = { from: id(r.from), kind: r.kind };
  switch (r.kind) {
    case 'Animation':
      return { ...base, frame: r.frame, hook: r.hook };
    case 'SoundTable':
      return { ...base, soundType: r.soundType, name: r.name };
    case 'PhysicsScript':
      return { ...base, hook: r.hook };
    case 'Setup':
      return { ...base, field: r.field };
    case 'Region':
      return { ...base, ambientSet: r.ambientSet };
    default:
      return base;
  }
}

/** `acsound refs --json`. */
export function refsJson(target: number, refs: readonly ObjectReference[], inDat = true): unknown {
  return { id: id(target), referencedBy: refs.map(referenceJson), inDat };
}

/**
 * One line of `acsound timeline --json`; `t` in seconds, rounded to the microsecond. The issue #7
 * keys first, then `script` (the PhysicsScript a CallPES hook called, whose entry this is, or
 * null), `scriptTime` (that entry's start time, or null) and `depth` (CallPES levels, 0 = the
 * animation's own hook).
 */
export function timelineEventJson(e: TimelineEvent): unknown {
  return {
    t: Math.round(e.t * 1e6) / 1e6,
    frame: e.frame,
    animation: id(e.animation),
    hook: e.hook,
    soundType: e.soundType,
    name: e.name,
    waveId: did(e.waveId),
    played: e.decision.played,
    reason: e.decision.reason,
    dB: e.decision.dB,
    pan: e.decision.pan,
    script: did(e.script),
    scriptTime: e.scriptTime,
    depth: e.depth,
  };
}
