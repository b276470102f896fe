import { copyFileSync, existsSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeCensus } from '../../core/census';
import { writeDat } from '../../core/dat';
import { parseWave, waveFacts } from '../../core/objects';
import { assetsDir, demoDatPath } from '../paths';
import { DatFormatError, errorToData, IdRangeError, rebuildError } from '../../core/errors';
import { brokenChainDat, FX, fixtureFiles, tempDir, writeFixtureDat } from '../test/fixtures';
import { invokeService } from './dispatch';
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
    expect(c.waves).toMatchObject({ count: 8, withErrors: 1, errorIds: [FX.broken], compressed: 1, headerSize18: 7, headerSize30: 0, headerSizeOther: 0 });
    expect(c.waves.warningIds).toEqual(expect.arrayContaining([FX.adpcm, FX.lint]));
    expect(c.waves.byFormatTag.map((b) => [b.value, b.waves])).toEqual([
      [1, 6],
      [2, 1],
    ]);
    expect(c.waves.unusedIds).toEqual([FX.broken, FX.compressed, FX.adpcm, FX.long, FX.lint]);
    expect(c.soundTables).toMatchObject({ count: 1, withErrors: 1, soundTypes: 2, rows: 4, rootRows: 1, multiVariantSoundTypes: 1, unreachableInRetail: 1, probabilityBelow1: 3, volumeNot1: 3, priorityNot0: 4 });
    // the same numbers over the service's own listing (core/census.ts computeCensus)
    const tables = await Promise.all([FX.table].map((id) => s.getSoundTable(id)));
    expect(c).toEqual(computeCensus(await s.listWaves(), tables, 1));
    // callers get a copy
    c.waves.count = 0;
    expect((await s.getCensus()).waves.count).toBe(8);
    await s.close();
  });


  it('indexes at open: header facts, entry count, iteration, Wave and SoundTable counts', async () => {
    const s = new SoundService();
    const sum = await s.openDat(datPath);
    expect(sum).toMatchObject({
      path: datPath,
      demo: false,
      format: 'eor',
      blockSize: 1024,
      dataSet: 1,
      entryCount: fixtureFiles().length + 1, // + the iteration record
      iteration: 7,
      waveCount: 8,
      soundTableCount: 2,
    });
    expect(sum.openMs).toBeGreaterThanOrEqual(0);
    expect(await s.getSummary()).toEqual(sum);
    await s.close();
    expect(await s.getSummary()).toBeNull();
  });

  it('lists every Wave sorted by id; a Wave that does not parse is listed with error (nothing lost)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const waves = await s.listWaves();
    expect(waves.map((w) => w.id)).toEqual([FX.pcm16, FX.pcm8odd, FX.stereo, FX.broken, FX.compressed, FX.adpcm, FX.long, FX.lint]);
    const byId = new Map(waves.map((w) => [w.id, w]));
    expect(byId.get(FX.pcm16)).toMatchObject({ formatTag: 1, channels: 1, sampleRate: 11025, bitsPerSample: 16, blockAlign: 2, headerSize: 18, dataSize: 2000, frames: 1000, compressed: false, error: null });
    expect(byId.get(FX.stereo)).toMatchObject({ channels: 2, sampleRate: 22050, frames: 500 });
    expect(byId.get(FX.compressed)).toMatchObject({ compressed: true, frames: 2000, error: null });
    expect(byId.get(FX.long)).toMatchObject({ frames: 30000, dataSize: 60000 });
    expect(byId.get(FX.broken)!.error).toMatch(/0x0A000004.*H = 5/);
    expect(byId.get(FX.adpcm)!.warnings.join()).toMatch(/0x0002/);
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
        expect([w.frames, w.durationSec, w.channels, w.sampleRate, w.dataSize, w.headerSize]).toEqual([facts.frames, facts.durationSec, facts.channels, facts.sampleRate, full.declaredDataSize, full.headerSize]);
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
    expect(tables[0]).toEqual({ id: FX.table, label: 'Human (male)', soundTypeCount: 2, entryCount: 4, error: null });
    expect(tables[1]!.id).toBe(FX.brokenTable);
    expect(tables[1]!.error).toMatch(/0x20000002/);
    await expect(s.getSoundTable(FX.brokenTable)).rejects.toMatchObject({ name: 'ObjectFormatError' });
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
    expect(t.sounds[0]!.entries[0]).toEqual({ waveId: FX.pcm16, priority: Math.fround(0.7), probability: 1, volume: 1 });
    expect(t.rootEntries).toEqual([{ waveId: 0, priority: 0, probability: 1, volume: 1 }]);
    await expect(s.getSoundTable(0x20000099)).rejects.toMatchObject({ name: 'NotFoundError' });
    await s.close();
  });

  it('reverse index: Wave → (table, sound type, entry index)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    expect(await s.getWaveUsage(FX.pcm16)).toEqual([
      { tableId: FX.table, soundType: 0x58, name: 'ShieldUp', entryIndex: 0 },
      { tableId: FX.table, soundType: 0x37, name: 'Footstep1', entryIndex: 0 },
    ]);
    expect(await s.getWaveUsage(FX.pcm8odd)).toEqual([{ tableId: FX.table, soundType: 0x37, name: 'Footstep1', entryIndex: 2 }]);
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
    await expect(s.getWaveBytes(-1)).rejects.toMatchObject({ name: 'RequestError' });
    await s.close();
  });

  it('getSoundTable/getWaveBytes reject ids outside their range with IdRangeError (a Wave id is not a SoundTable id)', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const e1 = await s.getSoundTable(FX.pcm16).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(IdRangeError);
    expect((e1 as Error).message).toBe('0x0A000001 is not a SoundTable id (SoundTables are 0x20000000–0x2000FFFF)');
    const e2 = await s.getWaveBytes(FX.table).catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(IdRangeError);
    expect((e2 as Error).message).toBe('0x20000001 is not a Wave id (Waves are 0x0A000000–0x0A00FFFF)');
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

  it('cancelExport stops a running batch mid-way: the rest are skipped "cancelled", nothing partial on disk', async () => {
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
    expect(r.skipped).toEqual([FX.long, FX.pcm8odd, FX.compressed].map((id) => ({ id, file: '', reason: 'cancelled' })));
    expect(r.failed).toEqual([]);
    expect(seen).toEqual([1, 2, 3, 4, 5]); // progress still reaches total
    expect(readdirSync(dir).sort()).toEqual(['0A000001.wav', '0A000003.wav']);
    // the next export is not affected by the earlier cancel
    const again = await s.exportWaves({ ids: [FX.long], dir, format: 'decoded', force: false });
    expect(again).toMatchObject({ cancelled: false, written: [{ id: FX.long }] });
    await s.close();
  });

  it('cancelExport resolves only once the running export has stopped; the caller\'s own signal cancels too', async () => {
    const s = new SoundService();
    await s.openDat(datPath);
    const dir = join(tmp.dir, 'cancel-wait');
    let lastDone = 0;
    const off = s.on('exportProgress', (p) => (lastDone = p.done));
    const run = s.exportWaves({ ids: [FX.pcm16, FX.stereo, FX.long], dir, format: 'decoded', force: false });
    await s.cancelExport();
    off();
    expect(lastDone).toBe(3); // the batch loop had finished when cancelExport resolved
    expect((await run).cancelled).toBe(true);
    const ac = new AbortController();
    ac.abort();
    const r = await s.exportWaves({ ids: [FX.pcm16], dir: join(tmp.dir, 'cancel-signal'), format: 'decoded', force: false }, { signal: ac.signal });
    expect(r).toMatchObject({ cancelled: true, written: [], skipped: [{ id: FX.pcm16, reason: 'cancelled' }] });
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
