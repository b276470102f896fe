/**
 * Setup ("SetupModel", ids 0x02000000–0x0200FFFF): a multi-part model whose last five DIDs name
 * the object's default Animation, PhysicsScript, MotionTable, SoundTable and PhysicsScriptTable.
 * Layout: docs/formats/sound-sources.md "Setup" (shared spec sound-sources §1).
 */
import { ByteWriter, FLOAT32_LE, INT32_LE, ObjectReader, UINT32_LE, struct } from '../binary';
import type { TokenValue } from '../binary';
import { readArray, readList, readRecords, writeList, writeRecords } from './counted';
import { minAnimFrameSize, readAnimFrame, writeAnimFrame } from './animation';
import type { AnimFrame } from './animation';
import { CYL_SPHERE, FRAME, SPHERE, VECTOR3 } from './geometry';
import type { CylSphere, Sphere, Vector3 } from './geometry';

/** Setup flags (u32, sound-sources §1.1). Bits 2 and 3 carry no data. */
export const SETUP_FLAGS = { HasParent: 0x1, HasDefaultScale: 0x2, AllowFreeHeading: 0x4, HasPhysicsBSP: 0x8 } as const;

/**
 * Holding location / connection point (36 bytes): key (a `ParentLocation`, any u32), the part
 * (i32) and its Frame.
 */
export const LOCATION_ENTRY = struct({ key: UINT32_LE, partId: INT32_LE, frame: FRAME });
export type LocationEntry = TokenValue<typeof LOCATION_ENTRY>;

/**
 * Light (48 bytes): key (client `LIGHTINFO.type`, opaque u32), offset Frame, colour (u32
 * 0xAARRGGBB), intensity, falloff, cone angle — floats raw (real data has 0xCDCDCDCD here, §9).
 */
export const LIGHT_ENTRY = struct({
  key: UINT32_LE,
  offset: FRAME,
  color: UINT32_LE,
  intensity: FLOAT32_LE,
  falloff: FLOAT32_LE,
  coneAngle: FLOAT32_LE,
});
export type LightEntry = TokenValue<typeof LIGHT_ENTRY>;

/** The five trailing DIDs (20 bytes, the object's last bytes). 0 = none. */
export const SETUP_DEFAULTS = struct({
  defaultAnimation: UINT32_LE,
  defaultScript: UINT32_LE,
  defaultMotionTable: UINT32_LE,
  defaultSoundTable: UINT32_LE,
  defaultScriptTable: UINT32_LE,
});
export type SetupDefaults = TokenValue<typeof SETUP_DEFAULTS>;

/** A placement frame: key (a `Placement`, any u32) and an AnimFrame of N parts (hooks parsed, never played). */
export interface PlacementEntry {
  key: number;
  frame: AnimFrame;
}

/** A parsed Setup. */
export interface Setup extends SetupDefaults {
  id: number;
  /** Raw u32, see {@link SETUP_FLAGS}. */
  flags: number;
  /** GfxObj DIDs (0x01xxxxxx), one per part (N = length). */
  parts: number[];
  /** Only if flags HasParent: one u32 per part, 0xFFFFFFFF = root. */
  parentIndex: number[] | null;
  /** Only if flags HasDefaultScale: one Vector3 per part. */
  defaultScale: Vector3[] | null;
  holdingLocations: LocationEntry[];
  connectionPoints: LocationEntry[];
  placementFrames: PlacementEntry[];
  cylSpheres: CylSphere[];
  spheres: Sphere[];
  /** Metres (float32). */
  height: number;
  radius: number;
  stepUpHeight: number;
  stepDownHeight: number;
  sortingSphere: Sphere;
  selectionSphere: Sphere;
  lights: LightEntry[];
}

/**
 * The five default DIDs from the last 20 bytes of a Setup, without parsing the rest
 * (sound-sources §1.1 "shortcut"; `defaultSoundTable` is the u32 at size − 8).
 * @throws ObjectFormatError when the object is shorter than 20 bytes.
 */
export function readSetupDefaults(bytes: Uint8Array): SetupDefaults {
  const r = new ObjectReader(bytes, null);
  if (bytes.length >= 4) r.objectId = r.peek(UINT32_LE, 'object id', 0);
  return r.peek(SETUP_DEFAULTS, 'Setup default DIDs', bytes.length - SETUP_DEFAULTS.len);
}

/**
 * Parses a Setup (sound-sources §1.1). Strict: every count is checked against the remaining bytes
 * before allocation, and the object must end exactly after the five DIDs.
 * @throws ObjectFormatError naming the object id, the structure and the object offset.
 */
export function parseSetup(bytes: Uint8Array): Setup {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const flags = r.u32('Setup flags');
  const parts = readList(r, UINT32_LE, 'part');
  const numParts = parts.length;
  const parentIndex = flags & SETUP_FLAGS.HasParent ? readArray(r, UINT32_LE, numParts, 'parent index') : null;
  const defaultScale = flags & SETUP_FLAGS.HasDefaultScale ? readArray(r, VECTOR3, numParts, 'default scale') : null;
  const holdingLocations = readList(r, LOCATION_ENTRY, 'holding location');
  const connectionPoints = readList(r, LOCATION_ENTRY, 'connection point');
  const placementFrames = readRecords(r, 4 + minAnimFrameSize(numParts), 'placement frame', (i): PlacementEntry => {
    const key = r.u32(`placement frame ${i} key`);
    return { key, frame: readAnimFrame(r, numParts, `placement frame ${i}`) };
  });
  const cylSpheres = readList(r, CYL_SPHERE, 'cylsphere');
  const spheres = readList(r, SPHERE, 'sphere');
  const height = r.f32('height');
  const radius = r.f32('radius');
  const stepUpHeight = r.f32('step-up height');
  const stepDownHeight = r.f32('step-down height');
  const sortingSphere = r.token(SPHERE, 'sorting sphere');
  const selectionSphere = r.token(SPHERE, 'selection sphere');
  const lights = readList(r, LIGHT_ENTRY, 'light');
  const defaults = r.token(SETUP_DEFAULTS, 'default DIDs');
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the Setup`);
  return {
    id,
    flags,
    parts,
    parentIndex,
    defaultScale,
    holdingLocations,
    connectionPoints,
    placementFrames,
    cylSpheres,
    spheres,
    height,
    radius,
    stepUpHeight,
    stepDownHeight,
    sortingSphere,
    selectionSphere,
    lights,
    ...defaults,
  };
}

/**
 * Serializes a Setup exactly as {@link parseSetup} reads it.
 * @throws RangeError when `parentIndex`/`defaultScale` disagree with the flags or the part count,
 *   or a placement frame has the wrong part count.
 */
export function writeSetup(s: Setup): Uint8Array {
  const n = s.parts.length;
  const checkOptional = (present: boolean, arr: readonly unknown[] | null, what: string): void => {
    if (present !== (arr !== null) || (arr !== null && arr.length !== n)) {
      throw new RangeError(`Setup ${what} must be present (one per part) exactly when its flag is set`);
    }
  };
  checkOptional((s.flags & SETUP_FLAGS.HasParent) !== 0, s.parentIndex, 'parentIndex');
  checkOptional((s.flags & SETUP_FLAGS.HasDefaultScale) !== 0, s.defaultScale, 'defaultScale');
  const w = new ByteWriter(256);
  w.u32(s.id);
  w.u32(s.flags);
  writeList(w, UINT32_LE, s.parts);
  for (const p of s.parentIndex ?? []) w.u32(p);
  for (const v of s.defaultScale ?? []) w.token(VECTOR3, v);
  writeList(w, LOCATION_ENTRY, s.holdingLocations);
  writeList(w, LOCATION_ENTRY, s.connectionPoints);
  writeRecords(w, s.placementFrames, (p, i) => {
    w.u32(p.key);
    writeAnimFrame(w, p.frame, n, `placement frame ${i}`);
  });
  writeList(w, CYL_SPHERE, s.cylSpheres);
  writeList(w, SPHERE, s.spheres);
  w.f32(s.height);
  w.f32(s.radius);
  w.f32(s.stepUpHeight);
  w.f32(s.stepDownHeight);
  w.token(SPHERE, s.sortingSphere);
  w.token(SPHERE, s.selectionSphere);
  writeList(w, LIGHT_ENTRY, s.lights);
  w.token(SETUP_DEFAULTS, s);
  return w.finish();
}
