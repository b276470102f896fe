/**
 * What the sound graph keeps of each parsed object: its references and sound hooks only (never
 * its bytes, frames or geometry), so the graph's memory grows with the references, not the dat.
 * Rules: docs/sound-graph.md "What is kept".
 */
import { hookDirectionName, soundTypeName } from '../objects';
import type {
  AnimationHook,
  AnimationHooks,
  MotionTable,
  PhysicsScript,
  PhysicsScriptTable,
  Region,
  Setup,
} from '../objects';
import { motionTableAnimationIds, physicsScriptLength, scriptTableScriptIds } from '../objects';
import type {
  GraphAnimation,
  GraphMotionTable,
  GraphPhysicsScript,
  GraphPhysicsScriptTable,
  GraphRegion,
  GraphSetup,
  HookDirection,
  ScriptCall,
  SoundHookData,
} from './types';

/** A DID of 0 is "none" (sound-sources §1.3). */
export function didOrNull(id: number): number | null {
  return id >>> 0 === 0 ? null : id >>> 0;
}

/**
 * The direction name of a hook; an i32 other than 0, 1, −1 (e.g. −2 "Unknown", not expected on
 * disk) is shown as 'Both' would not be honest, so it throws.
 * @throws RangeError naming the value
 */
function direction(h: AnimationHook): HookDirection {
  const d = hookDirectionName(h.direction);
  if (d === null) throw new RangeError(`hook direction ${h.direction} is not Both (0), Forward (1) or Backward (-1)`);
  return d;
}

/** The sound hook's data (Sound, SoundTable, SoundTweaked), else null. */
export function soundHookData(h: AnimationHook): SoundHookData | null {
  switch (h.type) {
    case 'Sound':
      return { hook: 'Sound', direction: direction(h), waveId: h.waveId >>> 0 };
    case 'SoundTable':
      return {
        hook: 'SoundTable',
        direction: direction(h),
        soundType: h.soundType >>> 0,
        name: soundTypeName(h.soundType >>> 0),
      };
    case 'SoundTweaked':
      return {
        hook: 'SoundTweaked',
        direction: direction(h),
        waveId: h.waveId >>> 0,
        probability: h.probability,
        priority: h.priority,
        volume: h.volume,
      };
    default:
      return null;
  }
}

function scriptCall(h: AnimationHook): ScriptCall | null {
  return h.type === 'CallPES' ? { scriptId: h.scriptId >>> 0, pause: h.pause } : null;
}

/** A Setup's five DIDs (0 → null). */
export function summarizeSetup(id: number, s: Setup): GraphSetup {
  return {
    id,
    soundTable: didOrNull(s.defaultSoundTable),
    motionTable: didOrNull(s.defaultMotionTable),
    physicsScriptTable: didOrNull(s.defaultScriptTable),
    defaultScript: didOrNull(s.defaultScript),
    defaultAnimation: didOrNull(s.defaultAnimation),
  };
}

/**
 * An Animation's frame count, sound hooks, CallPES hooks and DefaultScript / DefaultScriptPart
 * hooks (part-frame order, file order within a frame).
 */
export function summarizeAnimation(id: number, a: AnimationHooks): GraphAnimation {
  const soundHooks: GraphAnimation['soundHooks'] = [];
  const scriptCalls: GraphAnimation['scriptCalls'] = [];
  const defaultScriptHooks: GraphAnimation['defaultScriptHooks'] = [];
  a.partFrames.forEach((f, frame) => {
    for (const h of f.hooks) {
      const s = soundHookData(h);
      if (s) soundHooks.push({ ...s, frame });
      const c = scriptCall(h);
      if (c) scriptCalls.push({ ...c, frame, direction: direction(h) });
      if (h.type === 'DefaultScript' || h.type === 'DefaultScriptPart')
        defaultScriptHooks.push({ frame, direction: direction(h), hook: h.type });
    }
  });
  return { id, frames: a.partFrames.length, soundHooks, scriptCalls, defaultScriptHooks };
}

/** A MotionTable's distinct Animation ids, ascending. */
export function summarizeMotionTable(id: number, t: MotionTable): GraphMotionTable {
  return { id, animations: motionTableAnimationIds(t) };
}

/** A PhysicsScript's sound and CallPES hooks in the client's order, and its length (s). */
export function summarizePhysicsScript(id: number, p: PhysicsScript): GraphPhysicsScript & { lengthSec: number } {
  const soundHooks: GraphPhysicsScript['soundHooks'] = [];
  const scriptCalls: GraphPhysicsScript['scriptCalls'] = [];
  for (const e of p.entries) {
    const s = soundHookData(e.hook);
    if (s) soundHooks.push({ ...s, time: e.startTime });
    const c = scriptCall(e.hook);
    if (c) scriptCalls.push({ ...c, time: e.startTime });
  }
  return { id, soundHooks, scriptCalls, lengthSec: physicsScriptLength(p) };
}

/** A PhysicsScriptTable's distinct script ids, ascending. */
export function summarizePhysicsScriptTable(id: number, t: PhysicsScriptTable): GraphPhysicsScriptTable {
  return { id, scripts: scriptTableScriptIds(t) };
}

/** A Region's ambient chain: sets (SoundTable + sounds), scene types → set, terrain types → scene types. */
export function summarizeRegion(id: number, r: Region): GraphRegion {
  return {
    id,
    name: r.name,
    ambientSets: r.ambientSets.map((a, index) => ({
      index,
      soundTable: a.soundTableId >>> 0,
      sounds: a.sounds.map((s) => ({
        soundType: s.soundType >>> 0,
        name: soundTypeName(s.soundType >>> 0),
        volume: s.volume,
        baseChance: s.baseChance,
        minRate: s.minRate,
        maxRate: s.maxRate,
      })),
    })),
    sceneTypes: r.sceneTypes.map((s, index) => ({ index, ambientSet: s.stbIndex })),
    terrainTypes: r.terrainTypes.map((t, index) => ({ index, name: t.name, sceneTypes: [...t.sceneTypes] })),
  };
}
