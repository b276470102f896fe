/**
 * When an Animation's hooks fire: the frame → time rule of the client's sequence player
 * (docs/formats/sound-sources.md "When hooks fire"; shared spec sound-sources §2.7). Pure
 * functions; times in seconds from the start of a node (one AnimData being played), rates in
 * frames per second.
 */
import type { AnimationHooks } from './animation';
import type { AnimationHook } from './animationHooks';
import type { AnimData } from './motionTable';

/**
 * The client's backward-play start offset: a backward node starts at frame `high + 1 − 0.0002`
 * (F_EPSILON), so its first hook fires a hair before a whole frame has passed.
 */
export const BACKWARD_START_EPSILON = 0.0002;

/** The rate a Setup's default animation (and any AnimData built in code) plays at: 30 frames/s. */
export const DEFAULT_FRAMERATE = 30;

/** A node's frame range after the client's clamp. */
export interface FrameRange {
  low: number;
  high: number;
}

/**
 * Clamps an AnimData's frame range to an Animation of `numFrames` frames, in the client's order
 * (`set_animation_id`): high < 0 → last frame; low ≥ F → F − 1; high ≥ F → F − 1; high < low →
 * high = low. Null when the Animation has no frames. E.g. (44 frames, 0, −1) → {0, 43};
 * (10 frames, 2, 50) → {2, 9}.
 */
export function clampFrameRange(numFrames: number, lowFrame: number, highFrame: number): FrameRange | null {
  if (numFrames <= 0) return null;
  let low = lowFrame;
  let high = highFrame;
  if (high < 0) high = numFrames - 1;
  if (low >= numFrames) low = numFrames - 1;
  if (high >= numFrames) high = numFrames - 1;
  if (high < low) high = low;
  return { low, high };
}

/**
 * Seconds after a forward node starts (rate r > 0) at which the hooks of frame k fire: when the
 * playhead LEAVES frame k, t = (k + 1 − low) / r. E.g. frame 0, low 0, 30 fps → 1/30 s.
 * (Hooks on `high` never fire forward: see {@link nodeHookTimes}.)
 */
export function forwardHookTime(frame: number, low: number, rate: number): number {
  return (frame + 1 - low) / rate;
}

/**
 * Seconds after a backward node starts (rate r < 0) at which the hooks of frame k fire: the node
 * starts at high + 1 − 0.0002 and frame k fires when the playhead drops below k,
 * t = (high + 1 − 0.0002 − k) / |r|.
 */
export function backwardHookTime(frame: number, high: number, rate: number): number {
  return (high + 1 - BACKWARD_START_EPSILON - frame) / Math.abs(rate);
}

/**
 * A node's duration in seconds: forward (r > 0) (high − low + 1) / r, from frame low until the
 * playhead passes high + 1 (the client's; one frame longer than ACE's `GetAnimationLength`);
 * backward (r < 0) (high + 1 − 0.0002 − low) / |r|, from its start frame until it drops below low
 * (`update_internal` carries the time past low into the next node). Infinity for a rate of 0
 * (the node never ends).
 */
export function nodeDuration(range: FrameRange, rate: number): number {
  if (rate === 0) return Infinity;
  const frames = range.high - range.low + 1 - (rate < 0 ? BACKWARD_START_EPSILON : 0);
  return frames / Math.abs(rate);
}

/** A hook and when it fires. */
export interface TimedHook {
  /** Seconds from the start of the node (or of the sequence, in {@link sequenceHookTimes}). */
  t: number;
  /** Part-frame index of the Animation. */
  frame: number;
  /** Index of the hook within its frame (file order). */
  hookIndex: number;
  hook: AnimationHook;
}

/** The hooks one node fires, with its clamped range, effective rate and duration. */
export interface NodeTimes {
  range: FrameRange | null;
  /** Effective frame rate: AnimData.framerate × speed (frames/s; negative = backwards). */
  rate: number;
  /** Seconds; 0 for an Animation without frames, Infinity for rate 0. */
  duration: number;
  /** In firing order: by time, then frame, then file order within a frame. */
  events: TimedHook[];
}

/**
 * The hooks one pass of an AnimData over `animation` (an Animation or its hooks) fires, and when
 * (sound-sources §2.7).
 * The rate is `data.framerate × speed` (the motion's speed modifier scales it).
 * - Forward (r > 0): frames k with low ≤ k < high fire their direction 0 (Both) and +1 (Forward)
 *   hooks at t = (k + 1 − low) / r. Hooks on frame `high` never fire: the playhead is clamped there.
 * - Backward (r < 0): frames k with low < k ≤ high fire their 0 and −1 (Backward) hooks at
 *   t = (high + 1 − 0.0002 − k) / |r|; hooks on `low` never fire.
 * - r = 0: nothing fires.
 * Example (sound-sources §10.5): Animation 0x03000514, 44 frames, (0, −1, 30 fps): a Forward hook
 * on frame 0 fires at 1/30 s; the node lasts 44/30 s; a hook on frame 43 never fires.
 */
export function nodeHookTimes(animation: AnimationHooks, data: AnimData, speed = 1): NodeTimes {
  const rate = data.framerate * speed;
  const range = clampFrameRange(animation.partFrames.length, data.lowFrame, data.highFrame);
  if (!range) return { range, rate, duration: 0, events: [] };
  const events: TimedHook[] = [];
  if (rate > 0) {
    for (let k = Math.max(range.low, 0); k < range.high; k++) {
      animation.partFrames[k]!.hooks.forEach((hook, hookIndex) => {
        if (hook.direction === 0 || hook.direction === 1) {
          events.push({ t: forwardHookTime(k, range.low, rate), frame: k, hookIndex, hook });
        }
      });
    }
  } else if (rate < 0) {
    for (let k = range.high; k > range.low && k >= 0; k--) {
      animation.partFrames[k]!.hooks.forEach((hook, hookIndex) => {
        if (hook.direction === 0 || hook.direction === -1) {
          events.push({ t: backwardHookTime(k, range.high, rate), frame: k, hookIndex, hook });
        }
      });
    }
  }
  return { range, rate, duration: nodeDuration(range, rate), events };
}

/** One node of a sequence: an AnimData and the Animation it names. */
export interface SequenceNode {
  /** A parsed Animation or just its hooks ({@link readAnimationHooks}). */
  animation: AnimationHooks;
  data: AnimData;
  /**
   * The speed modifier this node plays at (core/objects/motionRecipe `RecipeStep.speed`: the
   * client's `add_motion` speed; negative = backwards); absent = the sequence's speed.
   */
  speed?: number;
}

/** A hook of a sequence: its node index and its time from the sequence start. */
export interface SequenceHook extends TimedHook {
  node: number;
}

/**
 * The hooks of AnimData played one after another (a motion's links, then its cycle, once): each
 * node starts when the previous one ends (sound-sources §3.4 step 3), at its own speed
 * (`node.speed`, else `speed`), forward or backward by the sign of its rate. `duration` is the sum
 * of the node durations. Nodes after one with rate 0 never start. Closed form: no time step, so
 * the result is what the client's per-tick update fires for any tick schedule (pitfalls §22).
 */
export function sequenceHookTimes(
  nodes: readonly SequenceNode[],
  speed = 1,
): { duration: number; events: SequenceHook[] } {
  let start = 0;
  const events: SequenceHook[] = [];
  nodes.forEach((n, node) => {
    if (!Number.isFinite(start)) return;
    const times = nodeHookTimes(n.animation, n.data, n.speed ?? speed);
    for (const e of times.events) events.push({ ...e, t: start + e.t, node });
    start += times.duration;
  });
  return { duration: start, events };
}
