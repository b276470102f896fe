import { afterAll, describe, expect, it } from 'vitest';
import type { SoundGraphData } from '../../core/contract';
import { GX, graphFixtureDat } from '../../core/test/graphFixture';
import { tempDir, writeFixtureDat } from '../test/fixtures';
import { ARG_PARSERS, invokeService } from './dispatch';
import { DatIndexCache } from './indexCache';
import { SoundService } from './SoundService';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const datPath = writeFixtureDat(tmp.dir, 'graph_portal.dat', graphFixtureDat());

describe('SoundService: the sound graph in the background', () => {
  it('opening a dat does not build the graph; startGraph starts it; status reports progress to ready', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    expect(await s.getGraphStatus()).toEqual({
      state: 'idle',
      done: 0,
      total: 0,
      errorCount: 0,
      warnings: [],
      buildMs: null,
      error: null,
    });
    const started = await s.startGraph();
    expect(started.state).toBe('building');
    await s.getSoundGraph();
    const ready = await s.getGraphStatus();
    expect(ready).toMatchObject({ state: 'ready', done: 17, total: 17, errorCount: 6, error: null });
    expect(ready.buildMs).toBeGreaterThanOrEqual(0);
    expect((await s.startGraph()).state).toBe('ready'); // not built twice
    await s.close();
  });

  it('answers refs, used-by counts, creatures and effects from the graph (waiting for it on first need)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    expect((await s.getReferences(GX.ambientTable)).map((r) => [r.kind, r.from])).toEqual([['Region', GX.region]]);
    expect((await s.getUsedByCounts()).find((c) => c.id === GX.wave10)?.count).toBe(4);
    expect((await s.listCreatures()).map((c) => c.id)).toEqual([GX.setup]);
    expect((await s.listEffects()).map((e) => e.id)).toEqual([GX.script]);
    const g = await s.getSoundGraph();
    expect(g.errors.map((e) => e.id)).toEqual([
      GX.badSetup,
      GX.badAnimation,
      GX.badMotionTable,
      GX.badRegion,
      GX.badScript,
      GX.badScriptTable,
    ]);
    // the answer is shared: its type is read-only, and at run time it is frozen too
    const asIfWritable = g as SoundGraphData;
    expect(() => {
      asIfWritable.setups.length = 0;
    }).toThrow(TypeError);
    expect(() => {
      asIfWritable.setups[0]!.soundTable = 1;
    }).toThrow(TypeError);
    expect((await s.getSoundGraph()).setups.length).toBe(2);
    const creatures = await s.listCreatures();
    creatures[0]!.soundHookCount = -1; // a copy: the graph's own list is unchanged
    expect((await s.listCreatures())[0]!.soundHookCount).not.toBe(-1);
    await s.close();
  });

  it('sessions on one file get the graph data copied once: the same frozen answer', async () => {
    const cache = new DatIndexCache();
    const a = new SoundService({ indexCache: cache });
    const b = new SoundService({ indexCache: cache });
    await a.openDat(datPath);
    await b.openDat(datPath);
    const g = await a.getSoundGraph();
    expect(await b.getSoundGraph()).toBe(g);
    expect(Object.isFrozen(g.motionTables[0]!.animations)).toBe(true); // frozen all the way down
    await Promise.all([a.close(), b.close()]);
  });

  it('cancelGraph stops a running build (state cancelled; the next call builds again)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    await s.startGraph();
    await s.cancelGraph();
    expect((await s.getGraphStatus()).state).toBe('cancelled');
    await expect(s.getReferences(GX.wave10)).resolves.toHaveLength(4);
    expect((await s.getGraphStatus()).state).toBe('ready');
    await s.close();
  });

  it('sessions on the same file share one graph through the index cache', async () => {
    const cache = new DatIndexCache();
    const a = new SoundService({ indexCache: cache });
    const b = new SoundService({ indexCache: cache });
    await a.openDat(datPath);
    await b.openDat(datPath);
    await a.getSoundGraph();
    expect((await b.getGraphStatus()).state).toBe('ready');
    await Promise.all([a.close(), b.close()]);
  });

  it('getCreature and getTimeline answer from the graph, the dat and the index (engine decisions per event)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const c = await s.getCreature(GX.setup);
    expect(c.motions.map((m) => m.name)).toEqual(['AttackHigh1', 'Dead', 'WalkForward']);
    const t = await s.getTimeline({ setupId: GX.setup, motion: 0x45000005, speed: 1.5 });
    expect(t.events.map((e) => [e.frame, e.waveId, e.decision.played])).toEqual([
      [3, GX.wave10, true],
      [7, GX.wave12, true],
    ]);
    expect(t.events[0]!.t).toBeCloseTo(4 / 45, 12);
    await expect(s.getTimeline({ setupId: GX.setup, speed: 0 })).rejects.toMatchObject({ name: 'RequestError' });
    // |speed| 0.1–4, the app's Speed field's rule: 1e308 would put every event at 0.000 s
    await expect(s.getTimeline({ setupId: GX.setup, speed: 1e308 })).rejects.toMatchObject({
      name: 'RequestError',
      message: 'getTimeline: speed 1e+308 is too fast: give 0.1–4, or -4 to -0.1 to play it in reverse',
    });
    // reverse play: the walk backwards fires its Backward and Both hooks; the attack has no reverse link
    const back = await s.getTimeline({ setupId: GX.setup, motion: 0x45000005, speed: -1 });
    expect(back.events.map((e) => [e.frame, e.direction])).toEqual([
      [9, 'Backward'],
      [7, 'Both'],
    ]);
    await expect(s.getTimeline({ setupId: GX.setup, motion: 0x10000062, speed: -1 })).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 'ENOREVERSE',
    });
    // without a motion, reverse play takes the first that sounds backwards, never the attack
    expect((await s.getTimeline({ setupId: GX.setup, speed: -1 })).motionName).toBe('WalkForward');
    await s.close();
  });

  it("a shared build whose session closed its file meanwhile is built again with the asking session's file", async () => {
    const cache = new DatIndexCache();
    const a = new SoundService({ indexCache: cache, fileOptions: { pageSize: 0 } }); // no read-ahead: the build reads the file
    const b = new SoundService({ indexCache: cache });
    await a.openDat(datPath);
    await b.openDat(datPath);
    await a.startGraph();
    const waiting = b.getSoundGraph(); // b waits on a's build…
    await a.close(); // …and a's file is closed while that build reads
    const g = await waiting;
    expect(g.setups.map((x) => x.id)).toEqual([GX.setup, GX.plainSetup]);
    expect((await b.getGraphStatus()).state).toBe('ready');
    await b.close();
  });

  it('the transports check arguments: ids are u32, a timeline request is an object with known fields', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    await expect(invokeService(s, 'getReferences', ['x'])).rejects.toMatchObject({ name: 'RequestError' });
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, speed: 0 }])).rejects.toThrow(
      /speed 0 would stand the motion still: give 0\.1–4, or -4 to -0\.1 to play it in reverse/,
    );
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, speed: -1e-300 }])).rejects.toThrow(
      /^getTimeline: speed -1e-300 is too slow: give 0\.1–4/,
    );
    // the speed's range is checked once per request, by core/graph motionTimeline (motionSpeed.ts):
    // the transports' argument check passes a number through, the service refuses it as above
    expect(ARG_PARSERS.getTimeline.parse([{ setupId: GX.setup, speed: 1e308 }])).toEqual([
      { setupId: GX.setup, speed: 1e308 },
    ]);
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, speed: 1e308 }])).rejects.toMatchObject({
      name: 'RequestError',
      message: 'getTimeline: speed 1e+308 is too fast: give 0.1–4, or -4 to -0.1 to play it in reverse',
    });
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, speed: '1' }])).rejects.toThrow(
      /^getTimeline: speed must be a number/,
    );
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, bogus: 1 }])).rejects.toThrow(
      /unknown field "bogus"/,
    );
    await expect(invokeService(s, 'getTimeline', [{ setupId: GX.setup, settings: { path: 'nope' } }])).rejects.toThrow(
      /getTimeline: settings\./,
    );
    await expect(invokeService(s, 'getCreature', [GX.wave10])).rejects.toMatchObject({ name: 'IdRangeError' });
    await s.close();
  });
});
