/**
 * Animation hooks (client `CAnimHook` and subclasses): the events of an Animation frame, a Setup
 * placement frame and a PhysicsScript entry. Every hook is an 8-byte header (u32 type, i32
 * direction), a payload whose size only the type tells — **there is no length field** — and
 * align4 (from the object start). Layouts and sizes: docs/formats/sound-sources.md "Hooks"
 * (shared spec sound-sources §2.3–§2.5).
 */
import { FLOAT32_LE, UINT32_LE, struct } from '../binary';
import { ObjectFormatError } from '../errors';
import type { TokenValue, ByteWriter, ObjectReader } from '../binary';
import { checkCount } from './counted';
import { FRAME, VECTOR3 } from './geometry';

/** Hook type names; the index is the on-disk type value (0–26, sound-sources §2.5). */
export const HOOK_TYPE_NAMES = [
  'NoOp',
  'Sound',
  'SoundTable',
  'Attack',
  'AnimDone',
  'ReplaceObject',
  'Ethereal',
  'TransparentPart',
  'Luminous',
  'LuminousPart',
  'Diffuse',
  'DiffusePart',
  'Scale',
  'CreateParticle',
  'DestroyParticle',
  'StopParticle',
  'NoDraw',
  'DefaultScript',
  'DefaultScriptPart',
  'CallPES',
  'Transparent',
  'SoundTweaked',
  'SetOmega',
  'TextureVelocity',
  'TextureVelocityPart',
  'SetLight',
  'CreateBlockingParticle',
] as const;
export type HookType = (typeof HOOK_TYPE_NAMES)[number];

/** On-disk value of each hook type name. */
export const HOOK_TYPE: { readonly [K in HookType]: number } = Object.fromEntries(
  HOOK_TYPE_NAMES.map((n, i) => [n, i]),
) as { [K in HookType]: number };

/** Hook direction (client `AnimHookDir`, i32): which play direction fires it (sound-sources §2.3). */
export const HOOK_DIRECTION = { Backward: -1, Both: 0, Forward: 1 } as const;
export type HookDirectionName = keyof typeof HOOK_DIRECTION;

/** 'Both' (0), 'Forward' (1), 'Backward' (−1); null for any other i32 (e.g. −2 "Unknown", not expected on disk). */
export function hookDirectionName(direction: number): HookDirectionName | null {
  return direction === 0 ? 'Both' : direction === 1 ? 'Forward' : direction === -1 ? 'Backward' : null;
}

const U32 = UINT32_LE;
const F32 = FLOAT32_LE;
/** bool32 kept as its raw u32 (0 = false) so a written object is byte-identical. */
const BOOL32 = UINT32_LE;
const NONE = struct({});
const FADE = struct({ start: F32, end: F32, time: F32 });
const PART_FADE = struct({ partIndex: U32, start: F32, end: F32, time: F32 });
const PARTICLE = struct({ emitterInfoId: U32, partIndex: U32, offset: FRAME, emitterId: U32 });

/**
 * The fixed payload of every hook type but ReplaceObject (variable: u8 part index + PackedDID).
 * Sizes (payload; total = 8 + payload rounded up to 4): see sound-sources §2.4.
 * SoundTweaked: **+4 probability, +8 priority** (the client's meaning; peers label them swapped).
 */
export const HOOK_PAYLOADS = {
  NoOp: NONE,
  Sound: struct({ waveId: U32 }),
  SoundTable: struct({ soundType: U32 }),
  Attack: struct({ partIndex: U32, leftX: F32, leftY: F32, rightX: F32, rightY: F32, radius: F32, height: F32 }),
  AnimDone: NONE,
  Ethereal: struct({ ethereal: BOOL32 }),
  TransparentPart: PART_FADE,
  Luminous: FADE,
  LuminousPart: PART_FADE,
  Diffuse: FADE,
  DiffusePart: PART_FADE,
  Scale: struct({ end: F32, time: F32 }),
  CreateParticle: PARTICLE,
  DestroyParticle: struct({ emitterId: U32 }),
  StopParticle: struct({ emitterId: U32 }),
  NoDraw: struct({ noDraw: BOOL32 }),
  DefaultScript: NONE,
  DefaultScriptPart: struct({ partIndex: U32 }),
  CallPES: struct({ scriptId: U32, pause: F32 }),
  Transparent: FADE,
  SoundTweaked: struct({ waveId: U32, probability: F32, priority: F32, volume: F32 }),
  SetOmega: struct({ axis: VECTOR3 }),
  TextureVelocity: struct({ uSpeed: F32, vSpeed: F32 }),
  TextureVelocityPart: struct({ partIndex: U32, uSpeed: F32, vSpeed: F32 }),
  SetLight: struct({ lightsOn: BOOL32 }),
  CreateBlockingParticle: PARTICLE,
} as const;

/** ReplaceObject's payload (client `AnimPartChange`): u8 part index, then PackedDID(0x01000000) GfxObj. */
export interface ReplaceObjectPayload {
  /** u8. */
  partIndex: number;
  /** GfxObj DID (0x01xxxxxx). */
  gfxObjId: number;
}

type PayloadOf<K extends HookType> = K extends keyof typeof HOOK_PAYLOADS
  ? TokenValue<(typeof HOOK_PAYLOADS)[K]>
  : ReplaceObjectPayload;

/**
 * One hook: `type`, the raw i32 `direction` (0 Both, 1 Forward, −1 Backward) and the type's payload
 * fields, e.g. `{type: 'SoundTweaked', direction: 1, waveId, probability, priority, volume}`.
 */
export type AnimationHook = { [K in HookType]: { type: K; direction: number } & PayloadOf<K> }[HookType];
/** The hook of one type, e.g. `HookOf<'Sound'>`. */
export type HookOf<K extends HookType> = Extract<AnimationHook, { type: K }>;
/** The hooks that play a sound directly (retail-engine §3.1 paths 1, 2, 4). */
export type SoundHook = HookOf<'Sound' | 'SoundTable' | 'SoundTweaked'>;

/** True for Sound, SoundTable and SoundTweaked hooks. */
export function isSoundHook(h: AnimationHook): h is SoundHook {
  return h.type === 'Sound' || h.type === 'SoundTable' || h.type === 'SoundTweaked';
}

/** Base of ReplaceObject's PackedDID (GfxObj ids, sound-sources §0.2). */
const GFX_OBJ_BASE = 0x01000000;
/** Smallest hook on disk (header only): bounds a hook count before anything is allocated. */
export const MIN_HOOK_SIZE = 8;

function readPackedDid(r: ObjectReader, base: number, what: string): number {
  const a = r.u16(what);
  if (!(a & 0x8000)) return (base + a) >>> 0;
  const b = r.u16(what);
  return (base + ((a & 0x3fff) * 0x10000 + b)) >>> 0;
}

function writePackedDid(w: ByteWriter, base: number, value: number): void {
  const off = (value >>> 0) - base;
  if (off < 0 || off > 0x3fffffff) {
    throw new RangeError(`0x${(value >>> 0).toString(16)} is not a PackedDID above base 0x${base.toString(16)}`);
  }
  if (off <= 0x3fff) {
    w.u16(off);
  } else {
    w.u16(0x8000 | Math.floor(off / 0x10000));
    w.u16(off & 0xffff);
  }
}

/**
 * Reads one hook at the cursor: header, payload, align4 (sound-sources §2.3–§2.4). `where` names
 * the container for errors, e.g. "frame 3" or "script entry 0".
 * @throws ObjectFormatError on truncation, or on an unknown type (> 26): hooks have no length
 *   field, so an unknown one cannot be skipped; the message names `where` and the hook's offset,
 *   and the error's `structure` (in its wire details) is `where`, e.g. "frame 2".
 */
export function readHook(r: ObjectReader, where: string): AnimationHook {
  const at = r.pos;
  const typeValue = r.u32(`hook type in ${where}`);
  const type = HOOK_TYPE_NAMES[typeValue];
  if (type === undefined) {
    throw new ObjectFormatError(
      r.objectId,
      at,
      `unknown hook type ${typeValue} (0x${typeValue.toString(16).toUpperCase()}) in ${where}; hooks have no length field, so it cannot be skipped`,
      where,
    );
  }
  const direction = r.i32(`${type} hook direction in ${where}`);
  let hook: AnimationHook;
  if (type === 'ReplaceObject') {
    const partIndex = r.u8(`ReplaceObject part index in ${where}`);
    const gfxObjId = readPackedDid(r, GFX_OBJ_BASE, `ReplaceObject GfxObj id in ${where}`);
    hook = { type, direction, partIndex, gfxObjId };
  } else {
    hook = { type, direction, ...r.token(HOOK_PAYLOADS[type], `${type} hook in ${where}`) } as AnimationHook;
  }
  r.align4(`${type} hook padding in ${where}`);
  return hook;
}

/** Writes one hook exactly as {@link readHook} reads it (zero padding to 4). */
export function writeHook(w: ByteWriter, hook: AnimationHook): void {
  w.u32(HOOK_TYPE[hook.type]);
  w.i32(hook.direction);
  if (hook.type === 'ReplaceObject') {
    w.u8(hook.partIndex);
    writePackedDid(w, GFX_OBJ_BASE, hook.gfxObjId);
  } else {
    w.token(HOOK_PAYLOADS[hook.type], hook);
  }
  w.align4();
}

/**
 * Reads a u32 hook count and that many hooks (file order). The count is checked against the bytes
 * that remain (≥ {@link MIN_HOOK_SIZE} each) before anything is allocated.
 */
export function readHooks(r: ObjectReader, where: string): AnimationHook[] {
  const at = r.pos;
  const n = r.u32('hook count');
  if (n === 0) return []; // most frames: no strings built, nothing allocated
  checkCount(r, n, MIN_HOOK_SIZE, `${where} hook`, at);
  const hooks: AnimationHook[] = [];
  for (let i = 0; i < n; i++) hooks.push(readHook(r, where));
  return hooks;
}

/** Writes a u32 hook count and the hooks. */
export function writeHooks(w: ByteWriter, hooks: readonly AnimationHook[]): void {
  w.u32(hooks.length);
  for (const h of hooks) writeHook(w, h);
}

/** Bytes the hook takes on disk (header + payload + pad), e.g. 12 for Sound, 24 for SoundTweaked. */
export function hookByteSize(hook: AnimationHook): number {
  const payload =
    hook.type === 'ReplaceObject'
      ? 1 + ((hook.gfxObjId >>> 0) - GFX_OBJ_BASE <= 0x3fff ? 2 : 4)
      : HOOK_PAYLOADS[hook.type].len;
  return (8 + payload + 3) & ~3;
}
