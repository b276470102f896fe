import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MemoryByteSource } from '../bytes/ByteSource';
import { CountingByteSource, DatFile } from '../dat';
import { writeDat } from '../dat';
import { indexDat } from '../index';
import { GX, graphFixtureDat, graphFixtureFiles } from '../test/graphFixture';
import { buildSoundGraph, GraphCancelledError } from './buildGraph';

async function fixture(bytes = graphFixtureDat()) {
  const dat = await DatFile.open(new MemoryByteSource(bytes));
  const index = await indexDat(dat);
  return { dat, index };
}

async function fixtureGraph() {
  const { dat, index } = await fixture();
  return buildSoundGraph(dat, { soundTables: index.soundTables.rows, labels: new Map([[GX.table, 'Drudge']]) });
}

describe('sound graph edges (docs/sound-graph.md "Edges")', () => {
  it('Wave ← SoundTable rows, Animation Sound/SoundTweaked hooks (with frame) and PhysicsScript Sound hooks', async () => {
    const g = await fixtureGraph();
    expect(g.referencesTo(GX.wave10)).toEqual([
      { kind: 'Animation', from: GX.walk, to: GX.wave10, frame: 3, hook: 'Sound' },
      { kind: 'Animation', from: GX.attack, to: GX.wave10, frame: 9, hook: 'Sound' },
      { kind: 'SoundTable', from: GX.table, to: GX.wave10, soundType: GX.Wound1, name: 'Wound1', entryIndex: 0 },
      { kind: 'PhysicsScript', from: GX.script, to: GX.wave10, hook: 'Sound', time: 0.5 },
    ]);
    expect(g.referencesTo(GX.wave11)).toEqual([
      { kind: 'Animation', from: GX.walk, to: GX.wave11, frame: 9, hook: 'SoundTweaked' },
    ]);
  });
  it('SoundTable ← Setup.DefaultSoundTable and Region ambient sets', async () => {
    const g = await fixtureGraph();
    expect(g.referencesTo(GX.table)).toEqual([{ kind: 'Setup', from: GX.setup, to: GX.table, field: 'soundTable' }]);
    expect(g.referencesTo(GX.ambientTable)).toEqual([
      { kind: 'Region', from: GX.region, to: GX.ambientTable, ambientSet: 0 },
    ]);
  });
  it('SoundType ← SoundTable hooks (Animation frame)', async () => {
    const g = await fixtureGraph();
    expect(g.soundTypeUses.get(GX.Footstep1)).toEqual([
      { kind: 'Animation', from: GX.walk, to: GX.Footstep1, frame: 7 },
    ]);
    expect(g.soundTypeUses.get(GX.Death1)).toEqual([{ kind: 'Animation', from: GX.death, to: GX.Death1, frame: 0 }]);
  });
  it('Animation ← MotionTable; PhysicsScript ← PhysicsScriptTable, CallPES hooks and Setup.DefaultScript', async () => {
    const g = await fixtureGraph();
    expect(g.referencesTo(GX.walk)).toEqual([{ kind: 'MotionTable', from: GX.motionTable, to: GX.walk }]);
    expect(g.referencesTo(GX.script)).toEqual([
      { kind: 'Setup', from: GX.plainSetup, to: GX.script, field: 'defaultScript' },
      { kind: 'Animation', from: GX.attack, to: GX.script, frame: 5, hook: 'CallPES' },
      { kind: 'PhysicsScriptTable', from: GX.scriptTable, to: GX.script },
    ]);
    expect(g.motionTables.get(GX.motionTable)?.animations).toEqual([GX.walk, GX.idle, GX.attack, GX.death, GX.corpse]);
  });
  it('keeps only Animations and PhysicsScripts with sound or CallPES hooks, and every Animation frame count', async () => {
    const g = await fixtureGraph();
    expect([...g.animations.keys()].sort()).toEqual([GX.walk, GX.attack, GX.death]);
    expect(g.animationFrames.get(GX.idle)).toBe(10);
    expect(g.data().animations.map((a) => a.id)).toEqual([GX.walk, GX.attack, GX.death]);
    expect(g.physicsScripts.get(GX.script)?.lengthSec).toBe(1.5);
  });
  it('SoundTweaked keeps the client order: +4 probability, +8 priority (float32 as read)', async () => {
    const g = await fixtureGraph();
    expect(g.animations.get(GX.walk)?.soundHooks[2]).toEqual({
      hook: 'SoundTweaked',
      direction: 'Backward',
      waveId: GX.wave11,
      probability: 0.5,
      priority: Math.fround(0.9),
      volume: Math.fround(0.8),
      frame: 9,
    });
  });
  it('creatures: Setups with a SoundTable or sound hooks, labelled from their SoundTable; effects: scripts with sound hooks', async () => {
    const g = await fixtureGraph();
    expect(g.creatures()).toEqual([
      {
        id: GX.setup,
        label: 'Drudge',
        soundTable: GX.table,
        motionTable: GX.motionTable,
        soundHookCount: 6,
        scriptHookCount: 1, // the attack's CallPES of GX.script, which has a Sound hook
      },
    ]);
    expect(g.effects()).toEqual([{ id: GX.script, soundHookCount: 1, lengthSec: 1.5, usedBy: 3 }]);
  });
  it('used-by counts of every object named, ascending', async () => {
    const g = await fixtureGraph();
    const counts = new Map(g.usedByCounts().map((c) => [c.id, c.count]));
    expect(counts.get(GX.wave10)).toBe(4);
    expect(counts.get(GX.table)).toBe(1);
    const ids = g.usedByCounts().map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('sound graph bad input: a corrupt object is an error with its id and offset; the rest builds', () => {
  it('truncated Setup, unknown hook type (Animation, PhysicsScript), huge count (MotionTable, PhysicsScriptTable), Region index out of range', async () => {
    const g = await fixtureGraph();
    const errors = g.errors.map((e) => [e.id, e.error.name, e.error.message]);
    expect(errors.map((e) => e[0])).toEqual([
      GX.badSetup,
      GX.badAnimation,
      GX.badMotionTable,
      GX.badRegion,
      GX.badScript,
      GX.badScriptTable,
    ]);
    for (const [id, name, message] of errors) {
      expect(name).toBe('ObjectFormatError');
      expect(message).toContain(`0x${(id as number).toString(16).toUpperCase().padStart(8, '0')}`);
      expect(message).toMatch(/at object offset \d+/);
    }
    expect(errors[0]![2]).toMatch(/truncated/);
    expect(errors[1]![2]).toMatch(/unknown hook type 99.*frame 1.*offset 80/);
    expect(errors[2]![2]).toMatch(/cycle count 268435456/);
    expect(errors[3]![2]).toMatch(/ambient-set index = 5 is out of range/);
    expect(errors[4]![2]).toMatch(/unknown hook type 99 .*script entry 0/);
    expect(errors[5]![2]).toMatch(/script count 5 needs/);
    expect(g.setups.has(GX.setup) && g.regions.has(GX.region) && g.animations.has(GX.walk)).toBe(true);
  });
  it('an object id that is not its entry id is still keyed (and reported) by the entry id', async () => {
    const files = graphFixtureFiles().map((f) => (f.id === GX.badAnimation ? { ...f, id: 0x03000099 } : f));
    const { dat, index } = await fixture(writeDat(files));
    const g = await buildSoundGraph(dat, { soundTables: index.soundTables.rows });
    expect(g.errors.find((e) => e.id === 0x03000099)?.error.message).toMatch(
      /^0x03000099: 0x03000005: unknown hook type/,
    );
  });
});

describe('buildSoundGraph progress and cancel', () => {
  it('reports done of total, ending at total (every object of the six types)', async () => {
    const { dat, index } = await fixture();
    const seen: [number, number][] = [];
    await buildSoundGraph(dat, { soundTables: index.soundTables.rows, onProgress: (d, t) => seen.push([d, t]) });
    expect(seen[0]).toEqual([0, 17]);
    expect(seen.at(-1)).toEqual([17, 17]);
  });
  it('a signal aborted mid-build rejects with GraphCancelledError and stops reading', async () => {
    const counting = new CountingByteSource(new MemoryByteSource(graphFixtureDat()));
    const dat = await DatFile.open(counting);
    const controller = new AbortController();
    const p = buildSoundGraph(dat, {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (d) => d === 3 && controller.abort(),
    });
    await expect(p).rejects.toBeInstanceOf(GraphCancelledError);
    const reads = counting.reads;
    await new Promise((r) => setTimeout(r, 20));
    expect(counting.reads).toBe(reads);
  });
});

describe('a truncated dat: the graph of what is still there (the listing rule, core/index missingText)', () => {
  const demo = new Uint8Array(readFileSync(new URL('../../assets/demo_portal.dat', import.meta.url)));
  it('builds from the objects still there and names the lost id ranges in warnings, as the index does', async () => {
    const dat = await DatFile.open(new MemoryByteSource(demo.slice(0, 500_000)));
    const index = await indexDat(dat);
    const g = await buildSoundGraph(dat, { soundTables: index.soundTables.rows });
    const data = g.data();
    expect(data.motionTables.length + data.animations.length).toBeGreaterThan(0);
    expect(data.warnings.length).toBeGreaterThan(0);
    for (const w of data.warnings)
      expect(w).toMatch(
        /^(Setups|Animations|MotionTables|PhysicsScripts|PhysicsScriptTables|Regions) 0x[0-9A-F]{8}–0x[0-9A-F]{8} cannot be listed: .*the file looks truncated/,
      );
    expect(data.warnings).toContain(
      'Setups 0x02000000–0x0200FFFF cannot be listed: B-tree node continues with link 0x000B4000, beyond the end of the file (500000 bytes; the header declares 774144 bytes, so the file looks truncated) at offset 0x00043400',
    );
  });
  it('a whole dat has no warnings', async () => {
    expect((await fixtureGraph()).data().warnings).toEqual([]);
  });
});
