/**
 * The worked examples of docs/formats/sound-sources.md (shared spec sound-sources §10) as bytes,
 * copied from the hex dumps in the docs, and the values they decode to. Tests read and write
 * them byte for byte; other tests (graph, timelines) may build on them.
 */
import type {
  AmbientSTBDesc,
  AnimFrame,
  MotionData,
  MotionTable,
  PhysicsScript,
  PhysicsScriptTable,
  Setup,
} from '../objects';
import { IDENTITY_FRAME } from '../objects';
import { hexDump } from './hexDump';

const f32 = Math.fround;
const v3 = (x: number, y: number, z: number) => ({ x: f32(x), y: f32(y), z: f32(z) });
const sphere = (x: number, y: number, z: number, r: number) => ({ center: v3(x, y, z), radius: f32(r) });
const md = (key: number, anims: MotionData['anims']): MotionData => ({
  key,
  bitfield: 0,
  flags: 0,
  anims,
  velocity: null,
  omega: null,
});
const ad = (animId: number) => ({ animId, lowFrame: 0, highFrame: -1, framerate: 30 });

/** §10.1: the minimal Setup, 160 bytes. */
export const SETUP_10_1 = hexDump(`
0000: 99 09 00 02 00 00 00 00 01 00 00 00 AB 08 00 01
0010: 00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00
0020: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 80 3F
0030: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
0040: 00 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00
0050: 00 00 00 3F 00 00 00 3F 00 00 80 3F 00 00 00 3F
0060: 00 00 80 3E 00 00 80 3E 00 00 00 00 00 00 00 00
0070: 00 00 00 3F 00 00 00 3F 00 00 00 00 00 00 00 00
0080: 00 00 00 3F 00 00 00 3F 00 00 00 00 11 01 00 03
0090: 00 00 00 00 22 02 00 09 14 00 00 20 04 00 00 34
`);

export const SETUP_10_1_VALUE: Setup = {
  id: 0x02000999,
  flags: 0,
  parts: [0x010008ab],
  parentIndex: null,
  defaultScale: null,
  holdingLocations: [],
  connectionPoints: [],
  placementFrames: [{ key: 0, frame: { partFrames: [IDENTITY_FRAME], hooks: [] } }],
  cylSpheres: [],
  spheres: [sphere(0, 0, 0.5, 0.5)],
  height: 1,
  radius: 0.5,
  stepUpHeight: 0.25,
  stepDownHeight: 0.25,
  sortingSphere: sphere(0, 0, 0.5, 0.5),
  selectionSphere: sphere(0, 0, 0.5, 0.5),
  lights: [],
  defaultAnimation: 0x03000111,
  defaultScript: 0,
  defaultMotionTable: 0x09000222,
  defaultSoundTable: 0x20000014,
  defaultScriptTable: 0x34000004,
};

export const ANIM_FRAME_10_2 = hexDump(`
+00: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 80 3F   part frame: origin 0, w = 1
+10: 00 00 00 00 00 00 00 00 00 00 00 00 02 00 00 00   x,y,z = 0 | hook count 2
+20: 02 00 00 00 01 00 00 00 0F 00 00 00 05 00 00 00   SoundTable, Forward, Death1 | type 5
+30: 00 00 00 00 03 23 01 00                           dir Both | part 3, DID 0x0123, pad
`);

export const ANIM_FRAME_10_2_VALUE: AnimFrame = {
  partFrames: [IDENTITY_FRAME],
  hooks: [
    { type: 'SoundTable', direction: 1, soundType: 0x0f },
    { type: 'ReplaceObject', direction: 0, partIndex: 3, gfxObjId: 0x01000123 },
  ],
};

/** §10.3: two entries given out of order, 60 bytes. */
export const SCRIPT_10_3 = hexDump(`
0000: 99 09 00 33 02 00 00 00 00 00 00 00 00 00 E0 3F   id, E = 2, t = 0.5 (f64)
0010: 01 00 00 00 00 00 00 00 62 02 00 0A 00 00 00 00   Sound hook, Both, wave 0x0A000262 | t = 0.0 …
0020: 00 00 00 00 15 00 00 00 00 00 00 00 74 02 00 0A   … (f64) | SoundTweaked, Both, wave 0x0A000274
0030: 33 33 33 3F 66 66 66 3F CD CC 4C 3F               prob 0.7, prio 0.9, vol 0.8
`);

export const SCRIPT_10_3_VALUE: PhysicsScript = {
  id: 0x33000999,
  entries: [
    {
      startTime: 0,
      fileIndex: 1,
      hook: {
        type: 'SoundTweaked',
        direction: 0,
        waveId: 0x0a000274,
        probability: f32(0.7),
        priority: f32(0.9),
        volume: f32(0.8),
      },
    },
    { startTime: 0.5, fileIndex: 0, hook: { type: 'Sound', direction: 0, waveId: 0x0a000262 } },
  ],
};

/** §10.4: 40 bytes, the values published for 0x34000004 / SwapHealth_Yellow_To_Red. */
export const PST_10_4 = hexDump(`
0000: 04 00 00 34 01 00 00 00 4B 00 00 00 03 00 00 00   id, T = 1, type 0x4B, n = 3
0010: 00 00 00 00 8F 01 00 33 00 00 00 3F 90 01 00 33   (0.0, 0x3300018F) (0.5, 0x33000190)
0020: 00 00 80 3F 91 01 00 33                           (1.0, 0x33000191)
`);

export const PST_10_4_VALUE: PhysicsScriptTable = {
  id: 0x34000004,
  types: [
    {
      type: 0x4b,
      scripts: [
        { mod: 0, scriptId: 0x3300018f },
        { mod: 0.5, scriptId: 0x33000190 },
        { mod: 1, scriptId: 0x33000191 },
      ],
    },
  ],
};

/** §10.5: idle cycle + one link to Dead, 88 bytes. */
export const MOTION_TABLE_10_5 = hexDump(`
0000: 99 09 00 09 3D 00 00 80 01 00 00 00 3D 00 00 80   id, default_style NonCombat, D = 1, NonCombat →
0010: 03 00 00 41 01 00 00 00 03 00 3D 00 01 00 00 00   Ready | Cy = 1 | key 0x003D0003, A = 1, bitfield 0, flags 0, pad 0
0020: 11 01 00 03 00 00 00 00 FF FF FF FF 00 00 F0 41   anim 0x03000111, low 0, high −1, 30 fps
0030: 00 00 00 00 01 00 00 00 03 00 3D 00 01 00 00 00   M = 0 | Lk = 1 | outer 0x003D0003, n = 1
0040: 11 00 00 40 01 00 00 00 14 05 00 03 00 00 00 00   key Dead 0x40000011, A = 1, 0, 0, pad | anim 0x03000514, low 0
0050: FF FF FF FF 00 00 F0 41                           high −1, 30 fps
`);

export const MOTION_TABLE_10_5_VALUE: MotionTable = {
  id: 0x09000999,
  defaultStyle: 0x8000003d,
  styleDefaults: [{ style: 0x8000003d, substate: 0x41000003 }],
  cycles: [md(0x003d0003, [ad(0x03000111)])],
  modifiers: [],
  links: [{ key: 0x003d0003, motions: [md(0x40000011, [ad(0x03000514)])] }],
};

/** §10.6: Region prefix, 20 bytes. */
export const REGION_PREFIX_10_6 = hexDump(`
0000: 00 00 00 13 01 00 00 00 03 00 00 00 06 00 44 65   id, region 1, version 3, len 6, "De
0010: 72 65 74 68                                       reth"  → 20 bytes, already 4-aligned
`);

/** §10.6: an AmbientSTBDesc with one continuous and one intermittent sound, 48 bytes. */
export const AMBIENT_SET_10_6 = hexDump(`
0000: C5 00 00 20 02 00 00 00 46 00 00 00 00 00 00 3F   STB 0x200000C5, a = 2 | Ambient1, vol 0.5
0010: 00 00 00 00 00 00 40 40 00 00 40 40 47 00 00 00   base_chance 0 (continuous), min 3, max 3 | Ambient2
0020: 00 00 80 3F CD CC 4C 3E 00 00 20 41 00 00 F0 41   vol 1.0, base_chance 0.2, min 10, max 30
`);

export const AMBIENT_SET_10_6_VALUE: AmbientSTBDesc = {
  soundTableId: 0x200000c5,
  sounds: [
    { soundType: 0x46, volume: 0.5, baseChance: 0, minRate: 3, maxRate: 3 },
    { soundType: 0x47, volume: 1, baseChance: f32(0.2), minRate: 10, maxRate: 30 },
  ],
};
