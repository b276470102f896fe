/**
 * The Soundscape store (renderer/src/state/soundscapeStore.ts) against a real Player (a stand-in
 * AudioContext, no voices) and the demo-shaped Region of core/test/ambientFixtures.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SoundscapeInfo } from '../../../core/contract';
import { AMBIENT1, AMBIENT_TABLES, ambientRegion, WAVE_OF } from '../../../core/test/ambientFixtures';
import type { WaveInfo } from '../../../core/contract';
import { rebuildError } from '../../../core/errors';
import { useDat } from './datStore';
import { useListener } from './listenerStore';
import { decodeOnlyContext } from '../audio/fakeContext';
import { Player } from '../audio/Player';
import { useNav } from './navStore';
import { connectPlayback, stopAll, togglePlay } from './playback';
import {
  connectSoundscape,
  landblocksOf,
  paintLandblock,
  resetSoundscape,
  ringForAmbientSet,
  showAmbientSet,
  setBrushScene,
  setBrushTerrain,
  setExportDir,
  setExportForce,
  setExportSeconds,
  exportInputsChanged,
  setLayout,
  soundscapeLabel,
  startSoundscape,
  stopSoundscape,
  outcomeText,
  useSoundscape,
  type SoundscapeLogRow,
} from './soundscapeStore';

function info(): SoundscapeInfo {
  const r = ambientRegion();
  return {
    regionId: 0x13000000,
    name: 'Test',
    ambientSets: r.ambientSets,
    sceneTypes: r.sceneTypes,
    terrainTypes: r.terrainTypes,
    soundTables: [...AMBIENT_TABLES.values()].map((t) => ({ id: t.id, sounds: t.sounds })),
    missingSoundTables: [],
  };
}

let player: Player;
let disconnect: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  player = new Player({
    loadBytes: () => new Promise(() => undefined), // decodes never finish: no voice starts
    durationOf: () => 1,
    createContext: decodeOnlyContext,
  });
  disconnect = [connectPlayback(player), connectSoundscape(player)];
  resetSoundscape();
  useSoundscape.setState({ status: 'ready', info: info(), brush: { terrainType: 1, scene: 0 } });
});
afterEach(() => {
  for (const d of disconnect) d();
  vi.useRealTimers();
});

describe('soundscape store: playing', () => {
  it('Play runs the scheduler as the Player’s program, named by the Region and the ring', () => {
    startSoundscape();
    expect(useSoundscape.getState().running).toBe(true);
    expect(useSoundscape.getState().eventCount).toBeGreaterThan(0); // the rebuild plays at once
    expect(player.getState().program).toMatchObject({ kind: 'soundscape', label: 'soundscape: Test, Grass, scene 0' });
  });

  it('Esc (playback stopAll) stops a playing soundscape: no more events, not running, nothing named', () => {
    startSoundscape();
    vi.advanceTimersByTime(200);
    stopAll();
    const s = useSoundscape.getState();
    expect(s.running).toBe(false);
    expect(player.getState().program).toBeNull();
    const count = s.eventCount;
    vi.advanceTimersByTime(10_000);
    expect(useSoundscape.getState().eventCount).toBe(count);
  });

  it('the transport’s ■ (togglePlay) stops it even between two plays (no voice sounding)', () => {
    startSoundscape();
    expect(player.getState().playing).toBe(false); // no voice: the decodes never finish here
    togglePlay();
    expect(useSoundscape.getState().running).toBe(false);
    expect(player.getState().program).toBeNull();
  });

  it('Stop soundscape ends the program; Play again starts a fresh log', () => {
    startSoundscape();
    stopSoundscape();
    expect(useSoundscape.getState().running).toBe(false);
    expect(player.getState().program).toBeNull();
    startSoundscape();
    expect(useSoundscape.getState().running).toBe(true);
    expect(useSoundscape.getState().log[useSoundscape.getState().log.length - 1]!.t).toBe(0);
  });

  it('a new dat (resetSoundscape) stops it and forgets the Region, keeping the seed', () => {
    useSoundscape.setState({ seed: 42 });
    startSoundscape();
    resetSoundscape();
    expect(useSoundscape.getState()).toMatchObject({ running: false, info: null, seed: 42 });
    expect(player.getState().program).toBeNull();
  });
});

describe('soundscape store: the ring', () => {
  it('whole ring: one landblock; painting starts from the whole-ring value and paints with the brush', () => {
    expect(landblocksOf(useSoundscape.getState())).toEqual([{ terrainType: 1, scene: 0 }]);
    setLayout('paint');
    expect(useSoundscape.getState().painted).toEqual(Array.from({ length: 9 }, () => ({ terrainType: 1, scene: 0 })));
    setBrushTerrain(2);
    setBrushScene(3);
    paintLandblock(1);
    const painted = landblocksOf(useSoundscape.getState());
    expect(painted).toHaveLength(9);
    expect(painted[1]).toEqual({ terrainType: 2, scene: 3 });
    expect(painted[4]).toEqual({ terrainType: 1, scene: 0 });
    // back to the ring and to painting: the painted landblocks are kept
    setLayout('ring');
    setLayout('paint');
    expect(useSoundscape.getState().painted[1]).toEqual({ terrainType: 2, scene: 3 });
  });

  it('a scene outside 0..31 is ignored', () => {
    setBrushScene(32);
    setBrushScene(-1);
    setBrushScene(1.5);
    expect(useSoundscape.getState().brush.scene).toBe(0);
  });

  it('the transport label names a painted ring by its middle landblock', () => {
    const i = info();
    const cells = Array.from({ length: 9 }, (_, k) => ({ terrainType: k === 4 ? 2 : 0, scene: 1 }));
    expect(soundscapeLabel(i, cells)).toBe('soundscape: Test, painted ring (middle: Water, scene 1)');
  });
});

describe('soundscape store: a Region reference opens its ambient set', () => {
  it('ringForAmbientSet finds the first terrain type and scene whose chain reaches the set', () => {
    const i = info();
    expect(ringForAmbientSet(i, 0)).toEqual({ terrainType: 1, scene: 0 }); // Grass
    expect(ringForAmbientSet(i, 1)).toEqual({ terrainType: 1, scene: 1 }); // Grass scene 1 → set 1
    expect(ringForAmbientSet(i, 9)).toBeNull();
  });

  it('showAmbientSet opens the Soundscape view on the whole ring of that terrain and scene', () => {
    useSoundscape.setState({ layout: 'paint', brush: { terrainType: 0, scene: 0 } });
    showAmbientSet(1);
    expect(useNav.getState().showSoundscape).toBe(true);
    expect(useSoundscape.getState()).toMatchObject({ layout: 'ring', brush: { terrainType: 1, scene: 1 } });
  });
});

/** A Waves list row whose header passes (or, at an absurd sample rate, fails) the playability rule. */
function waveRow(id: number, sampleRate: number): WaveInfo {
  return {
    id,
    formatTag: 1,
    channels: 1,
    sampleRate,
    bitsPerSample: 16,
    blockAlign: 2,
    avgBytesPerSec: (sampleRate * 2) % 2 ** 32,
    headerSize: 18,
    dataSize: 200,
    dataBytes: 200,
    frames: 100,
    durationSec: 1,
    compressed: false,
    warnings: [],
    error: null,
  };
}

describe('soundscape store: the picture draws every positional play, heard or not', () => {
  it('plays the engine finds inaudible are drawn as not heard, with why (the picture was empty)', () => {
    const before = useListener.getState().prefs.ambientVolume;
    const waves = useDat.getState().waves;
    useDat.setState({ waves: Object.values(WAVE_OF).map((id) => waveRow(id, 22_050)) });
    useListener.setState((s) => ({ prefs: { ...s.prefs, ambientVolume: 0.01 } })); // ×0.0001 in retail: −80 dB
    useSoundscape.setState({ brush: { terrainType: 2, scene: 0 } }); // Water: the Waterfall, placed every 2–5 s
    try {
      startSoundscape();
      vi.advanceTimersByTime(12_000);
      const s = useSoundscape.getState();
      const placed = s.log.filter((r) => r.event.name === 'Waterfall');
      expect(placed.length).toBeGreaterThan(1);
      expect(placed.map((r) => r.skip)).toEqual(placed.map(() => 'inaudible (below −50 dB)'));
      expect(s.playedCount).toBe(0);
      expect(s.emitters).toHaveLength(placed.length);
      for (const e of s.emitters) {
        expect(e).toMatchObject({ name: 'Waterfall', heard: false, why: 'inaudible (below −50 dB)' });
        expect(e.distance).toBeGreaterThan(0);
      }
    } finally {
      stopSoundscape();
      useListener.setState((s) => ({ prefs: { ...s.prefs, ambientVolume: before } }));
      useDat.setState({ waves });
    }
  });
});

describe('soundscape store: a Wave that cannot play', () => {
  it('its sound is logged as skipped with the one rule’s reason (the Listener’s words), never decoded, no voice taken', () => {
    const bad = WAVE_OF[AMBIENT1]!;
    const waves = Object.values(WAVE_OF).map((id) => waveRow(id, id === bad ? 4_000_000_000 : 22_050));
    const before = useDat.getState().waves;
    useDat.setState({ waves });
    const loaded: number[] = [];
    const p = new Player({
      loadBytes: (id) => {
        loaded.push(id);
        return new Promise(() => undefined);
      },
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });
    const off = [connectPlayback(p), connectSoundscape(p)];
    try {
      startSoundscape();
      vi.advanceTimersByTime(7_000);
      const rows = useSoundscape.getState().log.filter((r) => r.event.soundType === AMBIENT1);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(r.event).toMatchObject({ played: false, reason: 'cannot-play', dB: null, pan: null, slot: null });
        expect(r.skip).toBe('cannot play: sample rate 4000000000 Hz is outside 100..384000 Hz');
      }
      expect(loaded).not.toContain(bad);
      expect(p.pool.snapshot(p.clockSec()).slots.some((x) => x.voice?.waveId === bad)).toBe(false);
    } finally {
      stopSoundscape();
      for (const d of off) d();
      useDat.setState({ waves: before });
    }
  });
});

describe('soundscape store: a play is "played" only once its Wave has been read', () => {
  const broken = 'block chain of 0x0A000072 continues with link 0x5B1729BE, beyond the end of the file';

  it('while the Player reads its Wave the row says "reading…" and is not counted; a read that fails makes it "cannot play: …", never "played"', async () => {
    const fail: (() => void)[] = [];
    const p = new Player({
      // each read waits until the test fails it: the chain breaks after the first block
      loadBytes: () =>
        new Promise<Uint8Array>((_, reject) =>
          fail.push(() => reject(rebuildError({ name: 'DatFormatError', message: broken }))),
        ),
      durationOf: () => 1,
      createContext: decodeOnlyContext,
    });
    const before = useDat.getState().waves;
    // the list reads only the headers: every Wave looks playable until its data is read
    useDat.setState({ waves: Object.values(WAVE_OF).map((id) => waveRow(id, 22_050)) });
    const off = [connectPlayback(p), connectSoundscape(p)];
    try {
      startSoundscape();
      await vi.advanceTimersByTimeAsync(3_000);
      const voiced = useSoundscape.getState().log.filter((r) => r.event.played);
      expect(voiced.length, 'the scheduler decided some plays').toBeGreaterThan(0);
      for (const r of voiced) {
        expect(r.reading).toBe(true);
        expect(outcomeText(r)).toBe('reading…');
      }
      expect(useSoundscape.getState().playedCount).toBe(0);
      expect(useSoundscape.getState().emitters).toEqual([]);

      for (const f of fail.splice(0)) f();
      await vi.advanceTimersByTimeAsync(0);
      const keys = new Set(voiced.map((r) => r.key));
      const after = useSoundscape.getState().log.filter((r) => keys.has(r.key));
      expect(after).toHaveLength(voiced.length);
      for (const r of after) {
        expect(r.reading).toBe(false);
        expect(r.event).toMatchObject({ played: false, reason: 'cannot-play', dB: null, pan: null, slot: null });
        expect(outcomeText(r)).toBe(`cannot play: Corrupt dat: ${broken}`);
      }
      expect(useSoundscape.getState().playedCount).toBe(0);
      // the placed ones are drawn, as plays that made no sound, and why
      for (const e of useSoundscape.getState().emitters)
        expect(e).toMatchObject({ heard: false, why: `cannot play: Corrupt dat: ${broken}` });
    } finally {
      stopSoundscape();
      for (const d of off) d();
      useDat.setState({ waves: before });
    }
  });

  it('outcomeText: "reading…", then "played, voice N", or why it made no sound', () => {
    const event = { played: true, slot: 3 } as SoundscapeLogRow['event'];
    expect(outcomeText({ event, skip: null, reading: true })).toBe('reading…');
    expect(outcomeText({ event, skip: null, reading: false })).toBe('played, voice 3');
    expect(outcomeText({ event: { ...event, played: false }, skip: 'ambient sounds disabled', reading: false })).toBe(
      'ambient sounds disabled',
    );
  });
});

describe("soundscape export: a failed export's error goes once its inputs change", () => {
  it('a new folder, length or overwrite (or an invalid length being typed) clears "Export failed: …"', () => {
    const failed = { text: 'cannot write "/proc/nope": no such file or directory (ENOENT)', report: null };
    const seconds = useSoundscape.getState().exportSeconds;
    for (const change of [
      () => setExportDir('/tmp/out'),
      () => setExportSeconds(30),
      () => setExportForce(true),
      () => exportInputsChanged(),
    ]) {
      useSoundscape.setState({ exportError: failed });
      change();
      expect(useSoundscape.getState().exportError).toBeNull();
    }
    useSoundscape.setState({ exportDir: null, exportForce: false, exportSeconds: seconds });
  });
});
