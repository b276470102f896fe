/**
 * Animation (ids 0x03000000–0x0300FFFF): key frames, one Frame per part, each with its hooks.
 * Layout: docs/formats/sound-sources.md "Animation" (shared spec sound-sources §2.1–§2.2).
 * When a frame's hooks fire in time: ./motionTime.ts.
 */
import { ByteWriter, ObjectReader } from '../binary';
import { readHooks, writeHooks } from './animationHooks';
import { checkCount } from './counted';
import type { AnimationHook } from './animationHooks';
import { FRAME } from './geometry';
import type { Frame } from './geometry';

/** One key frame (client `AnimFrame`): a Frame per part, then its hooks in file order. */
export interface AnimFrame {
  partFrames: Frame[];
  hooks: AnimationHook[];
}

/** Animation flags bit 0: root-motion `posFrames` are present. */
export const ANIMATION_POS_FRAMES = 0x1;

/** A parsed Animation. */
export interface Animation {
  id: number;
  /** Raw u32; bit 0 = {@link ANIMATION_POS_FRAMES}, bit 1 "has hooks" gates nothing. */
  flags: number;
  /** Part count N: the length of every AnimFrame's `partFrames`. */
  numParts: number;
  /** Per-frame root displacement; null unless flags bit 0. Same length as `partFrames` when present. */
  posFrames: Frame[] | null;
  /** The F key frames; `partFrames.length` is the on-disk `num_frames`. */
  partFrames: AnimFrame[];
}

/** Bytes of an AnimFrame of N parts with no hooks: 28N frames + u32 hook count. */
export function minAnimFrameSize(numParts: number): number {
  return numParts * FRAME.len + 4;
}

/**
 * Reads one AnimFrame of `numParts` part frames (sound-sources §2.2); shared with Setup placement
 * frames. `where` names it in errors (e.g. "frame 3"). With `keepPartFrames` false the part
 * frames are bounds-checked and skipped (`partFrames` is empty): the fast path for hooks.
 * @throws ObjectFormatError on truncation or a bad hook.
 */
export function readAnimFrame(r: ObjectReader, numParts: number, where: string, keepPartFrames = true): AnimFrame {
  const min = minAnimFrameSize(numParts);
  if (min > r.remaining) r.need(min, `${where} (${numParts} part frames and a hook count)`);
  const partFrames: Frame[] = [];
  if (keepPartFrames) for (let p = 0; p < numParts; p++) partFrames.push(r.token(FRAME, 'part frame'));
  else r.pos += numParts * FRAME.len; // in bounds: checked just above
  return { partFrames, hooks: readHooks(r, where) };
}

/** Writes an AnimFrame; `numParts` must equal `frame.partFrames.length` (RangeError otherwise). */
export function writeAnimFrame(w: ByteWriter, frame: AnimFrame, numParts: number, where: string): void {
  if (frame.partFrames.length !== numParts) {
    throw new RangeError(`${where} has ${frame.partFrames.length} part frames; the owner has ${numParts} parts`);
  }
  for (const f of frame.partFrames) w.token(FRAME, f);
  writeHooks(w, frame.hooks);
}

function readAnimation(bytes: Uint8Array, keepFrames: boolean): Animation {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const flags = r.u32('Animation flags');
  const numParts = r.u32('part count');
  const countAt = r.pos;
  const numFrames = r.u32('frame count');
  const hasPos = (flags & ANIMATION_POS_FRAMES) !== 0;
  const perFrame = (hasPos ? FRAME.len : 0) + minAnimFrameSize(numParts);
  checkCount(r, numFrames, perFrame, `frame (of ${numParts} parts)`, countAt);
  let posFrames: Frame[] | null = null;
  if (hasPos && keepFrames) {
    posFrames = [];
    for (let i = 0; i < numFrames; i++) posFrames.push(r.token(FRAME, `root frame ${i}`));
  } else if (hasPos) {
    r.skip(numFrames * FRAME.len, 'root frames');
  }
  const partFrames: AnimFrame[] = [];
  for (let i = 0; i < numFrames; i++) partFrames.push(readAnimFrame(r, numParts, `frame ${i}`, keepFrames));
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the Animation`);
  return { id, flags, numParts, posFrames, partFrames };
}

/**
 * Parses an Animation: id, flags, N, F, [F root frames if flags bit 0], F AnimFrames
 * (sound-sources §2.1). Strict: the frame count is checked against the remaining bytes before any
 * allocation, and the object must end exactly after the last frame (size check §10.7).
 * Decoding every part Frame is costly (a 20-part, 40-frame Animation holds 800); to list hooks
 * or time them, use {@link readAnimationHooks}.
 * @throws ObjectFormatError naming the object id, the frame ("frame 3") and the object offset —
 *   truncation, an unknown hook type, a count too large, trailing bytes.
 */
export function parseAnimation(bytes: Uint8Array): Animation {
  return readAnimation(bytes, true);
}

/** An Animation's hooks without its geometry: one entry per key frame (index = frame). */
export interface AnimationHooks {
  id: number;
  flags: number;
  numParts: number;
  /** F entries; each holds that frame's hooks in file order. */
  partFrames: { hooks: AnimationHook[] }[];
}

/**
 * The fast read of an Animation for graphs and timelines: the same strict walk as
 * {@link parseAnimation} (same errors, same exact-size check), but part and root Frames are
 * skipped, not decoded. An {@link Animation} is also an `AnimationHooks`.
 * @throws ObjectFormatError as {@link parseAnimation}.
 */
export function readAnimationHooks(bytes: Uint8Array): AnimationHooks {
  const a = readAnimation(bytes, false);
  return { id: a.id, flags: a.flags, numParts: a.numParts, partFrames: a.partFrames.map((f) => ({ hooks: f.hooks })) };
}

/**
 * Serializes an Animation exactly as {@link parseAnimation} reads it.
 * @throws RangeError when `posFrames` disagrees with flags bit 0 or a frame has the wrong part count.
 */
export function writeAnimation(a: Animation): Uint8Array {
  const hasPos = (a.flags & ANIMATION_POS_FRAMES) !== 0;
  if (hasPos !== (a.posFrames !== null) || (a.posFrames !== null && a.posFrames.length !== a.partFrames.length)) {
    throw new RangeError('Animation posFrames must be present (one per frame) exactly when flags bit 0 is set');
  }
  const w = new ByteWriter(64);
  w.u32(a.id);
  w.u32(a.flags);
  w.u32(a.numParts);
  w.u32(a.partFrames.length);
  for (const f of a.posFrames ?? []) w.token(FRAME, f);
  a.partFrames.forEach((f, i) => writeAnimFrame(w, f, a.numParts, `frame ${i}`));
  return w.finish();
}
