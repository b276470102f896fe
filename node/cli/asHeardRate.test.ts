/**
 * Rule (docs/ui-contract.md, retail ACM conversion; core/audio `RETAIL_PCM_RATE`): in retail mode
 * an as-heard file of an MP3 or ADPCM Wave is at 11,025 Hz — the rate retail plays it at — and
 * the places people read about as-heard files say so: the Export dialog's *As heard* description
 * (core/export `EXPORT_FORMATS`), `acsound help render` and the README. QA7 #9: a 22,050 Hz MP3
 * came out at 11,025 Hz with no word of it anywhere a user reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavStrict } from '../../core/audio';
import { DEFAULT_SETTINGS } from '../../core/engine';
import { exportFormatInfo } from '../../core/export';
import { demoDatPath } from '../paths';
import { SoundService } from '../service/SoundService';
import { repoRoot } from '../test/builtCli';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';
import { commandHelp } from './usage';

const tmp = tempDir('acsound-asheard-rate-');
const service = new SoundService({ entryCountCache: null });
beforeAll(async () => {
  await service.openDat(demoDatPath());
});
afterAll(async () => {
  await service.close();
  tmp.cleanup();
});

/** The demo's 22,050 Hz MP3 and MS ADPCM Waves. */
const WAVES = ['0x0A000063', '0x0A000066'];

let renders = 0;

/** The rate `acsound render` writes the Wave at. */
async function renderRate(id: string, mode: 'retail' | 'authored'): Promise<number> {
  const out = join(tmp.dir, `${id}-${mode}-${++renders}.wav`);
  const o = captureIo(tmp.dir);
  const args = ['render', demoDatPath(), id, '--distance', '0', '--bearing', '0', '--mode', mode, '--out', out];
  expect(await runCli(args, o), o.stderr).toBe(0);
  return parseWavStrict(new Uint8Array(readFileSync(out))).sampleRate;
}

/** The rates the service's as-heard export (the Export dialog's) writes the Waves at, in id order. */
async function exportRates(mode: 'retail' | 'authored'): Promise<number[]> {
  const r = await service.exportWaves({
    ids: WAVES.map(Number),
    dir: join(tmp.dir, `export-${mode}`),
    format: 'as-heard',
    force: false,
    settings: { ...DEFAULT_SETTINGS, mode },
  });
  expect(r.failed).toEqual([]);
  expect(r.written.map((w) => w.id)).toEqual(WAVES.map(Number));
  return r.written.map((w) => parseWavStrict(new Uint8Array(readFileSync(w.file))).sampleRate);
}

/** The rate a sentence of the docs states ("11,025 Hz", "11025 Hz"), as a number. */
function statedRate(text: string, sentence: RegExp): number {
  const m = sentence.exec(text);
  expect(m, `${sentence} in: ${text.slice(0, 200)}…`).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

describe('as heard in retail mode: MP3 and ADPCM Waves at 11,025 Hz, and the docs say so', () => {
  it('the listed Waves are the demo’s MP3 and MS ADPCM, both 22,050 Hz', async () => {
    const listed = (await service.listWaves()).filter((w) => WAVES.map(Number).includes(w.id));
    expect(listed.map((w) => [w.formatTag, w.sampleRate])).toEqual([
      [0x55, 22050],
      [0x02, 22050],
    ]);
  });

  it('acsound render and the Export dialog’s As heard write them at 11,025 Hz in retail mode, 22,050 Hz authored', async () => {
    for (const id of WAVES) {
      expect(await renderRate(id, 'retail')).toBe(11025);
      expect(await renderRate(id, 'authored')).toBe(22050);
    }
    expect(await exportRates('retail')).toEqual([11025, 11025]);
    expect(await exportRates('authored')).toEqual([22050, 22050]);
  });

  it('the Export dialog’s As heard description, `acsound help render` and the README state the rate written', async () => {
    const written = await renderRate(WAVES[0]!, 'retail');
    expect(written).toBe(11025);
    expect(statedRate(exportFormatInfo('as-heard').hint, /in retail mode MP3 and ADPCM Waves are ([\d,]+) Hz/)).toBe(
      written,
    );
    const help = commandHelp('render').replace(/\s+/g, ' ');
    expect(statedRate(help, /in retail mode an MP3 or ADPCM Wave is written at ([\d,]+) Hz/)).toBe(written);
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const exportItem = readme.slice(readme.indexOf('- **Export…**'), readme.indexOf('- **Export…**') + 600);
    expect(statedRate(exportItem, /in retail mode an MP3 or ADPCM Wave is written at ([\d,]+) Hz/)).toBe(written);
  });
});
