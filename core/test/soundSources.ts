/**
 * Synthetic sound-source objects (Setup, Animation, MotionTable, PhysicsScript,
 * PhysicsScriptTable, Region) for tests, the demo dat and the bench: small valid values built to
 * docs/formats/sound-sources.md and serialized by core/objects' own writers (symmetric with the
 * readers). No real game data.
 */
import { IDENTITY_FRAME, REGION_PARTS } from '../objects';
import type {
  AmbientSTBDesc,
  AnimData,
  AnimFrame,
  Animation,
  AnimationHook,
  MotionData,
  MotionTable,
  PhysicsScript,
  Region,
  Setup,
} from '../objects';

const f32 = Math.fround;
const SPHERE = { center: { x: 0, y: 0, z: f32(0.5) }, radius: f32(0.5) };

/** The five default DIDs of a Setup (0 = none). */
export interface SetupDids {
  soundTable?: number;
  motionTable?: number;
  physicsScriptTable?: number;
  defaultScript?: number;
  defaultAnimation?: number;
}

/** A one-part Setup (one placement frame, one sphere) with the given DIDs. */
export function sampleSetup(id: number, dids: SetupDids = {}): Setup {
  return {
    id,
    flags: 0,
    parts: [0x01000001],
    parentIndex: null,
    defaultScale: null,
    holdingLocations: [],
    connectionPoints: [],
    placementFrames: [{ key: 0, frame: { partFrames: [IDENTITY_FRAME], hooks: [] } }],
    cylSpheres: [],
    spheres: [SPHERE],
    height: 1,
    radius: f32(0.5),
    stepUpHeight: f32(0.25),
    stepDownHeight: f32(0.25),
    sortingSphere: SPHERE,
    selectionSphere: SPHERE,
    lights: [],
    defaultAnimation: dids.defaultAnimation ?? 0,
    defaultScript: dids.defaultScript ?? 0,
    defaultMotionTable: dids.motionTable ?? 0,
    defaultSoundTable: dids.soundTable ?? 0,
    defaultScriptTable: dids.physicsScriptTable ?? 0,
  };
}

/** Hook constructors (direction 0 Both, 1 Forward, −1 Backward; sound-sources §2.4). */
export const hook = {
  sound: (waveId: number, direction = 0): AnimationHook => ({ type: 'Sound', direction, waveId }),
  soundTable: (soundType: number, direction = 0): AnimationHook => ({ type: 'SoundTable', direction, soundType }),
  tweaked: (waveId: number, probability: number, priority: number, volume: number, direction = 0): AnimationHook => ({
    type: 'SoundTweaked',
    direction,
    waveId,
    probability: f32(probability),
    priority: f32(priority),
    volume: f32(volume),
  }),
  callPes: (scriptId: number, pause = 0, direction = 0): AnimationHook => ({
    type: 'CallPES',
    direction,
    scriptId,
    pause: f32(pause),
  }),
  noDraw: (direction = 0): AnimationHook => ({ type: 'NoDraw', direction, noDraw: 0 }),
  /** 0x11: plays the object's default script (no payload). */
  defaultScript: (direction = 0): AnimationHook => ({ type: 'DefaultScript', direction }),
  /** 0x12: `part_index` (u32). */
  defaultScriptPart: (partIndex: number, direction = 0): AnimationHook => ({
    type: 'DefaultScriptPart',
    direction,
    partIndex,
  }),
};

/**
 * An Animation of `frames` frames and `numParts` parts (identity part frames), with `hooks[k]`
 * on frame k (file order).
 */
export function sampleAnimation(
  id: number,
  frames: number,
  hooks: Record<number, AnimationHook[]> = {},
  numParts = 1,
): Animation {
  const partFrames: AnimFrame[] = [];
  for (let k = 0; k < frames; k++)
    partFrames.push({ partFrames: Array.from({ length: numParts }, () => IDENTITY_FRAME), hooks: hooks[k] ?? [] });
  return { id, flags: 0, numParts, posFrames: null, partFrames };
}

/** An AnimData (whole animation by default, 30 frames/s). */
export function animData(animId: number, framerate = 30, lowFrame = 0, highFrame = -1): AnimData {
  return { animId, lowFrame, highFrame, framerate: f32(framerate) };
}

/** A MotionData keyed `key` playing `anims` (no velocity/omega). */
export function motionData(key: number, anims: AnimData[]): MotionData {
  return { key, bitfield: 0, flags: 0, anims, velocity: null, omega: null };
}

/** MotionCommands and stances used by the samples (sound-sources §3.3). */
export const MOTION = {
  NonCombat: 0x8000003d,
  Ready: 0x41000003,
  WalkForward: 0x45000005,
  Dead: 0x40000011,
  AttackHigh1: 0x10000062,
  Twitch1: 0x10000051,
} as const;

/** `(style << 16) | (motion & 0xFFFFFF)` (sound-sources §3.3). */
export const key = (style: number, motion: number): number => ((style << 16) | (motion & 0xffffff)) >>> 0;

/**
 * A creature's MotionTable in NonCombat (sound-sources §3.3): Ready cycle `idle`, WalkForward
 * cycle `walk`, an AttackHigh1 action link from Ready (`attack`), a Dead link from Ready
 * (`death`) and the Dead cycle (`corpse`).
 */
export function creatureMotionTable(
  id: number,
  a: { idle: number; walk: number; attack: number; death: number; corpse: number },
): MotionTable {
  const S = MOTION.NonCombat;
  return {
    id,
    defaultStyle: S,
    styleDefaults: [{ style: S, substate: MOTION.Ready }],
    cycles: [
      motionData(key(S, MOTION.Ready), [animData(a.idle)]),
      motionData(key(S, MOTION.WalkForward), [animData(a.walk)]),
      motionData(key(S, MOTION.Dead), [animData(a.corpse)]),
    ],
    modifiers: [],
    links: [
      {
        key: key(S, MOTION.Ready),
        motions: [motionData(MOTION.AttackHigh1, [animData(a.attack)]), motionData(MOTION.Dead, [animData(a.death)])],
      },
    ],
  };
}

/** A PhysicsScript whose entries are given as (start time s, hook), written in that order. */
export function sampleScript(id: number, entries: [number, AnimationHook][]): PhysicsScript {
  return { id, entries: entries.map(([startTime, h], fileIndex) => ({ startTime, hook: h, fileIndex })) };
}

/**
 * A Region with sound and scene parts: `ambientSets`, one scene type per set (scene type g →
 * set g), and terrain types `terrains` (name → scene-type indices, null = 0xFFFFFFFF).
 */
export function sampleRegion(
  id: number,
  name: string,
  ambientSets: AmbientSTBDesc[],
  terrains: [string, (number | null)[]][],
): Region {
  return {
    id,
    regionNumber: 1,
    version: 3,
    name,
    landDefs: {
      numBlockLength: 255,
      numBlockWidth: 255,
      squareLength: 24,
      lblockLength: 8,
      vertexPerCell: 1,
      maxObjHeight: 200,
      skyHeight: 1000,
      roadWidth: 5,
    },
    heightTable: Array.from({ length: 256 }, (_, i) => i * 2),
    gameTime: {
      zeroTimeOfYear: 0,
      zeroYear: 0,
      dayLength: 0,
      daysPerYear: 0,
      yearSpec: '',
      timesOfDay: [],
      daysOfWeek: [],
      seasons: [],
    },
    partsMask: REGION_PARTS.Sound | REGION_PARTS.Scene,
    sky: null,
    ambientSets,
    sceneTypes: ambientSets.map((_, g) => ({ stbIndex: g, scenes: [] })),
    terrainTypes: terrains.map(([tname, sceneTypes]) => ({ name: tname, color: 0xff808080, sceneTypes })),
    landSurface: { baseTexSize: 0, cornerTerrainMaps: [], sideTerrainMaps: [], roadMaps: [], terrainDescs: [] },
    misc: null,
  };
}
