import { describe, expect, it } from 'vitest';
import type { AnimData, AnimFrame, Animation, AnimationHook } from './index';
import {
  BACKWARD_START_EPSILON,
  IDENTITY_FRAME,
  clampFrameRange,
  forwardHookTime,
  nodeDuration,
  nodeHookTimes,
  parseMotionTable,
  readAnimationHooks,
  sequenceHookTimes,
  writeAnimation,
} from './index';
import { MOTION_TABLE_10_5 } from '../test/soundSourceExamples';

const sound = (waveId: number, direction = 0): AnimationHook => ({ type: 'Sound', direction, waveId });
const death1: AnimationHook = { type: 'SoundTable', direction: 1, soundType: 0x0f };

/** An Animation of `n` frames with hooks placed by frame. */
function animation(n: number, hooks: Record<number, AnimationHook[]>, id = 0x03000001): Animation {
  const partFrames: AnimFrame[] = Array.from({ length: n }, (_, k) => ({
    partFrames: [IDENTITY_FRAME],
    hooks: hooks[k] ?? [],
  }));
  return { id, flags: 0, numParts: 1, posFrames: null, partFrames };
}
const data = (animId: number, framerate = 30, lowFrame = 0, highFrame = -1): AnimData => ({
  animId,
  lowFrame,
  highFrame,
  framerate,
});

describe('frame range clamp (sound-sources §2.7, client set_animation_id)', () => {
  it('high −1 → last frame', () => expect(clampFrameRange(44, 0, -1)).toEqual({ low: 0, high: 43 }));
  it('high beyond the last frame → last frame (data has such "magic windup" ranges)', () =>
    expect(clampFrameRange(10, 2, 50)).toEqual({ low: 2, high: 9 }));
  it('low beyond the last frame → last frame, then high = low', () =>
    expect(clampFrameRange(10, 12, 3)).toEqual({ low: 9, high: 9 }));
  it('high below low → high = low', () => expect(clampFrameRange(10, 5, 3)).toEqual({ low: 5, high: 5 }));
  it('no frames → null', () => expect(clampFrameRange(0, 0, -1)).toBeNull());
});

describe('a hook on frame k fires when the playhead leaves frame k: t = (k + 1 − low) / r', () => {
  it('frame 0 at 30 fps fires at 1/30 s; frame 3 with low 2 at 10 fps at 0.2 s', () => {
    expect(forwardHookTime(0, 0, 30)).toBeCloseTo(1 / 30, 12);
    expect(forwardHookTime(3, 2, 10)).toBeCloseTo(0.2, 12);
  });

  it('§10.5: Death1 on frame 0 of 0x03000514 (44 frames, 30 fps) fires at ≈ 0.0333 s; the node lasts 44/30 s', () => {
    const a = animation(44, { 0: [death1] }, 0x03000514);
    const t = nodeHookTimes(a, data(0x03000514));
    expect(t.events).toHaveLength(1);
    expect(t.events[0]!.t).toBeCloseTo(0.0333, 4);
    expect(t.events[0]!.frame).toBe(0);
    expect(t.duration).toBeCloseTo(44 / 30, 12);
  });

  it('hooks on the high frame never fire in forward play', () => {
    const a = animation(44, { 43: [sound(1)], 42: [sound(2)] });
    expect(nodeHookTimes(a, data(1)).events.map((e) => e.frame)).toEqual([42]);
    const b = animation(20, { 9: [sound(1)], 8: [sound(2)] });
    expect(nodeHookTimes(b, data(1, 30, 0, 9)).events.map((e) => e.frame)).toEqual([8]);
  });

  it('forward play fires Both and Forward hooks, not Backward ones; file order within a frame', () => {
    const a = animation(5, { 1: [sound(1, -1), sound(2, 1), sound(3, 0)] });
    const e = nodeHookTimes(a, data(1)).events;
    expect(e.map((x) => [x.frame, x.hookIndex, (x.hook as { waveId: number }).waveId])).toEqual([
      [1, 1, 2],
      [1, 2, 3],
    ]);
  });

  it('the speed modifier scales the rate: speed 2 halves every time and the duration', () => {
    const a = animation(10, { 4: [sound(1)] });
    const slow = nodeHookTimes(a, data(1, 30), 1);
    const fast = nodeHookTimes(a, data(1, 30), 2);
    expect(slow.events[0]!.t).toBeCloseTo(5 / 30, 12);
    expect(fast.events[0]!.t).toBeCloseTo(5 / 60, 12);
    expect(fast.rate).toBe(60);
    expect(fast.duration).toBeCloseTo(slow.duration / 2, 12);
  });

  it('frames below low do not fire; times count from low', () => {
    const a = animation(10, { 1: [sound(1)], 3: [sound(2)] });
    const e = nodeHookTimes(a, data(1, 10, 2, 6)).events;
    expect(e.map((x) => x.frame)).toEqual([3]);
    expect(e[0]!.t).toBeCloseTo((3 + 1 - 2) / 10, 12);
  });

  it('node duration is (high − low + 1) / r forward, (high + 1 − 0.0002 − low) / |r| backward; rate 0 never ends and fires nothing', () => {
    expect(nodeDuration({ low: 2, high: 6 }, 10)).toBeCloseTo(0.5, 12);
    expect(nodeDuration({ low: 2, high: 6 }, -10)).toBeCloseTo((5 - BACKWARD_START_EPSILON) / 10, 12);
    const t = nodeHookTimes(animation(5, { 1: [sound(1)] }), data(1, 0));
    expect(t.events).toEqual([]);
    expect(t.duration).toBe(Infinity);
  });
});

describe('backward play (negative rate)', () => {
  it('fires Both and Backward hooks of frames low < k ≤ high at (high + 1 − 0.0002 − k) / |r|; low never fires', () => {
    const a = animation(5, { 0: [sound(0, 0)], 2: [sound(2, -1)], 3: [sound(3, 1)], 4: [sound(4, 0)] });
    const e = nodeHookTimes(a, data(1, -10)).events;
    expect(e.map((x) => x.frame)).toEqual([4, 2]);
    expect(e[0]!.t).toBeCloseTo((4 + 1 - BACKWARD_START_EPSILON - 4) / 10, 12);
    expect(e[1]!.t).toBeCloseTo((4 + 1 - BACKWARD_START_EPSILON - 2) / 10, 12);
  });
});

describe('sequences: each AnimData starts when the previous one ends (§3.4 step 3)', () => {
  it('the MotionTable of §10.5: a link to Dead (0x03000514) then its hooks at link-relative times', () => {
    const t = parseMotionTable(MOTION_TABLE_10_5);
    const idle = animation(10, { 0: [sound(0x0a000001)] }, 0x03000111);
    const dead = animation(44, { 0: [death1] }, 0x03000514);
    const nodes = [
      { animation: idle, data: t.cycles[0]!.anims[0]! },
      { animation: dead, data: t.links[0]!.motions[0]!.anims[0]! },
    ];
    const s = sequenceHookTimes(nodes);
    expect(s.events.map((e) => [e.node, e.frame])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(s.events[1]!.t).toBeCloseTo(10 / 30 + 1 / 30, 12);
    expect(s.duration).toBeCloseTo(54 / 30, 12);
  });

  it('works on the hooks-only read of an Animation the same as on the parsed one', () => {
    const a = animation(12, { 2: [sound(1)], 5: [death1], 11: [sound(2)] });
    const fromHooks = nodeHookTimes(readAnimationHooks(writeAnimation(a)), data(1, 24), 1.5);
    expect(fromHooks).toEqual(nodeHookTimes(a, data(1, 24), 1.5));
    expect(fromHooks.events.map((e) => e.frame)).toEqual([2, 5]);
  });

  it('nodes after a rate-0 node never start', () => {
    const a = animation(3, { 0: [sound(1)] });
    const s = sequenceHookTimes([
      { animation: a, data: data(1, 0) },
      { animation: a, data: data(1, 30) },
    ]);
    expect(s.events).toEqual([]);
    expect(s.duration).toBe(Infinity);
  });
});
