import { existsSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWavStrict, type PcmAudio } from '../../core/audio';
import { DatFile } from '../../core/dat';
import { encoderFor } from '../../core/export';
import { parseWave } from '../../core/objects';
import { FileByteSource } from '../FileByteSource';
import { asHeardSource } from './asHeard';
import { loadSoundscapeWorld, requireWorld, runSoundscape } from './soundscape';
import type { SoundscapeExportResult } from '../../core/contract';
import { DEFAULT_PREFS, mixAmbient, parseSoundscapeSettings } from '../../core/engine';
import { soundscapeDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { invokeService } from './dispatch';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-soundscape-');
afterAll(() => tmp.cleanup());
const dat = writeFixtureDat(tmp.dir, 'soundscape_portal.dat', soundscapeDat());
const plain = writeFixtureDat(tmp.dir);

const request = {
  dir: 'out',
  force: false,
  landblocks: [{ terrainType: 2, scene: 0 }],
  seconds: 12,
  seed: 9,
  mode: 'retail' as const,
  prefs: DEFAULT_PREFS,
};

describe('SoundService soundscapes', () => {
  it("getSoundscape gives the Region's terrain types by their own names, its sets and their SoundTables; null without a Region", async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(dat);
    const info = await s.getSoundscape();
    expect(info).toMatchObject({ regionId: 0x13000000, name: 'Test', missingSoundTables: [] });
    expect(info!.terrainTypes.map((t) => t.name)).toEqual(['Quiet', 'Grass', 'Water']);
    expect(info!.ambientSets.map((a) => a.soundTableId)).toEqual([0x20000001, 0x20000002, 0x20000003]);
    expect(info!.soundTables.map((t) => [t.id, t.sounds.map((n) => n.key)])).toEqual([
      [0x20000001, [0x46, 0x47]],
      [0x20000002, [0x48]],
      [0x20000003, [0x4e]],
    ]);
    await s.openDat(plain);
    expect(await s.getSoundscape()).toBeNull();
    await expect(s.exportSoundscape(request)).rejects.toMatchObject({ name: 'NotFoundError' });
    await s.close();
  });

  it('exportSoundscape writes the WAV (strict reader: stereo 16-bit 22050 Hz, N seconds) and the sidecar; never overwrites without force', async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(dat);
    const r = (await invokeService(s, 'exportSoundscape', [request])) as SoundscapeExportResult;
    expect(r).toMatchObject({
      dir: join(tmp.dir, 'out'),
      outcome: 'written',
      wav: 'soundscape_t2s0_seed9_12s.wav',
      sidecar: 'soundscape_t2s0_seed9_12s.json',
      gain: 1,
    });
    expect(r.played).toBeGreaterThan(0);
    expect(r.peak).toBeGreaterThan(0);
    const wavPath = join(r.dir, r.wav);
    const wav = parseWavStrict(readFileSync(wavPath));
    expect(wav).toMatchObject({ channels: 2, bitsPerSample: 16, sampleRate: 22050, frames: 12 * 22050 });
    const side = JSON.parse(readFileSync(join(r.dir, r.sidecar), 'utf8')) as {
      events: unknown[];
      settings: { landblocks: unknown; seed: number };
    };
    expect(side.events).toHaveLength(r.events);
    expect(side.settings).toMatchObject({ landblocks: request.landblocks, seed: 9 });
    const before = statSync(wavPath).mtimeMs;
    expect(await s.exportSoundscape(request)).toMatchObject({ outcome: 'exists' });
    expect(statSync(wavPath).mtimeMs).toBe(before);
    expect(await s.exportSoundscape({ ...request, force: true })).toMatchObject({ outcome: 'written' });
    await s.close();
  });

  it('a second export names the file that is there, the WAV or the sidecar alone, and writes nothing', async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(dat);
    const req = { ...request, dir: 'second', seconds: 3 };
    const first = await s.exportSoundscape(req);
    expect(first).toMatchObject({ outcome: 'written', existing: null });
    expect(await s.exportSoundscape(req)).toMatchObject({ outcome: 'exists', existing: first.wav });
    unlinkSync(join(first.dir, first.wav));
    const again = await s.exportSoundscape(req);
    expect(again).toMatchObject({ outcome: 'exists', existing: first.sidecar });
    expect(existsSync(join(first.dir, first.wav))).toBe(false);
    await s.close();
  });

  it('the render is the export encoder list’s WAV (core/export) of the whole mix, streamed in chunks byte for byte', async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(dat);
    const r = await s.exportSoundscape({ ...request, dir: 'encoder', seconds: 7 });
    const datFile = await DatFile.open(await FileByteSource.open(dat));
    const world = requireWorld(await loadSoundscapeWorld(datFile));
    const settings = parseSoundscapeSettings({ ...request, seconds: 7, terrain: request.landblocks }, world.region);
    const plays = runSoundscape(world, settings);
    const sources = new Map<number, PcmAudio | null>();
    for (const p of plays) {
      const id = p.decision?.played ? p.decision.waveId : null;
      if (id === null || id === undefined || sources.has(id)) continue;
      const e = world.waveEntries.get(id)!;
      sources.set(id, (await asHeardSource(parseWave(await datFile.readEntry(e)), 'retail')).audio);
    }
    const whole = mixAmbient(plays, { seconds: 7, wave: (id) => sources.get(id) ?? null, normalizeTo: 1 });
    const expected = encoderFor('wav').encodeAudio({ sampleRate: whole.sampleRate, channels: whole.channels });
    expect(Buffer.from(readFileSync(join(r.dir, r.wav))).equals(Buffer.from(expected))).toBe(true);
    await datFile.source.close?.();
    await s.close();
  });

  it('refuses bad settings with the one settings parser (SettingsError) and malformed requests at the transport (RequestError)', async () => {
    const s = new SoundService({ exportBaseDir: tmp.dir });
    await s.openDat(dat);
    await expect(s.exportSoundscape({ ...request, landblocks: [{ terrainType: 9, scene: 0 }] })).rejects.toMatchObject({
      name: 'SettingsError',
      message: expect.stringMatching(/valid: 0 Quiet, 1 Grass, 2 Water/),
    });
    await expect(
      s.exportSoundscape({ ...request, prefs: { ...DEFAULT_PREFS, ambientVolume: 2 } }),
    ).rejects.toMatchObject({ name: 'SettingsError', field: 'prefs.ambientVolume' });
    await expect(invokeService(s, 'exportSoundscape', [{ ...request, landblocks: 'Water' }])).rejects.toMatchObject({
      name: 'RequestError',
    });
    await s.close();
  });
});
