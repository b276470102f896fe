/**
 * Fixed-size geometry records shared by Setup, Animation hooks and MotionTable, as tokens
 * (core/binary). Layouts: docs/formats/sound-sources.md "Shared records" (shared spec
 * sound-sources §0.2). Every float is a little-endian float32 read raw — never sanitised (real
 * data holds uninitialised 0xCDCDCDCD floats, §9).
 */
import { FLOAT32_LE, struct } from '../binary';
import type { TokenValue } from '../binary';

/** Vector3 (12 bytes): x, y, z in metres (or an axis / velocity, by context). */
export const VECTOR3 = struct({ x: FLOAT32_LE, y: FLOAT32_LE, z: FLOAT32_LE });
export type Vector3 = TokenValue<typeof VECTOR3>;

/** Quaternion (16 bytes): **w first on disk**, then x, y, z. */
export const QUATERNION = struct({ w: FLOAT32_LE, x: FLOAT32_LE, y: FLOAT32_LE, z: FLOAT32_LE });
export type Quaternion = TokenValue<typeof QUATERNION>;

/** Frame (client Frame/AFrame, 28 bytes): origin (m) then orientation. */
export const FRAME = struct({ origin: VECTOR3, orientation: QUATERNION });
export type Frame = TokenValue<typeof FRAME>;

/** Sphere (CSphere, 16 bytes): centre (m) and radius (m). */
export const SPHERE = struct({ center: VECTOR3, radius: FLOAT32_LE });
export type Sphere = TokenValue<typeof SPHERE>;

/**
 * CylSphere (CCylSphere, 20 bytes): low point, then **radius before height** on disk (the client's
 * unpacker order; the PDB struct's member order differs).
 */
export const CYL_SPHERE = struct({ lowPoint: VECTOR3, radius: FLOAT32_LE, height: FLOAT32_LE });
export type CylSphere = TokenValue<typeof CYL_SPHERE>;

/** The identity orientation (w = 1). */
export const IDENTITY_FRAME: Frame = { origin: { x: 0, y: 0, z: 0 }, orientation: { w: 1, x: 0, y: 0, z: 0 } };
