import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../core/bytes/ByteSource';
import { DatFile } from '../core/dat';
import { buildSoundGraph } from '../core/graph';
import { indexDat } from '../core/index';
import { buildDemoDat } from './make-demo-dat';
import { DEMO_SOURCES } from './make-demo-dat.sources';

describe('the demo dat has something for every sound-graph view (issue #7)', async () => {
  const dat = await DatFile.open(new MemoryByteSource(buildDemoDat()));
  const index = await indexDat(dat, {
    labels: new Map([
      [0x20000001, 'Human (male)'],
      [0x20000007, 'Drudge'],
    ]),
  });
  const labels = new Map(index.soundTables.rows.filter((t) => t.label !== null).map((t) => [t.id, t.label!]));
  const graph = await buildSoundGraph(dat, { soundTables: index.soundTables.rows, labels });

  it('every object of the six types reads (no errors)', () => {
    expect(graph.errors).toEqual([]);
  });
  it('two creatures (labelled from their SoundTables) and one effect', () => {
    expect(graph.creatures().map((c) => [c.id, c.label])).toEqual([
      [DEMO_SOURCES.humanSetup, 'Human (male)'],
      [DEMO_SOURCES.drudgeSetup, 'Drudge'],
    ]);
    expect(graph.effects().map((e) => e.id)).toEqual([DEMO_SOURCES.effectScript]);
  });
  it('footstep, swing and death SoundTable hooks and one SoundTweaked hook', () => {
    const hooks = [...graph.animations.values()].flatMap((a) =>
      a.soundHooks.map((h) => (h.hook === 'SoundTable' ? h.name : h.hook)),
    );
    expect(new Set(hooks)).toEqual(new Set(['Footstep1', 'Footstep2', 'Swoosh1', 'Death1', 'SoundTweaked']));
    expect(hooks.filter((h) => h === 'SoundTweaked')).toHaveLength(1);
  });
  it('a Region with ambient sets (Ambient1/Ambient2, Waterfall) over the 32 terrain types, all naming the ambient SoundTable', () => {
    const r = graph.regions.get(DEMO_SOURCES.region)!;
    expect(r.ambientSets.map((a) => a.sounds.map((s) => s.name))).toEqual([['Ambient1', 'Ambient2'], ['Waterfall']]);
    expect(r.terrainTypes).toHaveLength(32);
    expect(r.terrainTypes[16]).toMatchObject({ name: 'WaterRunning', sceneTypes: [1, 1, 0] });
    expect(graph.referencesTo(DEMO_SOURCES.ambientTable).map((x) => x.from)).toEqual([
      DEMO_SOURCES.region,
      DEMO_SOURCES.region,
    ]);
    const ambient = index.soundTables.byId.get(DEMO_SOURCES.ambientTable)!;
    expect(ambient.sounds.map((s) => [s.name, s.entries.map((e) => e.waveId)])).toEqual(
      expect.arrayContaining([
        ['Ambient1', [DEMO_SOURCES.waves.wind]],
        ['Ambient2', [DEMO_SOURCES.waves.birds]],
        ['Waterfall', [DEMO_SOURCES.waves.waterfall]],
      ]),
    );
  });
});
