/**
 * Id ranges and well-known ids of the portal dat (dat-format §3.3, §3.5, §4, §5).
 * Ranges are inclusive and unsigned (`min`/`max` are u32 values, compare with `>>> 0` semantics).
 */

/** An inclusive unsigned id range. */
export interface IdRange {
  readonly min: number;
  readonly max: number;
}

/** Wave objects: 0x0A000000–0x0A00FFFF (dat-format §5, client MasterDBMap DB_TYPE_WAVE). */
export const WAVE_RANGE: IdRange = { min: 0x0a000000, max: 0x0a00ffff };

/** SoundTable objects: 0x20000000–0x2000FFFF (dat-format §4). */
export const SOUND_TABLE_RANGE: IdRange = { min: 0x20000000, max: 0x2000ffff };

/** Setup ("SetupModel") objects: 0x02000000–0x0200FFFF (docs/formats/sound-sources.md, client DB_TYPE_SETUP). */
export const SETUP_RANGE: IdRange = { min: 0x02000000, max: 0x0200ffff };

/** Animation objects: 0x03000000–0x0300FFFF (DB_TYPE_ANIM). */
export const ANIMATION_RANGE: IdRange = { min: 0x03000000, max: 0x0300ffff };

/** MotionTable objects: 0x09000000–0x0900FFFF (DB_TYPE_MTABLE). */
export const MOTION_TABLE_RANGE: IdRange = { min: 0x09000000, max: 0x0900ffff };

/** Region objects: 0x13000000–0x1300FFFF (DB_TYPE_REGION; the EoR dat has one, 0x13000000). */
export const REGION_RANGE: IdRange = { min: 0x13000000, max: 0x1300ffff };

/** PhysicsScript objects: 0x33000000–0x3300FFFF (DB_TYPE_PHYSICS_SCRIPT). */
export const PHYSICS_SCRIPT_RANGE: IdRange = { min: 0x33000000, max: 0x3300ffff };

/** PhysicsScriptTable objects: 0x34000000–0x3400FFFF (DB_TYPE_PHYSICS_SCRIPT_TABLE). */
export const PHYSICS_SCRIPT_TABLE_RANGE: IdRange = { min: 0x34000000, max: 0x3400ffff };

/** Every possible id (the whole B-tree). */
export const ALL_IDS: IdRange = { min: 0, max: 0xffffffff };

/** The iteration record's id (dat-format §3.5). It is ≥ 2^31: always compare ids unsigned. */
export const ITERATION_ID = 0xffff0001;

/** True when `id` (any u32, signed or not) lies in `range`. */
export function inRange(id: number, range: IdRange): boolean {
  const u = id >>> 0;
  return u >= range.min && u <= range.max;
}
