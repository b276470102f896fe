/**
 * Seek and nudge (issue #10, docs/ui-contract.md "Seek"): a seek is a play decided by the engine
 * like any other, its voice starting `offset` seconds into the wave; the position counts from
 * there; the voice pool holds the slot for the time left. Web Audio does not exist in Node: the
 * nodes are stand-ins that record what the Player asked of them (start time and offset).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SeededRandom } from '../../../core/engine';
import { encodeWaveFormat, writeWave } from '../../../core/objects';
import { voicePosition } from './diagnostics';
import { NUDGE_STEP_SEC, Player } from './Player';

const RATE = 22050;
const FRAMES = 2 * RATE; // a 2 s wave

function pcmWave(id: number): Uint8Array {
  return writeWave({
    id,
    formatBytes: encodeWaveFormat({
      wFormatTag: 1,
      nChannels: 1,
      nSamplesPerSec: RATE,
      nAvgBytesPerSec: RATE * 2,
      nBlockAlign: 2,
      wBitsPerSample: 16,
      cbSize: 0,
      mp3: null,
    }),
    data: new Uint8Array(FRAMES * 2).fill(1),
  });
}

interface Started {
  when: number;
  offset: number;
}
const started: Started[] = [];

class Node {
  connect(): void {}
  disconnect(): void {}
}
class Param {
  constructor(public value: number) {}
}
class AudioBufferSourceNodeStub extends Node {
  onended: (() => void) | null = null;
  loop: boolean;
  buffer: unknown;
  constructor(_ctx: unknown, o: { buffer: unknown; loop: boolean }) {
    super();
    this.buffer = o.buffer;
    this.loop = o.loop;
  }
  start(when: number, offset: number): void {
    started.push({ when, offset });
  }
  stop(): void {}
}
class GainNodeStub extends Node {
  gain: Param;
  channelCount = 2;
  channelCountMode = 'max';
  channelInterpretation = 'speakers';
  constructor(_ctx: unknown, o: { gain: number }) {
    super();
    this.gain = new Param(o.gain);
  }
}
class AnalyserNodeStub extends Node {
  getFloatTimeDomainData(): void {}
}

const clock = { now: 10 };
function fakeContext(): AudioContext {
  return {
    state: 'running',
    sampleRate: 48000,
    get currentTime() {
      return clock.now;
    },
    destination: new Node(),
    resume: () => Promise.resolve(),
    onstatechange: null,
    createBuffer: (channels: number, frames: number, sampleRate: number) => ({
      numberOfChannels: channels,
      length: frames,
      sampleRate,
      duration: frames / sampleRate,
      copyToChannel: () => undefined,
    }),
  } as unknown as AudioContext;
}

beforeEach(() => {
  started.length = 0;
  clock.now = 10;
  vi.stubGlobal('AudioBufferSourceNode', AudioBufferSourceNodeStub);
  vi.stubGlobal('GainNode', GainNodeStub);
  vi.stubGlobal('ChannelMergerNode', Node);
  vi.stubGlobal('ChannelSplitterNode', Node);
  vi.stubGlobal('AnalyserNode', AnalyserNodeStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function newPlayer(): Player {
  return new Player({ loadBytes: async (id) => pcmWave(id), durationOf: () => 2, createContext: fakeContext });
}

const settings = { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 };

describe('seek: a play from an offset, through the engine', () => {
  it('the voice starts `offset` seconds in, with the engine’s gains and a voice slot', async () => {
    const player = newPlayer();
    const t0 = performance.now();
    const d = await player.audition({ kind: 'wave', waveId: 0x0a000001 }, settings, new SeededRandom(1), {
      offset: 1,
    });
    expect(d.played).toBe(true);
    expect(d.slot).toBe(0);
    expect(d.left).toBeLessThan(d.right); // the Listener's +90°: the engine decided the gains
    expect(started).toEqual([{ when: 10, offset: 1 }]);
    expect(player.getState().playing).toBe(true);
    // the pool holds the slot for the time left, not the whole wave
    // (the pool runs on performance.now(): the decode between decision and now has used some of it)
    const left = player.poolSnapshot().slots[0]!.timeLeftSec;
    expect(left).toBeLessThanOrEqual(1);
    expect(left).toBeGreaterThan(1 - (performance.now() - t0) / 1000 - 0.001);
  });

  it('position counts from the offset', async () => {
    const player = newPlayer();
    await player.audition({ kind: 'wave', waveId: 0x0a000001 }, settings, new SeededRandom(1), { offset: 1 });
    clock.now = 10.25;
    expect(player.position()).toEqual({ time: 1.25, duration: 2, waveId: 0x0a000001 });
  });

  it('an offset past the end starts at the last sample', async () => {
    const player = newPlayer();
    await player.audition({ kind: 'wave', waveId: 0x0a000001 }, settings, new SeededRandom(1), { offset: 9 });
    expect(started[0]!.offset).toBeCloseTo(2 - 1 / RATE, 9);
  });
});

describe('nudge: ←/→ move the sounding voice by a step', () => {
  it('→ restarts the newest voice one step later, ← one step earlier, clamped at 0', async () => {
    const player = newPlayer();
    await player.audition({ kind: 'wave', waveId: 0x0a000001 }, settings, new SeededRandom(1));
    clock.now = 10.4; // 0.4 s in
    await player.nudge(NUDGE_STEP_SEC);
    expect(started.at(-1)!.when).toBe(10.4);
    expect(started.at(-1)!.offset).toBeCloseTo(0.9, 9);
    expect(player.getState().activeVoices).toBe(1); // the old voice stopped: one voice sounds
    await player.nudge(-2);
    expect(started.at(-1)).toEqual({ when: 10.4, offset: 0 });
    expect(NUDGE_STEP_SEC).toBe(0.5);
  });

  it('nothing sounding: nudge and seekTo do nothing', () => {
    const player = newPlayer();
    expect(player.nudge(0.5)).toBeNull();
    expect(player.seekTo(1)).toBeNull();
    expect(started).toEqual([]);
  });
});

describe('voicePosition', () => {
  it('is the start offset plus the time since, wrapped when looping', () => {
    const graph = {} as never;
    const v = { serial: 1, waveId: 1, graph, startCtx: 5, offsetSec: 1.5, durationSec: 2, loop: true };
    expect(voicePosition([v], { currentTime: 6 }).time).toBeCloseTo(0.5, 9);
    expect(voicePosition([{ ...v, loop: false }], { currentTime: 6 }).time).toBe(2);
  });
});
