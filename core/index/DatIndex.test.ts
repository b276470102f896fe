import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../bytes/ByteSource';
import { DatFile } from '../dat';
import { FX, fixtureDat } from '../../node/test/fixtures';
import { indexDat, tableDetail } from './DatIndex';
import { ReferenceIndex, soundTableReferences, waveUsageOf } from './references';

async function fixtureIndex() {
  return indexDat(await DatFile.open(new MemoryByteSource(fixtureDat())), {
    labels: new Map([[FX.table, 'Human (male)']]),
  });
}

describe('indexDat (platform-free: a DatFile on any ByteSource)', () => {
  it('lists Waves and SoundTables ascending by entry id, each kind with its entries and rows by id', async () => {
    const index = await fixtureIndex();
    expect(index.waves.rows.map((w) => w.id)).toEqual([
      FX.pcm16,
      FX.pcm8odd,
      FX.stereo,
      FX.broken,
      FX.compressed,
      FX.unsupported,
      FX.long,
      FX.lint,
    ]);
    expect(index.soundTables.rows.map((t) => t.id)).toEqual([FX.table, FX.brokenTable]);
    expect(index.waves.entries.get(FX.long)?.id).toBe(FX.long);
    expect(index.soundTables.byId.get(FX.table)?.label).toBe('Human (male)');
    expect(index.waves.byId.get(FX.broken)?.error?.message).toMatch(/./);
  });

  it('a SoundTable row carries its sound types, names and the Wave id of every row (file order)', async () => {
    const index = await fixtureIndex();
    const row = index.soundTables.byId.get(FX.table)!;
    expect(row.sounds.map((s) => [s.soundType, s.name, s.entries.map((e) => e.waveId)])).toEqual([
      [0x58, 'ShieldUp', [FX.pcm16]],
      [0x37, 'Footstep1', [FX.pcm16, FX.stereo, FX.pcm8odd]],
    ]);
    // the same as the detail, minus the floats
    expect(
      tableDetail(index, FX.table).sounds.map((s) => ({
        soundType: s.soundType,
        name: s.name,
        entries: s.entries.map((e) => ({ waveId: e.waveId })),
      })),
    ).toEqual(row.sounds);
  });

  it('a table that did not parse keeps its row (error, no sound types); tableDetail throws its error; an unknown id is NotFoundError', async () => {
    const index = await fixtureIndex();
    const broken = index.soundTables.byId.get(FX.brokenTable)!;
    expect(broken).toMatchObject({ soundTypeCount: 0, entryCount: 0, sounds: [] });
    expect(broken.error?.message).toMatch(/0x20000002/);
    expect(() => tableDetail(index, FX.brokenTable)).toThrow(broken.error!.message);
    expect(() => tableDetail(index, 0x20000099)).toThrow(expect.objectContaining({ name: 'NotFoundError' }));
  });

  it('references: every SoundTable row → its Wave; used-by counts and WaveUsage rows from them', async () => {
    const index = await fixtureIndex();
    expect(index.references.count(FX.pcm16)).toBe(2);
    expect(index.references.count(FX.long)).toBe(0);
    expect(waveUsageOf(index.references, FX.pcm8odd)).toEqual([
      { tableId: FX.table, soundType: 0x37, name: 'Footstep1', entryIndex: 2 },
    ]);
    // the listing rows alone give the same references (what the renderer builds from the list)
    const fromRows = soundTableReferences(index.soundTables.rows);
    for (const w of index.waves.rows) expect(fromRows.to(w.id)).toEqual(index.references.to(w.id));
  });
});

describe('ReferenceIndex', () => {
  it('groups by the object referenced in insertion order; ids are taken as u32', () => {
    const refs = new ReferenceIndex();
    refs.add({ kind: 'SoundTable', from: 2, to: 0x0a000001, soundType: 1, name: 'a', entryIndex: 0 });
    refs.add({ kind: 'SoundTable', from: 1, to: 0x0a000001, soundType: 2, name: 'b', entryIndex: 1 });
    expect(refs.to(0x0a000001).map((r) => r.from)).toEqual([2, 1]);
    expect(refs.count(0x0a000001 | 0)).toBe(2);
    expect(refs.to(5)).toEqual([]);
    expect([...refs.targets()]).toEqual([0x0a000001]);
  });
});
