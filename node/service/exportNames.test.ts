/**
 * Export naming templates through the service (issue #10, docs/export-names.md): the names the
 * core rule gives are the files written, inside the export folder, re-read by the strict parser.
 */
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { DEFAULT_SETTINGS } from '../../core/engine';
import { NAMING, namingDat, tempDir, writeFixtureDat } from '../test/fixtures';
import { parseExportRequest } from './export';
import { SoundService } from './SoundService';

const tmp = tempDir('acsound-export-names-');
const datPath = writeFixtureDat(tmp.dir, 'naming_portal.dat', namingDat());
afterAll(() => tmp.cleanup());

let service: SoundService;
let n = 0;
let out = '';
beforeEach(async () => {
  service = new SoundService();
  await service.openDat(datPath);
  out = join(tmp.dir, `out${++n}`);
});
afterEach(() => service.close());

const ALL = [NAMING.unused, NAMING.wound2, NAMING.wound];

/** Every file under `dir`, relative, `/`-separated, sorted. */
function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort();
}

describe('export naming templates (service)', () => {
  it("{table}/{cue}_{id}: a used Wave in its first table's folder, an unused one by id; every file a strict WAV", async () => {
    const r = await service.exportWaves({
      ids: ALL,
      dir: out,
      format: 'decoded',
      force: false,
      nameTemplate: '{table}/{cue}_{id}',
    });
    expect(r.failed).toEqual([]);
    expect(files(out)).toEqual(['0A000099.wav', '20000001/Wound1_0A000012.wav', '20000001/Wound1_0A000013.wav']);
    for (const f of files(out)) {
      const wav = parseWavStrict(new Uint8Array(readFileSync(join(out, f))));
      expect(wav.bitsPerSample).toBe(16);
    }
    expect(r.written.map((w) => relative(out, w.file).split('\\').join('/'))).toEqual([
      '0A000099.wav',
      '20000001/Wound1_0A000013.wav',
      '20000001/Wound1_0A000012.wav',
    ]);
  });

  it('{label}, {format}, {rate}, {channels}, {bits} come from the index and the labels', async () => {
    const r = await service.exportWaves({
      ids: ALL,
      dir: out,
      format: 'original',
      force: false,
      nameTemplate: '{label}/{format}_{rate}_{channels}_{bits}_{id}',
    });
    expect(r.failed).toEqual([]);
    expect(files(out)).toEqual([
      'Human (male)/PCM_11025_2_16_0A000013.wav',
      'Human (male)/PCM_22050_1_16_0A000012.wav',
      'PCM_11025_1_16_0A000099.wav',
    ]);
  });

  it('equal names are numbered in id order, whatever the request order; none is dropped', async () => {
    const r = await service.exportWaves({
      ids: [NAMING.wound2, NAMING.wound, NAMING.unused],
      dir: out,
      format: 'decoded',
      force: false,
      nameTemplate: '{table}/{cue}',
    });
    expect(r.written).toHaveLength(3);
    expect(files(out)).toEqual(['0A000099.wav', '20000001/Wound1.wav', '20000001/Wound1_2.wav']);
    const first = parseWavStrict(new Uint8Array(readFileSync(join(out, '20000001/Wound1.wav'))));
    expect(first.sampleRate).toBe(22050); // 0x0A000012, the lower id
  });

  it('never overwrites without force: an existing named file is skipped, and force replaces it', async () => {
    const req = { ids: [NAMING.wound], dir: out, format: 'decoded' as const, force: false, nameTemplate: '{cue}' };
    await service.exportWaves(req);
    writeFileSync(join(out, 'Wound1.wav'), 'mine');
    const again = await service.exportWaves(req);
    expect(again.skipped).toMatchObject([{ id: NAMING.wound, reason: 'exists' }]);
    expect(readFileSync(join(out, 'Wound1.wav'), 'utf8')).toBe('mine');
    const forced = await service.exportWaves({ ...req, force: true });
    expect(forced.written).toHaveLength(1);
    expect(parseWavStrict(new Uint8Array(readFileSync(join(out, 'Wound1.wav')))).sampleRate).toBe(22050);
  });

  it("as heard: the settings follow the template's name and the JSON sidecar stays next to its WAV", async () => {
    const r = await service.exportWaves({
      ids: [NAMING.wound],
      dir: out,
      format: 'as-heard',
      force: false,
      settings: { ...DEFAULT_SETTINGS, distance: 10, bearingDeg: 90 },
      nameTemplate: '{table}/{cue}_{id}',
    });
    expect(r.failed).toEqual([]);
    expect(files(out)).toEqual(['20000001/Wound1_0A000012_10m_+90deg.json', '20000001/Wound1_0A000012_10m_+90deg.wav']);
    expect(
      parseWavStrict(new Uint8Array(readFileSync(join(out, '20000001/Wound1_0A000012_10m_+90deg.wav')))).channels,
    ).toBe(2);
    const side = JSON.parse(readFileSync(join(out, '20000001/Wound1_0A000012_10m_+90deg.json'), 'utf8')) as {
      wav: string;
    };
    expect(side.wav).toBe('Wound1_0A000012_10m_+90deg.wav');
  });

  it('no name leaves the export folder: ".." segments are dropped and a linked folder is not followed', async () => {
    const r = await service.exportWaves({
      ids: [NAMING.wound],
      dir: out,
      format: 'decoded',
      force: false,
      nameTemplate: '../../{id}',
    });
    expect(r.written).toHaveLength(1);
    expect(files(out)).toEqual(['0A000012.wav']);

    const elsewhere = join(tmp.dir, 'elsewhere');
    mkdirSync(elsewhere);
    const linked = join(tmp.dir, 'linked-out');
    mkdirSync(linked);
    symlinkSync(elsewhere, join(linked, '20000001'));
    const viaLink = await service.exportWaves({
      ids: [NAMING.wound],
      dir: linked,
      format: 'decoded',
      force: false,
      nameTemplate: '{table}/{id}',
    });
    expect(viaLink.written).toEqual([]);
    expect(viaLink.failed).toMatchObject([{ id: NAMING.wound, errorName: 'ExportError', code: 'ELOOP' }]);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('a template that is not one fails the request, naming the problem', async () => {
    await expect(
      service.exportWaves({ ids: ALL, dir: out, format: 'decoded', force: false, nameTemplate: '{cue' }),
    ).rejects.toMatchObject({ name: 'RequestError', message: /name template: "\{" at character 1 is not closed/ });
    // what a transport may send: only text is a template
    expect(() => parseExportRequest({ ids: ALL, dir: out, format: 'decoded', force: false, nameTemplate: 42 })).toThrow(
      /export request: name template: it must be text/,
    );
    expect(
      parseExportRequest({ ids: ALL, dir: out, format: 'decoded', force: false, nameTemplate: '{cue}' }),
    ).toMatchObject({
      nameTemplate: '{cue}',
    });
  });
});
