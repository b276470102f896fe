import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, SeededRandom } from '../../../core/engine';
import { rebuildError } from '../../../core/errors';
import { encodeWaveFormat, writeWave } from '../../../core/objects';
import { decodeOnlyContext } from './fakeContext';
import { Player } from './Player';

describe('Player: a Wave that cannot be read', () => {
  it('plays nothing, says why (never silently "Stopped"), and records the problem for the list badge', async () => {
    const broken =
      'block chain of 0x0A000012 ends early: link 0 with 100 of 1100 bytes still to read at offset 0x00001400';
    const player = new Player({
      loadBytes: () => Promise.reject(rebuildError({ name: 'DatFormatError', message: broken })),
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });
    const d = await player.play(
      { kind: 'wave', waveId: 0x0a000012 },
      { ...DEFAULT_SETTINGS, distance: 10 },
      new SeededRandom(1),
    );
    // QA #1: not "played, slot 0" while the transport says it cannot play — one answer
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', problem: `Corrupt dat: ${broken}`, slot: null });
    const s = player.getState();
    expect(s.playing).toBe(false);
    expect(s.lastDecision).toBe(d);
    expect(s.lastSkip).toBe(`cannot play: Corrupt dat: ${broken}`);
    expect(s.error?.text).toBe(`Cannot play 0x0A000012: Corrupt dat: ${broken}`);
    // its "Copy details" report: the class and message (core/errors errorReport)
    expect(JSON.parse(s.error!.report!)).toMatchObject({ name: 'DatFormatError', message: broken });
    expect(s.waveProblems[0x0a000012]).toMatchObject({ kind: 'corrupt-dat', name: 'DatFormatError' });
    // The pool slot taken by the decision is given back.
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
    await expect(player.waveObject(0x0a000012)).rejects.toMatchObject({ name: 'DatFormatError' });
  });
});

describe('Player: a Wave whose data cannot be read, played as a SoundTable row (QA #1, #2)', () => {
  const broken = 'block chain of 0x0A000072 continues with link 0x5B1729BE, beyond the end of the file';
  const row = {
    kind: 'rows' as const,
    tableId: 0x200000db,
    soundType: 0x47,
    name: 'Waterfall',
    rows: [{ waveId: 0x0a000072, priority: 0, probability: 1, volume: 1 }],
    waveExists: () => true,
    waveProblem: () => null, // the list reads only the header: it cannot know
  };

  it('the play that found out is "cannot play: …" with no voice; every later play is decided so before a voice is taken', async () => {
    const loadBytes = vi.fn(() => Promise.reject(rebuildError({ name: 'DatFormatError', message: broken })));
    const player = new Player({ loadBytes, durationOf: () => 1, createContext: decodeOnlyContext });
    const first = await player.play(row, DEFAULT_SETTINGS, new SeededRandom(1));
    expect(first).toMatchObject({ played: false, reason: 'cannot-play', slot: null, waveId: 0x0a000072 });
    expect(first.problem).toBe(`Corrupt dat: ${broken}`);
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
    expect(player.knownProblem(0x0a000072)).toBe(`Corrupt dat: ${broken}`);
    const calls = loadBytes.mock.calls.length;
    const second = await player.play(row, DEFAULT_SETTINGS, new SeededRandom(1));
    expect(second).toMatchObject({
      played: false,
      reason: 'cannot-play',
      slot: null,
      problem: `Corrupt dat: ${broken}`,
    });
    expect(loadBytes.mock.calls.length).toBe(calls); // known broken: not read again
  });

  it('a decision made elsewhere (the soundscape) that cannot be read comes back "cannot-play" and frees its slot', async () => {
    const player = new Player({
      loadBytes: () => Promise.reject(rebuildError({ name: 'DatFormatError', message: broken })),
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });
    const { decide } = await import('../../../core/engine');
    const { buildRequest } = await import('./requests');
    const decided = decide(buildRequest(row, DEFAULT_SETTINGS), new SeededRandom(1), player.pool, player.clockSec());
    expect(decided.slot).toBe(0);
    const d = await player.playDecided(decided, 'retail');
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', slot: null });
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
  });
});

describe('Player: a bare Wave the list knows cannot play (the SoundTable play\'s "cannot play" path)', () => {
  it('the engine decides "cannot-play" before a voice is taken; nothing is read; the skip says why in words', async () => {
    const loadBytes = vi.fn(() => Promise.reject(new Error('must not be read')));
    const player = new Player({
      loadBytes,
      durationOf: () => 1,
      problemOf: (id) => (id === 0x0a000012 ? 'sample rate of 0 Hz' : null),
      createContext: decodeOnlyContext,
    });
    const d = await player.play({ kind: 'wave', waveId: 0x0a000012 }, DEFAULT_SETTINGS, new SeededRandom(1));
    expect(d).toMatchObject({ played: false, reason: 'cannot-play', problem: 'sample rate of 0 Hz', slot: null });
    expect(loadBytes).not.toHaveBeenCalled();
    const s = player.getState();
    expect(s.lastSkip).toBe('cannot play: sample rate of 0 Hz');
    expect(s.error).toBeNull(); // not the transport's read/decode error
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
    // an audition (auto-play, the waveform) goes the same way
    const a = await player.audition({ kind: 'wave', waveId: 0x0a000012 }, DEFAULT_SETTINGS, new SeededRandom(1));
    expect(a.reason).toBe('cannot-play');
    expect(loadBytes).not.toHaveBeenCalled();
  });
});

describe('Player: a new dat while a wave decodes', () => {
  const pcmWave = (id: number): Uint8Array =>
    writeWave({
      id,
      formatBytes: encodeWaveFormat({
        wFormatTag: 1,
        nChannels: 1,
        nSamplesPerSec: 22050,
        nAvgBytesPerSec: 44100,
        nBlockAlign: 2,
        wBitsPerSample: 16,
        cbSize: 0,
        mp3: null,
      }),
      data: new Uint8Array(2000).fill(7),
    });

  it('a voice decoded from the old dat never starts after reset (and nothing stale is shown)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const player = new Player({
      loadBytes: async (id) => {
        await gate;
        return pcmWave(id);
      },
      durationOf: () => 1,
      createContext: decodeOnlyContext, // no createBufferSource: starting a voice would record a Web Audio error
    });
    const playing = player.play(
      { kind: 'wave', waveId: 0x0a000001 },
      { ...DEFAULT_SETTINGS, distance: 10 },
      new SeededRandom(1),
    );
    const epoch = player.epoch;
    player.reset();
    expect(player.epoch).toBe(epoch + 1);
    release();
    const d = await playing;
    expect(d.played).toBe(true);
    const s = player.getState();
    expect(s.playing).toBe(false);
    expect(s.loading).toBe(false);
    expect(s.error).toBeNull();
    expect(s.currentWaveId).toBeNull();
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
  });

  it('a failed read from the old dat is not reported against the new one', async () => {
    let fail!: (e: Error) => void;
    const player = new Player({
      loadBytes: () => new Promise<Uint8Array>((_, reject) => (fail = reject)),
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });
    const playing = player.play({ kind: 'wave', waveId: 0x0a000002 }, DEFAULT_SETTINGS, new SeededRandom(1));
    player.reset();
    fail(new Error('gone'));
    await playing;
    expect(player.getState().error).toBeNull();
    expect(player.getState().waveProblems).toEqual({});
  });
});

describe('Player: auto-play follows the selection (issue #10 defect 1)', () => {
  const pcmWave = (id: number): Uint8Array =>
    writeWave({
      id,
      formatBytes: encodeWaveFormat({
        wFormatTag: 1,
        nChannels: 1,
        nSamplesPerSec: 22050,
        nAvgBytesPerSec: 44100,
        nBlockAlign: 2,
        wBitsPerSample: 16,
        cbSize: 0,
        mp3: null,
      }),
      data: new Uint8Array(2000).fill(7),
    });

  it('an audition still decoding when a newer one starts never sounds, and the transport names the newest', async () => {
    const gates = new Map<number, () => void>();
    const player = new Player({
      loadBytes: async (id) => {
        await new Promise<void>((r) => gates.set(id, r));
        return pcmWave(id);
      },
      durationOf: () => 1,
      createContext: decodeOnlyContext, // no createBufferSource: starting a voice would record a Web Audio error
    });
    const settings = { ...DEFAULT_SETTINGS, distance: 10 };
    const older = player.audition({ kind: 'wave', waveId: 0x0a0001a0 }, settings, new SeededRandom(1));
    const newer = player.audition({ kind: 'wave', waveId: 0x0a0001a5 }, settings, new SeededRandom(1));
    await vi.waitFor(() => expect(gates.size).toBe(2));
    gates.get(0x0a0001a0)!();
    await older;
    const s = player.getState();
    expect(s.error).toBeNull(); // the older voice was not started
    expect(s.currentWaveId).toBe(0x0a0001a5);
    expect(s.loading).toBe(true);
    // Only the newest audition holds a voice slot.
    expect(
      player
        .poolSnapshot()
        .slots.filter((x) => x.voice !== null)
        .map((x) => x.voice!.waveId),
    ).toEqual([0x0a0001a5]);
    gates.get(0x0a0001a5)!();
    await newer;
    expect(player.getState().loading).toBe(false);
  });
});

describe('Player: one rule stops everything that plays (Esc, the transport’s Stop)', () => {
  const player = (): Player =>
    new Player({
      loadBytes: () => new Promise(() => undefined),
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });

  it('stopAll ends a running program (a soundscape) once, and the snapshot stops naming it', () => {
    const p = player();
    const onStop = vi.fn();
    p.startProgram({ kind: 'soundscape', label: 'soundscape: Dereth, Grassland, scene 0', startSec: 0 }, onStop);
    expect(p.getState().program).toEqual({
      kind: 'soundscape',
      label: 'soundscape: Dereth, Grassland, scene 0',
      startSec: 0,
    });
    p.stopAll();
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(p.getState().program).toBeNull();
    p.stopAll();
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('a new program ends the old one; a new dat (reset) ends it too; its own end function ends it once', () => {
    const p = player();
    const first = vi.fn();
    const second = vi.fn();
    p.startProgram({ kind: 'soundscape', label: 'a', startSec: 0 }, first);
    const end = p.startProgram({ kind: 'soundscape', label: 'b', startSec: 0 }, second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(p.getState().program?.label).toBe('b');
    end();
    end();
    expect(second).toHaveBeenCalledTimes(1);
    expect(p.getState().program).toBeNull();
    const third = vi.fn();
    p.startProgram({ kind: 'soundscape', label: 'c', startSec: 0 }, third);
    p.reset();
    expect(third).toHaveBeenCalledTimes(1);
  });

  it('an audition (auto-play, a click) replaces what sounds but leaves the soundscape running', () => {
    const p = player();
    const onStop = vi.fn();
    p.startProgram({ kind: 'soundscape', label: 'a', startSec: 0 }, onStop);
    void p.audition({ kind: 'wave', waveId: 0x0a000001 }, DEFAULT_SETTINGS, new SeededRandom(1));
    expect(onStop).not.toHaveBeenCalled();
    expect(p.getState().program?.label).toBe('a');
  });
});
