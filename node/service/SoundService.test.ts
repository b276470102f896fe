import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { computeCensus } from '../../core/census';
import type { ExportProgress } from '../../core/contract';
import { MemoryByteSource } from '../../core/bytes/ByteSource';
import { DatFile, writeDat } from '../../core/dat';
import { entryBlocks, setU32 } from '../../core/dat/testing';
import { parseWave, waveFacts } from '../../core/objects';
import { assetsDir, demoDatPath } from '../paths';
import { DatFormatError, errorToData, IdRangeError, rebuildError } from '../../core/errors';
import { brokenChainDat, FX, fixtureFiles, tempDir, writeFixtureDat } from '../test/fixtures';
import { invokeService } from './dispatch';
import { DatIndexCache } from './indexCache';
import { labelLog } from './labels';
import { SoundService } from './SoundService';

const tmp = tempDir();
afterAll(() => tmp.cleanup());
const datPath = writeFixtureDat(tmp.dir);

describe('SoundService on a dat built by core writeDat', () => {
  it('getCensus counts the fixture: a Wave that does not parse, a compressed entry, lint, a broken SoundTable, unused Waves', async () => {
    const s = new SoundService();
    await expect(s.getCensus()).rejects.toMatchObject({ name: 'RequestError', code: 'ENODAT' });
    await s.openDat(datPath);
    const c = await s.getCensus();
    expect(c.waves).toMatchObject({
      count: 8,
      withErrors: 1,
      errorIds: [FX.broken],
      compressed: 1,
      headerSize18: 7,
      headerSize30: 0,
      headerSizeOther: 0,
    });
    expect(c.waves.warningIds).toEqual(expect.arrayContaining([FX.unsupported, FX.lint]));
    expect(c.waves.byFormatTag.map((b) => [b.value, b.waves])).toEqual([
      [1, 6],
      [0x31, 1],
    ]);
    expect(c.waves.unusedIds).toEqual([FX.broken, FX.compressed, FX.unsupported, FX.long, FX.lint]);
    expect(c.soundTables).toMatchObject({
      count: 1,
      withErrors: 1,
      soundTypes: 2,
      rows: 4,
      rootRows: 1,
      multiVariantSoundTypes: 1,
      unreachableInRetail: 1,
      probabilityBelow1: 3,
      volumeNot1: 3,
      priorityNot0: 4,
    });
    // the same numbers over the service's own listing (core/census.ts computeCensus)
    const tables = await Promise.all([FX.table].map((id) => s.getSoundTable(id)));
    expect(c).toEqual(computeCensus(await s.listWaves(), tables, 1));
    // callers get a copy
    c.waves.count = 0;
    expect((await s.getCensus()).waves.count).toBe(8);
    await s.close();
  });

  it('indexes at open: header facts, iteration, Wave and SoundTable counts; the entry count on demand', async () => {
    const s = new SoundService();
    const sum = await s.openDat(datPath);
    expect(sum).toMatchObject({
      path: datPath,
      demo: false,
      format: 'eor',
      blockSize: 1024,
      dataSet: 1,
      entryCount: null, // the whole-tree walk is not part of the open
      iteration: 7,
      waveCount: 8,
      soundTableCount: 2,
      warnings: [],
    });
    expect(sum.openMs).toBeGreaterThanOrEqual(0);
    expect(await s.getSummary()).toEqual({ ...sum, entryCount: fixtureFiles().length + 1 }); // + the iteration record
    await s.close();
    expect(await s.getSummary()).toBeNull();
  });

  it('lists every Wave sorted by id; a Wave that does not parse is listed with error (nothing lost)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const waves = await s.listWaves();
    expect(waves.map((w) => w.id)).toEqual([
      FX.pcm16,
      FX.pcm8odd,
      FX.stereo,
      FX.broken,
      FX.compressed,
      FX.unsupported,
      FX.long,
      FX.lint,
    ]);
    const byId = new Map(waves.map((w) => [w.id, w]));
    expect(byId.get(FX.pcm16)).toMatchObject({
      formatTag: 1,
      channels: 1,
      sampleRate: 11025,
      bitsPerSample: 16,
      blockAlign: 2,
      headerSize: 18,
      dataSize: 2000,
      frames: 1000,
      compressed: false,
      error: null,
    });
    expect(byId.get(FX.stereo)).toMatchObject({ channels: 2, sampleRate: 22050, frames: 500 });
    expect(byId.get(FX.compressed)).toMatchObject({ compressed: true, frames: 2000, error: null });
    expect(byId.get(FX.long)).toMatchObject({ frames: 30000, dataSize: 60000, dataBytes: 60000 });
    // salvaged (pitfalls #8): D = 3000 declared, 2001 bytes in the record
    expect(byId.get(FX.lint)).toMatchObject({ dataSize: 3000, dataBytes: 2001 });
    expect(byId.get(FX.broken)!.error?.message).toMatch(/0x0A000004.*H = 5/);
    expect(byId.get(FX.unsupported)!.warnings.join()).toMatch(/0x0031/);
    await s.close();
  });

  it('Wave facts from the header-only read equal those of the full record (lint included)', async () => {
    for (const path of [datPath, null]) {
      const s = new SoundService();
      await s.openDat(path);
      for (const w of await s.listWaves()) {
        if (w.error !== null) continue;
        const full = parseWave(await s.getWaveBytes(w.id));
        const facts = waveFacts(full);
        expect(w.warnings).toEqual(full.warnings);
        expect([w.frames, w.durationSec, w.channels, w.sampleRate, w.dataSize, w.dataBytes, w.headerSize]).toEqual([
          facts.frames,
          facts.durationSec,
          facts.channels,
          facts.sampleRate,
          full.declaredDataSize,
          full.data.length,
          full.headerSize,
        ]);
      }
      await s.close();
    }
    const s = new SoundService();
    await s.openDat(datPath);
    const lint = (await s.listWaves()).find((w) => w.id === FX.lint)!;
    expect(lint.warnings.join('\n')).toMatch(/3000.*clamped/);
    expect(lint.warnings.join('\n')).toMatch(/nBlockAlign 4/);
    expect(lint.warnings.join('\n')).toMatch(/partial frame/);
    expect(lint.frames).toBe(1000);
    await s.close();
  });

  it('parses every SoundTable; labels come from assets/soundtable-labels.json; a broken table keeps its row', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const tables = await s.listSoundTables();
    expect(tables).toHaveLength(2);
    expect(tables[0]).toEqual({
      id: FX.table,
      label: 'Human (male)',
      soundTypeCount: 2,
      entryCount: 4,
      // the list carries each sound type's name and rows' Wave ids (file order), so the app fetches no table to search
      sounds: [
        { soundType: 0x58, name: 'ShieldUp', entries: [{ waveId: FX.pcm16 }] },
        {
          soundType: 0x37,
          name: 'Footstep1',
          entries: [{ waveId: FX.pcm16 }, { waveId: FX.stereo }, { waveId: FX.pcm8odd }],
        },
      ],
      warnings: [],
      error: null,
    });
    expect(tables[1]!.sounds).toEqual([]); // the broken table: no sound types
    expect(tables[1]!.id).toBe(FX.brokenTable);
    expect(tables[1]!.error?.message).toMatch(/0x20000002/);
    await expect(s.getSoundTable(FX.brokenTable)).rejects.toMatchObject({ name: 'ObjectFormatError' });
    await s.close();
  });

  it('listWaves and listSoundTables hand out the index rows as they are (no copy per call), each time in a fresh array', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const waves = await s.listWaves();
    const tables = await s.listSoundTables();
    const before = JSON.stringify({ waves, tables });
    const again = [await s.listWaves(), await s.listSoundTables()] as const;
    // the same row objects (read-only by type, core/contract.ts Shared), not copies
    expect(again[0].every((w, i) => w === waves[i])).toBe(true);
    expect(again[1].every((t, i) => t === tables[i])).toBe(true);
    // the array itself is the caller's own
    expect(again[0]).not.toBe(waves);
    waves.length = 0;
    tables.reverse();
    expect(JSON.stringify({ waves: await s.listWaves(), tables: await s.listSoundTables() })).toBe(before);
    await s.close();
  });

  it('getSoundTable: sound types in file order with names, floats as read (float32)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const t = await s.getSoundTable(FX.table);
    expect(t.sounds.map((x) => [x.soundType, x.name])).toEqual([
      [0x58, 'ShieldUp'],
      [0x37, 'Footstep1'],
    ]);
    expect(t.sounds[0]!.entries[0]).toEqual({
      waveId: FX.pcm16,
      priority: Math.fround(0.7),
      probability: 1,
      volume: 1,
    });
    expect(t.rootEntries).toEqual([{ waveId: 0, priority: 0, probability: 1, volume: 1 }]);
    await expect(s.getSoundTable(0x20000099)).rejects.toMatchObject({ name: 'NotFoundError' });
    await s.close();
  });

  it('listSoundTableDetails: every table that parsed, as getSoundTable answers it, from the index (no file reads)', async () => {
    const s = new SoundService();
    await expect(s.listSoundTableDetails()).rejects.toMatchObject({ name: 'RequestError', code: 'ENODAT' });
    await s.openDat(datPath);
    const reads = vi.spyOn(DatFile.prototype, 'readEntry');
    try {
      const all = await s.listSoundTableDetails();
      expect(all).toEqual([await s.getSoundTable(FX.table)]); // the broken table is left out (listSoundTables has its error)
      expect(reads).not.toHaveBeenCalled();
      all[0]!.sounds.length = 0; // callers get a copy
      expect((await s.listSoundTableDetails())[0]!.sounds).toHaveLength(2);
      expect(await invokeService(s, 'listSoundTableDetails', [])).toEqual(await s.listSoundTableDetails());
      await expect(invokeService(s, 'listSoundTableDetails', [FX.table])).rejects.toMatchObject({
        name: 'RequestError',
      });
    } finally {
      reads.mockRestore();
      await s.close();
    }
  });

  it('reverse index: Wave → (table, sound type, entry index)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    expect(await s.getWaveUsage(FX.pcm16)).toEqual([
      { tableId: FX.table, soundType: 0x58, name: 'ShieldUp', entryIndex: 0 },
      { tableId: FX.table, soundType: 0x37, name: 'Footstep1', entryIndex: 0 },
    ]);
    expect(await s.getWaveUsage(FX.pcm8odd)).toEqual([
      { tableId: FX.table, soundType: 0x37, name: 'Footstep1', entryIndex: 2 },
    ]);
    expect(await s.getWaveUsage(FX.long)).toEqual([]);
    await s.close();
  });

  it('getWaveBytes returns the object bytes exactly as stored (decompressed), whole chain (pitfalls #9)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const files = new Map(fixtureFiles().map((f) => [f.id, f.data]));
    for (const id of [FX.pcm16, FX.compressed, FX.long]) {
      expect(Buffer.from(await s.getWaveBytes(id)).equals(Buffer.from(files.get(id)!))).toBe(true);
    }
    const long = parseWave(await s.getWaveBytes(FX.long));
    expect(waveFacts(long).frames).toBe(30000);
    await expect(s.getWaveBytes(0x0a00ffff)).rejects.toMatchObject({ name: 'NotFoundError' });
    // a malformed id is refused by the transports' validator before the service runs
    await expect(invokeService(s, 'getWaveBytes', [-1])).rejects.toMatchObject({ name: 'RequestError' });
    await s.close();
  });

  it('getSoundTable/getWaveBytes reject ids outside their range with IdRangeError (a Wave id is not a SoundTable id)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const e1 = await s.getSoundTable(FX.pcm16).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(IdRangeError);
    expect((e1 as Error).message).toBe('0x0A000001: not a SoundTable id (SoundTables are 0x20000000–0x2000FFFF)');
    const e2 = await s.getWaveBytes(FX.table).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(IdRangeError);
    expect((e2 as Error).message).toBe('0x20000001: not a Wave id (Waves are 0x0A000000–0x0A00FFFF)');
    await expect(s.getWaveBytes(FX.high)).rejects.toMatchObject({ name: 'IdRangeError' });
    await s.close();
  });

  it('a Wave with a broken block chain: listed fine (header-only), getWaveBytes and export fail with DatFormatError (corrupt dat, not cannot-decode)', async () => {
    const { bytes, badLinkAt } = await brokenChainDat();
    const path = writeFixtureDat(tmp.dir, 'broken_chain.dat', bytes);
    const s = new SoundService();
    await s.openDat(path);
    const listed = (await s.listWaves()).find((w) => w.id === FX.long)!;
    expect(listed).toMatchObject({ error: null, frames: 30000 });
    const err = await s.getWaveBytes(FX.long).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatFormatError);
    expect(err).toMatchObject({ name: 'DatFormatError', offset: badLinkAt, structure: 'block chain of 0x0A000007' });
    expect((err as Error).message).toMatch(/continues with link 0x00FFFFFF, beyond the end of the file/);
    // the name survives the generic dispatch every transport uses, and the wire form
    const viaDispatch = await invokeService(s, 'getWaveBytes', [FX.long]).catch((e: unknown) => e);
    expect(errorToData(viaDispatch)).toMatchObject({ name: 'DatFormatError' });
    expect(rebuildError(errorToData(viaDispatch)).name).toBe('DatFormatError');
    const out = join(tmp.dir, 'broken-export');
    const r = await s.exportWaves({ ids: [FX.pcm16, FX.long], dir: out, format: 'decoded', force: false });
    expect(r.written.map((w) => w.id)).toEqual([FX.pcm16]);
    expect(r.failed).toMatchObject([{ id: FX.long, errorName: 'DatFormatError' }]);
    await s.close();
  });

  it('methods before openDat fail with RequestError ENODAT', async () => {
    const s = new SoundService();
    await expect(s.listWaves()).rejects.toMatchObject({ name: 'RequestError', code: 'ENODAT' });
  });

  it('opening a new dat closes the previous source; a failed open keeps the previous dat', async () => {
    const other = join(tmp.dir, 'other.dat');
    writeFileSync(other, writeDat([{ id: 0x0a000010, data: fixtureFiles()[0]!.data }]));
    const s = new SoundService();
    await s.openDat(datPath);
    const first = (s as unknown as { current: { source: { closed: boolean } } }).current.source;
    await s.openDat(other);
    expect(first.closed).toBe(true);
    expect((await s.getSummary())!.waveCount).toBe(1);
    await expect(s.openDat(join(tmp.dir, 'missing.dat'))).rejects.toMatchObject({ name: 'IoError', code: 'ENOENT' });
    const garbage = join(tmp.dir, 'garbage.dat');
    writeFileSync(garbage, new Uint8Array(4096).fill(7));
    await expect(s.openDat(garbage)).rejects.toMatchObject({ name: 'UnsupportedDatError' });
    expect((await s.getSummary())!.path).toBe(other);
    expect(await s.listWaves()).toHaveLength(1);
    await s.close();
  });

  it('concurrent openDat calls are serialized; the last one wins', async () => {
    const s = new SoundService();
    const [a, b] = await Promise.all([s.openDat(datPath), s.openDat(datPath)]);
    expect(a.waveCount).toBe(b.waveCount);
    await s.close();
  });

  it('cancelExport stops a running batch mid-way: the rest are notAttempted, nothing partial on disk', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    await s.cancelExport(); // nothing running: a no-op
    const dir = join(tmp.dir, 'cancel-export');
    const ids = [FX.pcm16, FX.stereo, FX.long, FX.pcm8odd, FX.compressed];
    let cancelled: Promise<void> | null = null;
    const seen: number[] = [];
    const off = s.on('exportProgress', (p) => {
      seen.push(p.done);
      if (p.done === 2) cancelled = s.cancelExport();
    });
    const r = await s.exportWaves({ ids, dir, format: 'decoded', force: false });
    off();
    await cancelled;
    expect(r.cancelled).toBe(true);
    expect(r.written.map((w) => w.id)).toEqual([FX.pcm16, FX.stereo]);
    expect(r.skipped).toEqual([]);
    expect(r.notAttempted).toEqual([FX.long, FX.pcm8odd, FX.compressed]);
    expect(r.failed).toEqual([]);
    expect(seen).toEqual([1, 2, 2]); // after each file, then the final event at the cancel: done = attempted, not total
    expect(readdirSync(dir).sort()).toEqual(['0A000001.wav', '0A000003.wav']);
    // the next export is not affected by the earlier cancel
    const again = await s.exportWaves({ ids: [FX.long], dir, format: 'decoded', force: false });
    expect(again).toMatchObject({ cancelled: false, written: [{ id: FX.long }] });
    await s.close();
  });

  it("cancelExport resolves only once the running export has stopped; the caller's own signal cancels too", async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const dir = join(tmp.dir, 'cancel-wait');
    const seen: ExportProgress[] = [];
    const off = s.on('exportProgress', (p) => seen.push(p));
    const run = s.exportWaves({ ids: [FX.pcm16, FX.stereo, FX.long], dir, format: 'decoded', force: false });
    await s.cancelExport();
    off();
    // the batch had stopped when cancelExport resolved: its final event (nothing attempted) had been sent
    expect(seen).toEqual([{ done: 0, total: 3, id: FX.pcm16 }]);
    expect(await run).toMatchObject({ cancelled: true, written: [], notAttempted: [FX.pcm16, FX.stereo, FX.long] });
    const ac = new AbortController();
    ac.abort();
    const r = await s.exportWaves(
      { ids: [FX.pcm16], dir: join(tmp.dir, 'cancel-signal'), format: 'decoded', force: false },
      { signal: ac.signal },
    );
    expect(r).toMatchObject({ cancelled: true, written: [], skipped: [], notAttempted: [FX.pcm16] });
    await s.close();
  });

  it('defaultExportDir is an absolute folder', async () => {
    expect(await new SoundService().defaultExportDir()).toMatch(/^\//);
    expect(await new SoundService({ defaultExportDir: '/x/y' }).defaultExportDir()).toBe('/x/y');
  });
});

describe('SoundService on the demo dat (assets/demo_portal.dat)', () => {
  it('openDat(null) opens the demo dat, found relative to the package root', async () => {
    expect(assetsDir()).toMatch(/assets$/);
    expect(existsSync(demoDatPath())).toBe(true);
    const s = new SoundService();
    const sum = await s.openDat(null);
    expect(sum.demo).toBe(true);
    expect(sum.path).toBe(demoDatPath());
    // the same file opened by path (here, relative and through a symlink) is still the demo
    const rel = relative(process.cwd(), demoDatPath());
    expect((await s.openDat(rel)).demo).toBe(true);
    const link = join(tmp.dir, 'link_to_demo.dat');
    symlinkSync(demoDatPath(), link);
    const viaLink = await s.openDat(link);
    expect(viaLink).toMatchObject({ demo: true, path: link });
    // a byte-identical copy elsewhere is a user's file, not the bundled demo
    const copy = join(tmp.dir, 'demo_portal.dat');
    copyFileSync(demoDatPath(), copy);
    expect((await s.openDat(copy)).demo).toBe(false);
    await s.openDat(null);
    expect(sum.waveCount).toBeGreaterThanOrEqual(15);
    expect(sum.soundTableCount).toBeGreaterThanOrEqual(3);
    const waves = await s.listWaves();
    expect(waves.every((w) => w.error === null)).toBe(true);
    expect(waves.some((w) => w.formatTag === 0x55 && w.headerSize === 30 && w.channels === 1)).toBe(true);
    expect(waves.some((w) => w.channels === 2)).toBe(true);
    expect(waves.some((w) => w.bitsPerSample === 8)).toBe(true);
    const ids = waves.map((w) => w.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    for (const t of await s.listSoundTables()) {
      expect(t.error).toBeNull();
      const detail = await s.getSoundTable(t.id);
      expect(detail.sounds.length).toBe(t.soundTypeCount);
      for (const snd of detail.sounds) for (const e of snd.entries) expect(ids).toContain(e.waveId);
    }
    await s.close();
  });
});

describe('best-effort open: findings outside the sound ranges are warnings, not failures', () => {
  /** The fixture plus 60 filler objects in 0x01000100.. (so some B-tree nodes hold only fillers). */
  const withFillers = () => [
    ...fixtureFiles(),
    ...Array.from({ length: 60 }, (_, i) => ({ id: 0x01000100 + i, data: new Uint8Array([i, 1, 2, 3]) })),
  ];

  /** Offset of the EoR entry (word 0x00020000, then id) of `id` inside a node. */
  function entryAt(bytes: Uint8Array, id: number): number {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let p = 0; p + 8 <= bytes.length; p += 4)
      if (dv.getUint32(p, true) === 0x00020000 && dv.getUint32(p + 4, true) === id) return p;
    throw new Error('entry not found');
  }

  it('a malformed iteration record: the dat opens, iteration null, a warning says why', async () => {
    const bytes = writeDat([...fixtureFiles(), { id: 0xffff0001, data: new Uint8Array([5, 0]) }], {
      maxEntriesPerNode: 3,
      fragment: 42,
    });
    const path = writeFixtureDat(tmp.dir, 'bad_iteration.dat', bytes);
    const s = new SoundService();
    const sum = await s.openDat(path);
    expect(sum.iteration).toBeNull();
    expect((await s.getSummary())!.entryCount).toBe(fixtureFiles().length + 1);
    expect(sum.warnings).toEqual([
      'iteration unavailable (record 0xFFFF0001 could not be read): iteration record 0xFFFF0001: is 2 bytes, too short',
    ]);
    expect(sum.waveCount).toBe(8);
    await s.close();
  });

  it('a corrupt node in another id range: the dat opens and lists its sounds; entryCount null with a warning', async () => {
    const bytes = writeDat(withFillers(), { maxEntriesPerNode: 3, fragment: 42, iteration: 7 });
    // break the key order of a filler entry: only the whole-tree walk meets it
    new DataView(bytes.buffer).setUint32(entryAt(bytes, 0x01000120) + 4, 0x00000005, true);
    const path = writeFixtureDat(tmp.dir, 'bad_node.dat', bytes);
    const s = new SoundService();
    expect((await s.openDat(path)).warnings).toEqual([]); // the open never walks that part of the tree
    const sum = (await s.getSummary())!;
    expect(sum.entryCount).toBeNull();
    expect(sum.warnings).toHaveLength(1);
    expect(sum.warnings[0]).toMatch(
      /^entry count unavailable \(the B-tree outside the Wave and SoundTable ranges could not be walked\): B-tree node .*out of order/,
    );
    expect(sum.iteration).toBe(7);
    expect((await s.listWaves()).map((w) => w.id)).toEqual([
      FX.pcm16,
      FX.pcm8odd,
      FX.stereo,
      FX.broken,
      FX.compressed,
      FX.unsupported,
      FX.long,
      FX.lint,
    ]);
    expect((await s.getSoundTable(FX.table)).sounds.length).toBe(2);
    await s.close();
  });

  it('header findings reach the summary: dataSet ≠ 1 and a header fileSize ≠ the real size', async () => {
    const bytes = writeDat(fixtureFiles(), { dataSet: 2 });
    const longer = new Uint8Array(bytes.length + 1024);
    longer.set(bytes);
    const s = new SoundService();
    const sum = await s.openDat(writeFixtureDat(tmp.dir, 'cell_like.dat', longer));
    expect(sum.warnings).toEqual([
      'dataSet is 2 (a cell dat), not 1 (portal): this dat probably holds no sounds',
      `header declares ${bytes.length} bytes but the file has ${longer.length}`,
    ]);
    expect(await s.getSummary()).toEqual({ ...sum, entryCount: fixtureFiles().length });
    await s.close();
  });

  it('an object id ≠ its entry id is a warning on the row, for Waves and SoundTables alike', async () => {
    const files = fixtureFiles().map((f) => {
      if (f.id !== FX.table && f.id !== FX.pcm16) return f;
      const data = f.data.slice();
      new DataView(data.buffer).setUint32(0, f.id + 0x100, true);
      return { ...f, data };
    });
    const s = new SoundService();
    await s.openDat(writeFixtureDat(tmp.dir, 'id_mismatch.dat', writeDat(files)));
    const table = (await s.listSoundTables()).find((t) => t.id === FX.table)!;
    expect(table).toMatchObject({
      error: null,
      warnings: ['object id 0x20000101 differs from its dat entry id 0x20000001'],
    });
    const wave = (await s.listWaves()).find((w) => w.id === FX.pcm16)!;
    expect(wave).toMatchObject({
      error: null,
      warnings: ['object id 0x0A000101 differs from its dat entry id 0x0A000001'],
    });
    // the entry id is the id everywhere: lookups, usage
    expect((await s.getSoundTable(FX.table)).id).toBe(FX.table);
    expect((await s.getWaveUsage(FX.pcm16)).every((u) => u.tableId === FX.table)).toBe(true);
    await s.close();
  });

  it('a non-zero final link of a Wave chain: read anyway, reported in the summary after the read', async () => {
    const bytes = writeDat(fixtureFiles());
    const dat = await DatFile.open(new MemoryByteSource(bytes));
    const entry = (await dat.find(FX.long))!;
    const blocks = entryBlocks(bytes, entry);
    setU32(bytes, blocks[blocks.length - 1]!, blocks[0]!);
    const s = new SoundService();
    const sum = await s.openDat(writeFixtureDat(tmp.dir, 'final_link.dat', bytes));
    expect(sum.warnings).toEqual([]); // a PCM Wave is listed from its first block only
    const got = await s.getWaveBytes(FX.long);
    expect(parseWave(got).id).toBe(FX.long);
    expect((await s.getSummary())!.warnings).toEqual([
      expect.stringMatching(/^block chain of 0x0A000007 does not end after its last block/),
    ]);
    await s.close();
  });
});

describe('shared index between services (browser-tab sessions)', () => {
  it('a second service on the same file reuses the index; a changed file is indexed again', async () => {
    const cache = new DatIndexCache();
    const path = writeFixtureDat(tmp.dir, 'shared.dat');
    const a = new SoundService({ indexCache: cache });
    const b = new SoundService({ indexCache: cache });
    const sa = await a.openDat(path);
    const sb = await b.openDat(path);
    expect(cache.size).toBe(1);
    expect({ ...sb, openMs: 0 }).toEqual({ ...sa, openMs: 0 });
    expect(await b.getSummary()).toEqual({ ...sb, entryCount: fixtureFiles().length + 1 });
    expect(await b.listWaves()).toEqual(await a.listWaves());
    // each keeps its own open state: closing one leaves the other readable
    await a.close();
    expect((await b.getWaveBytes(FX.long)).length).toBeGreaterThan(60000);
    // a rewritten file (new size) is a new key
    writeFixtureDat(tmp.dir, 'shared.dat', writeDat(fixtureFiles().filter((f) => f.id !== FX.lint)));
    const c = new SoundService({ indexCache: cache });
    expect((await c.openDat(path)).waveCount).toBe(7);
    expect(cache.size).toBe(2);
    await b.close();
    await c.close();
  });
});

describe('SoundTable labels file', () => {
  it('malformed JSON: no labels, one line on stderr (once per folder), and a summary warning', async () => {
    const assets = join(tmp.dir, 'bad-assets');
    mkdirSync(assets);
    writeFileSync(join(assets, 'soundtable-labels.json'), '{"0x20000001": {"label": "Human (male)"'); // cut short
    const logged: string[] = [];
    const original = labelLog.warn;
    labelLog.warn = (m) => void logged.push(m);
    try {
      const s = new SoundService({ assetsDir: assets });
      const sum = await s.openDat(datPath);
      expect(sum.warnings).toEqual([
        expect.stringMatching(/^SoundTable labels not loaded: .*soundtable-labels\.json is not valid JSON/),
      ]);
      expect((await s.listSoundTables()).find((t) => t.id === FX.table)?.label).toBeNull();
      await s.openDat(datPath);
      await new SoundService({ assetsDir: assets }).openDat(datPath);
      expect(logged).toEqual([sum.warnings[0]]);
      await s.close();
    } finally {
      labelLog.warn = original;
    }
  });
  it('a missing labels file is silent', async () => {
    const assets = join(tmp.dir, 'no-assets');
    mkdirSync(assets);
    const s = new SoundService({ assetsDir: assets });
    expect((await s.openDat(datPath)).warnings).toEqual([]);
    await s.close();
  });
});
