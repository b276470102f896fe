/**
 * Rule (docs/ui-contract.md, retail ACM conversion; core/audio `RETAIL_PCM_RATE`): in retail mode
 * an as-heard file of an MP3 or ADPCM Wave is at 11,025 Hz — the rate retail plays it at — and
 * the places people read about as-heard files say so: the Export dialog's *As heard* description
 * (core/export `EXPORT_FORMATS`), `acsound help render` and the README. QA7 #9: a 22,050 Hz MP3
 * came out at 11,025 Hz with no word of it anywhere a user reads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseWavStrict, RETAIL_PCM_RATE } from '../../core/audio';
import { exportFormatInfo } from '../../core/export';
import { demoDatPath } from '../paths';
import { repoRoot } from '../test/builtCli';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';
import { commandHelp } from './usage';

const tmp = tempDir('acsound-asheard-rate-');
afterAll(() => tmp.cleanup());

/** The demo's 22,050 Hz MP3 and MS ADPCM Waves. */
const WAVES = ['0x0A000063', '0x0A000066'];

async function renderRate(id: string, mode: 'retail' | 'authored'): Promise<number> {
  const out = join(tmp.dir, `${id}-${mode}.wav`);
  const o = captureIo(tmp.dir);
  const args = ['render', demoDatPath(), id, '--distance', '0', '--bearing', '0', '--mode', mode, '--out', out];
  expect(await runCli(args, o), o.stderr).toBe(0);
  return parseWavStrict(new Uint8Array(readFileSync(out))).sampleRate;
}

describe('as heard in retail mode: MP3 and ADPCM Waves at 11,025 Hz, and the docs say so', () => {
  it('acsound render writes the demo’s 22,050 Hz MP3 and MS ADPCM at 11,025 Hz in retail mode, 22,050 Hz authored', async () => {
    expect(RETAIL_PCM_RATE).toBe(11025);
    for (const id of WAVES) {
      expect(await renderRate(id, 'retail')).toBe(RETAIL_PCM_RATE);
      expect(await renderRate(id, 'authored')).toBe(22050);
    }
  });

  it('the Export dialog’s As heard description, `acsound help render` and the README state it', () => {
    expect(exportFormatInfo('as-heard').hint).toMatch(/in retail mode MP3 and ADPCM Waves are 11,025 Hz/);
    expect(commandHelp('render').replace(/\s+/g, ' ')).toMatch(
      /in retail mode an MP3 or ADPCM Wave is written at 11025 Hz/,
    );
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const exportItem = readme.slice(readme.indexOf('- **Export…**'), readme.indexOf('- **Export…**') + 600);
    expect(exportItem).toMatch(/in retail mode an MP3 or ADPCM Wave is written at 11,025 Hz/);
  });
});
