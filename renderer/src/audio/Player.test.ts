import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SeededRandom } from '../../../core/engine';
import { rebuildError } from '../../../core/errors';
import { Player } from './Player';

/** Enough of an AudioContext for play() to reach the decode (no voice starts in these tests). */
function fakeContext(): AudioContext {
  return { state: 'running', sampleRate: 48000, resume: () => Promise.resolve(), onstatechange: null } as unknown as AudioContext;
}

describe('Player: a Wave that cannot be read', () => {
  it('plays nothing, says why (never silently "Stopped"), and records the problem for the list badge', async () => {
    const broken = 'block chain of 0x0A000012 ends early: link 0 with 100 of 1100 bytes still to read at offset 0x00001400';
    const player = new Player({
      loadBytes: () => Promise.reject(rebuildError({ name: 'DatFormatError', message: broken })),
      durationOf: () => 1,
      createContext: fakeContext,
    });
    const d = await player.play({ kind: 'wave', waveId: 0x0a000012 }, { ...DEFAULT_SETTINGS, distance: 10 }, new SeededRandom(1));
    expect(d.played).toBe(true); // the engine decided to play it…
    const s = player.getState();
    expect(s.playing).toBe(false); // …but nothing sounds
    expect(s.error).toBe(`Cannot play 0x0A000012: Corrupt dat: ${broken}`);
    expect(s.waveProblems[0x0a000012]).toMatchObject({ kind: 'corrupt-dat', name: 'DatFormatError' });
    // The pool slot taken by the decision is given back.
    expect(player.poolSnapshot().slots.filter((x) => x.voice !== null)).toEqual([]);
    await expect(player.waveObject(0x0a000012)).rejects.toMatchObject({ name: 'DatFormatError' });
  });
});
