import { afterAll, describe, expect, it } from 'vitest';
import type { WaveInfo } from '../../core/contract';
import { hex8 } from '../../core/errors';
import { lengthKnown } from '../../core/index';
import { waveInfo } from '../../core/test/contractFixtures';
import { FX, tempDir, writeFixtureDat } from '../test/fixtures';
import { captureIo } from '../test/cliIo';
import { waveJson, type ListJson } from './listJson';
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
    }
    // rows without an error are unchanged: no error keys at all
    const good = out.waves.find((w) => w.id === hex8(FX.pcm16))!;
    expect(Object.keys(good)).not.toContain('error');
    expect(Object.keys(good)).not.toContain('errorData');
  });
});
