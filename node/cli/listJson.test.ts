import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoDatPath } from '../paths';
import { afterAll, describe, expect, it } from 'vitest';
import type { WaveInfo } from '../../core/contract';
import { hex8 } from '../../core/errors';
import { lengthKnown } from '../../core/index';
import { waveInfo } from '../../core/test/contractFixtures';
import { FX, tempDir, writeFixtureDat } from '../test/fixtures';
import { captureIo } from '../test/cliIo';
import { rowErrorData, waveJson, type ListJson } from './listJson';
import { runCli } from './main';

/** The list's 0x0A000053: 3528 data bytes of 16-bit mono 11025 Hz. */
const wave = (over: Partial<WaveInfo>): WaveInfo =>
  waveInfo(0x0a000053, { dataSize: 3528, dataBytes: 3528, frames: 1764, durationSec: 0.16, ...over });

describe('a length that cannot be known is null, never 0 (lengthKnown)', () => {
  it('0 channels or 0 Hz: frames and durationSec are null in list --json, keys and order kept', () => {
    for (const bad of [{ channels: 0 }, { sampleRate: 0 }]) {
      const w = wave({ ...bad, frames: 0, durationSec: 0 });
      expect(lengthKnown(w)).toBe(false);
      const j = waveJson(w);
      expect(j).toMatchObject({ frames: null, durationSec: null, dataSize: 3528 });
      expect(Object.keys(j)).toEqual(Object.keys(waveJson(wave({}))));
    }
  });
  it('a valid format keeps its numbers, an empty Wave its 0 frames (known: no samples)', () => {
    expect(waveJson(wave({}))).toMatchObject({ frames: 1764, durationSec: 0.16 });
    const empty = wave({ dataSize: 0, frames: 0, durationSec: 0 });
    expect(lengthKnown(empty)).toBe(true);
    expect(waveJson(empty)).toMatchObject({ frames: 0, durationSec: 0 });
  });
});

describe('an unparsed Wave has its format fields null in list --json, not 0', () => {
  const tmp = tempDir('acsound-listjson-');
  afterAll(() => tmp.cleanup());

  it('the writer-built broken Wave: formatTag, channels, sampleRate, … dataSize null; keys kept', async () => {
    const path = writeFixtureDat(tmp.dir);
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', path, '--json'], io)).toBe(0);
    const stdout = io.stdout;
    const waves = (JSON.parse(stdout) as ListJson).waves;
    const broken = waves.find((w) => w.id === hex8(FX.broken))!;
    expect(broken).toMatchObject({
      formatTag: null,
      channels: null,
      sampleRate: null,
      bitsPerSample: null,
      blockAlign: null,
      headerSize: null,
      dataSize: null,
      dataBytes: 0,
      frames: null,
      durationSec: null,
    });
    expect(broken.error).toBeTruthy();
    const good = waves.find((w) => w.id === hex8(FX.pcm16))!;
    expect(Object.keys(broken).slice(0, Object.keys(good).length)).toEqual(Object.keys(good));
    expect(good.formatTag).toBe(1);
  });
});

describe('list --json: a row error object has the four keys of every --json error object', () => {
  const tmp = tempDir('acsound-listjson-err-');
  afterAll(() => tmp.cleanup());

  it('errorData of a Wave and a SoundTable that did not parse: name, message, code and details, null when absent', async () => {
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', writeFixtureDat(tmp.dir), '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as ListJson;
    const rows = [
      out.waves.find((w) => w.id === hex8(FX.broken))!,
      out.soundTables.find((t) => t.id === hex8(FX.brokenTable))!,
    ];
    for (const row of rows) {
      expect(Object.keys(row.errorData!), row.id).toEqual(['name', 'message', 'code', 'details']);
      // an ObjectFormatError has no code: null, as `{"error":{…}}` of a failing command says it
      expect(row.errorData!.code, row.id).toBeNull();
      expect(row.errorData!.details, row.id).not.toBeNull();
      // ids are written one way in this JSON: "0x0A000005", never 167772165
      expect(row.errorData!.details!.objectId, row.id).toBe(row.id);
    }
    // rows without an error are unchanged: no error keys at all
    const good = out.waves.find((w) => w.id === hex8(FX.pcm16))!;
    expect(Object.keys(good)).not.toContain('error');
    expect(Object.keys(good)).not.toContain('errorData');
  });
});

describe('list --json: details.objectId is an id string, the row id when the error names none', () => {
  const err = (objectId: number | null) => ({
    name: 'DatFormatError' as const,
    message: 'block chain: beyond the end of the file',
    details: { objectId, offset: null, structure: 'block chain' },
  });
  it('a number becomes "0x…"; null becomes the row id; no details stays null', () => {
    expect(rowErrorData(0x0a000010, err(0x0a000005)).details!.objectId).toBe('0x0A000005');
    expect(rowErrorData(0x0a000010, err(null)).details!.objectId).toBe('0x0A000010');
    expect(rowErrorData(0x0a000010, { name: 'DatFormatError', message: 'x' }).details).toBeNull();
  });
});

describe('list --json: the listing warnings are in the JSON (top-level warnings, always present)', () => {
  const tmp = tempDir('acsound-listjson-warn-');
  afterAll(() => tmp.cleanup());
  it('a whole dat: warnings [] after soundTables', async () => {
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', writeFixtureDat(tmp.dir), '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as ListJson;
    expect(Object.keys(out)).toEqual(['dat', 'waves', 'soundTables', 'warnings']);
    expect(out.warnings).toEqual([]);
  });
  it('a truncated dat: the lines stderr gives as warnings are in the JSON too', async () => {
    const demo = readFileSync(demoDatPath());
    const path = join(tmp.dir, 't.dat');
    writeFileSync(path, demo.subarray(0, 500_000));
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', path, '--json'], io)).toBe(0);
    const out = JSON.parse(io.stdout) as ListJson;
    expect(out.warnings).toContain('header declares 774144 bytes but the file has 500000: the file looks truncated');
    expect(out.warnings.some((w) => /^Waves 0x0A000012–0x0A000032 cannot be listed: /.test(w))).toBe(true);
    for (const w of out.warnings) expect(io.stderr).toContain(`warning: ${w}\n`);
  });
});
