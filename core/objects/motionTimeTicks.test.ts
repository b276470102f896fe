/**
 * The closed-form hook times (motionTime.ts) against a tick-by-tick reference of the client's
 * sequence update (shared spec sound-sources §2.7 "Playback", `CSequence::update_internal`):
 * for any tick schedule the same hooks fire, each once, in the tick that holds its closed-form
 * time, and the sequence ends when the closed form says (pitfalls §22: "its output does not depend
 * on dt"; §23: "each hook fires exactly once per pass, in the direction its Direction allows").
 */
import { describe, expect, it } from 'vitest';
import type { AnimData, AnimFrame, Animation, AnimationHook, SequenceNode } from './index';
import { BACKWARD_START_EPSILON, IDENTITY_FRAME, clampFrameRange, sequenceHookTimes } from './index';

const sound = (waveId: number, direction: number): AnimationHook => ({ type: 'Sound', direction, waveId });

function animation(n: number, hooks: Record<number, AnimationHook[]>): Animation {
  const partFrames: AnimFrame[] = Array.from({ length: n }, (_, k) => ({
    partFrames: [IDENTITY_FRAME],
    hooks: hooks[k] ?? [],
  }));
  return { id: 0x03000001, flags: 0, numParts: 1, posFrames: null, partFrames };
}
const data = (framerate: number, lowFrame = 0, highFrame = -1): AnimData => ({
  animId: 0x03000001,
  lowFrame,
  highFrame,
  framerate,
});

interface Fired {
  node: number;
  frame: number;
  hookIndex: number;
  /** The tick it fired in: (start, end] in seconds. */
  tick: [number, number];
}

/**
 * The client's update, tick by tick: `frame += rate × dt`; forward, frames floor(old) ≤ k < floor(new)
 * fire their Both/Forward hooks and past high the frame clamps to high, the leftover time carried
 * into the next node (which starts at low, or at high + 1 − 0.0002 backward); backward, frames
 * floor(new) < k ≤ floor(old) fire Both/Backward hooks and below low the frame clamps to low.
 */
function simulate(nodes: SequenceNode[], speed: number, ticks: number[]): { fired: Fired[]; end: number | null } {
  const fired: Fired[] = [];
  const start = (i: number): { low: number; high: number; rate: number; frame: number } => {
    const n = nodes[i]!;
    const range = clampFrameRange(n.animation.partFrames.length, n.data.lowFrame, n.data.highFrame)!;
    const rate = n.data.framerate * (n.speed ?? speed);
    return { ...range, rate, frame: rate >= 0 ? range.low : range.high + 1 - BACKWARD_START_EPSILON };
  };
  let i = 0;
  let cur = start(0);
  let now = 0;
  let end: number | null = null;
  const fire = (k: number, dirs: number[], tick: [number, number]): void =>
    nodes[i]!.animation.partFrames[k]!.hooks.forEach((h, hookIndex) => {
      if (dirs.includes(h.direction)) fired.push({ node: i, frame: k, hookIndex, tick });
    });
  for (const dt of ticks) {
    const tick: [number, number] = [now, now + dt];
    let left = dt;
    while (left > 0 && i < nodes.length) {
      const old = cur.frame;
      let next = old + cur.rate * left;
      let carry = 0;
      let done = false;
      if (cur.rate > 0) {
        if (Math.floor(next) > cur.high) {
          carry = Math.max(0, next - cur.high - 1) / cur.rate;
          next = cur.high;
          done = true;
        }
        for (let k = Math.floor(old); k < Math.floor(next); k++) fire(k, [0, 1], tick);
      } else if (cur.rate < 0) {
        if (Math.floor(next) < cur.low) {
          carry = Math.min(0, next - cur.low) / cur.rate;
          next = cur.low;
          done = true;
        }
        for (let k = Math.floor(old); k > Math.floor(next); k--) fire(k, [0, -1], tick);
      }
      cur.frame = next;
      if (!done) break;
      left = carry;
      i++;
      if (i < nodes.length) cur = start(i);
      else end = tick[1] - carry;
    }
    now += dt;
  }
  return { fired, end };
}

/** A seeded schedule of `n` ticks between `lo` and `hi` seconds (a small LCG: the test needs no crypto). */
function randomTicks(n: number, lo: number, hi: number, seed: number): number[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return lo + ((hi - lo) * s) / 2 ** 32;
  });
}

const walk = animation(10, {
  0: [sound(1, -1), sound(2, 0)],
  2: [sound(3, 1)],
  4: [sound(4, 0), sound(5, -1)],
  6: [sound(6, -1)],
  9: [sound(7, -1), sound(8, 1)],
});
const link = animation(5, { 1: [sound(9, 0)], 3: [sound(10, -1)], 4: [sound(11, 1)] });

/** Forward and backward nodes mixed, a partial frame range, a negative AnimData framerate. */
const SEQUENCES: [string, SequenceNode[]][] = [
  [
    'link then cycle',
    [
      { animation: link, data: data(30) },
      { animation: walk, data: data(30) },
    ],
  ],
  [
    'a hop at the state speed 1 between nodes at the motion speed',
    [
      { animation: link, data: data(30), speed: 1 },
      { animation: walk, data: data(24, 2, 8) },
      { animation: link, data: data(-15) },
    ],
  ],
];

describe('the closed form fires what the per-tick client update fires, for any dt (pitfalls §22)', () => {
  for (const [name, nodes] of SEQUENCES) {
    for (const speed of [1, 1.5, -0.65, -2]) {
      it(`${name} at speed ${speed}: same hooks, each once, in the tick holding its time, same end`, () => {
        const closed = sequenceHookTimes(nodes, speed);
        const schedules = [
          Array(2000).fill(1 / 60),
          Array(200).fill(1 / 7),
          randomTicks(3000, 0.0005, 0.2, 7),
          randomTicks(3000, 0.0001, 0.004, 11),
          [100],
        ];
        for (const ticks of schedules) {
          const sim = simulate(nodes, speed, ticks);
          const key = (e: { node: number; frame: number; hookIndex: number }): string =>
            `${e.node}:${e.frame}:${e.hookIndex}`;
          expect(sim.fired.map(key).sort()).toEqual(closed.events.map(key).sort());
          for (const e of closed.events) {
            const f = sim.fired.find((x) => key(x) === key(e))!;
            expect(e.t, `hook ${key(e)}`).toBeGreaterThan(f.tick[0] - 1e-9);
            expect(e.t, `hook ${key(e)}`).toBeLessThanOrEqual(f.tick[1] + 1e-9);
          }
          expect(sim.end).not.toBeNull();
          expect(sim.end!).toBeCloseTo(closed.duration, 9);
        }
      });
    }
  }

  it('framerate 0 fires nothing and never ends, in either direction', () => {
    for (const speed of [1, -1]) {
      const nodes = [{ animation: walk, data: data(0) }];
      expect(sequenceHookTimes(nodes, speed)).toEqual({ duration: Infinity, events: [] });
      expect(simulate(nodes, speed, Array(100).fill(0.1))).toEqual({ fired: [], end: null });
    }
  });
});
