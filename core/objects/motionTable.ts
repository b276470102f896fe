/**
 * MotionTable (ids 0x09000000–0x0900FFFF): maps (stance, motion) to the Animations played, with
 * their frame ranges and frame rates — the source of every hook's timing.
 * Layout: docs/formats/sound-sources.md "MotionTable" (shared spec sound-sources §3.1–§3.2).
 * Which MotionData a motion reaches: ./motionRecipe.ts.
 */
import { ByteWriter, FLOAT32_LE, INT32_LE, ObjectReader, UINT32_LE, struct } from '../binary';
import type { TokenValue } from '../binary';
import { readArray, readList, readRecords, writeList, writeRecords } from './counted';
import { VECTOR3 } from './geometry';
import type { Vector3 } from './geometry';

/**
 * AnimData (16 bytes): an Animation DID, its frame range and rate. `highFrame` −1 = last frame;
 * `framerate` in frames per second, negative = played backwards (sound-sources §3.2, §2.7).
 */
export const ANIM_DATA = struct({ animId: UINT32_LE, lowFrame: INT32_LE, highFrame: INT32_LE, framerate: FLOAT32_LE });
export type AnimData = TokenValue<typeof ANIM_DATA>;

/** A (stance → default substate) pair, 8 bytes. */
export const STYLE_DEFAULT = struct({ style: UINT32_LE, substate: UINT32_LE });
export type StyleDefault = TokenValue<typeof STYLE_DEFAULT>;

/** MotionData flags (u8). */
export const MOTION_DATA_FLAGS = { HasVelocity: 0x1, HasOmega: 0x2 } as const;

/** One MotionData record (client `MotionData`). */
export interface MotionData {
  /** Cycle/modifier key `(style << 16) | (motion & 0xFFFFFF)`, or the full target motion inside a link table. */
  key: number;
  /** u8: bit 0 clears modifiers when the motion starts; bit 1 restricts when it is allowed. */
  bitfield: number;
  /** u8: see {@link MOTION_DATA_FLAGS}. */
  flags: number;
  /** Played in order (u8 count on disk, so ≤ 255). */
  anims: AnimData[];
  /** m/s; present only if flags bit 0. */
  velocity: Vector3 | null;
  /** rad/s; present only if flags bit 1. */
  omega: Vector3 | null;
}

/** A link table: its outer key `(style << 16) | (from & 0xFFFFFF)` and the MotionData keyed by target motion. */
export interface MotionLinks {
  key: number;
  motions: MotionData[];
}

/** A parsed MotionTable. Every list is in FILE order (hash-bucket order, not sorted). */
export interface MotionTable {
  id: number;
  /** A stance MotionCommand (class 0x80000000), e.g. 0x8000003D NonCombat. */
  defaultStyle: number;
  styleDefaults: StyleDefault[];
  cycles: MotionData[];
  modifiers: MotionData[];
  links: MotionLinks[];
}

/** Smallest MotionData: key + 3 u8 + pad. */
const MIN_MOTION_DATA = 8;
/** Smallest link table: key + count. */
const MIN_LINKS = 8;

/** Size of a MotionData on disk: 8 + 16A + 12 (velocity) + 12 (omega) — the §10.7 check. */
export function motionDataByteSize(m: MotionData): number {
  return 8 + ANIM_DATA.len * m.anims.length + (m.velocity ? 12 : 0) + (m.omega ? 12 : 0);
}

function readMotionData(r: ObjectReader, what: string): MotionData {
  const key = r.u32(`${what} key`);
  const numAnims = r.u8(`${what} animation count`);
  const bitfield = r.u8(`${what} bitfield`);
  const flags = r.u8(`${what} flags`);
  r.align4(`${what} padding`);
  const anims = readArray(r, ANIM_DATA, numAnims, `${what} AnimData`);
  const velocity = flags & MOTION_DATA_FLAGS.HasVelocity ? r.token(VECTOR3, `${what} velocity`) : null;
  const omega = flags & MOTION_DATA_FLAGS.HasOmega ? r.token(VECTOR3, `${what} omega`) : null;
  return { key, bitfield, flags, anims, velocity, omega };
}

function writeMotionData(w: ByteWriter, m: MotionData): void {
  const hasVel = (m.flags & MOTION_DATA_FLAGS.HasVelocity) !== 0;
  const hasOmega = (m.flags & MOTION_DATA_FLAGS.HasOmega) !== 0;
  if (hasVel !== (m.velocity !== null) || hasOmega !== (m.omega !== null)) {
    throw new RangeError(
      `MotionData 0x${m.key.toString(16)}: velocity/omega must be present exactly when their flag is set`,
    );
  }
  if (m.anims.length > 0xff)
    throw new RangeError(`MotionData 0x${m.key.toString(16)}: ${m.anims.length} AnimData (u8 count)`);
  w.u32(m.key);
  w.u8(m.anims.length);
  w.u8(m.bitfield);
  w.u8(m.flags);
  w.align4();
  for (const a of m.anims) w.token(ANIM_DATA, a);
  if (m.velocity) w.token(VECTOR3, m.velocity);
  if (m.omega) w.token(VECTOR3, m.omega);
}

/**
 * Parses a MotionTable (sound-sources §3.1): default style, style defaults, cycles, modifiers,
 * link tables — all counts u32 except a MotionData's u8 animation count. Strict: counts checked
 * before allocation, no trailing bytes.
 * @throws ObjectFormatError naming the object id, the record ("cycle 3", "link 0 motion 2") and the offset.
 */
export function parseMotionTable(bytes: Uint8Array): MotionTable {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const defaultStyle = r.u32('default style');
  const styleDefaults = readList(r, STYLE_DEFAULT, 'style default');
  const cycles = readRecords(r, MIN_MOTION_DATA, 'cycle', (i) => readMotionData(r, `cycle ${i}`));
  const modifiers = readRecords(r, MIN_MOTION_DATA, 'modifier', (i) => readMotionData(r, `modifier ${i}`));
  const links = readRecords(r, MIN_LINKS, 'link table', (i): MotionLinks => {
    const key = r.u32(`link table ${i} key`);
    const motions = readRecords(r, MIN_MOTION_DATA, `link table ${i} motion`, (j) =>
      readMotionData(r, `link table ${i} motion ${j}`),
    );
    return { key, motions };
  });
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the MotionTable`);
  return { id, defaultStyle, styleDefaults, cycles, modifiers, links };
}

/**
 * Serializes a MotionTable exactly as {@link parseMotionTable} reads it (lists in array order).
 * @throws RangeError when a MotionData's velocity/omega disagree with its flags or it has > 255 AnimData.
 */
export function writeMotionTable(t: MotionTable): Uint8Array {
  const w = new ByteWriter(128);
  w.u32(t.id);
  w.u32(t.defaultStyle);
  writeList(w, STYLE_DEFAULT, t.styleDefaults);
  writeRecords(w, t.cycles, (m) => writeMotionData(w, m));
  writeRecords(w, t.modifiers, (m) => writeMotionData(w, m));
  writeRecords(w, t.links, (l) => {
    w.u32(l.key);
    writeRecords(w, l.motions, (m) => writeMotionData(w, m));
  });
  return w.finish();
}

/** Every distinct Animation id the table references (cycles, modifiers, links), ascending. */
export function motionTableAnimationIds(t: MotionTable): number[] {
  const ids = new Set<number>();
  const add = (m: MotionData): void => m.anims.forEach((a) => ids.add(a.animId >>> 0));
  t.cycles.forEach(add);
  t.modifiers.forEach(add);
  t.links.forEach((l) => l.motions.forEach(add));
  return [...ids].sort((a, b) => a - b);
}
