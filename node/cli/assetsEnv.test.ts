/**
 * ACSOUND_ASSETS set to a path that cannot be the assets folder (README "The CLI"): every dat
 * command that reads the assets stops with exit 2 and one line naming the variable — as when it is
 * needed and unset — never a listing with every SoundTable label silently blank. `info` reads only
 * the dat and needs no assets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { demoDatPath } from '../paths';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { runCli } from './main';

const tmp = tempDir('acsound-assets-env-');
const demo = demoDatPath();
const before = process.env.ACSOUND_ASSETS;
afterEach(() => {
  if (before === undefined) delete process.env.ACSOUND_ASSETS;
  else process.env.ACSOUND_ASSETS = before;
});
afterAll(() => tmp.cleanup());

describe('a set but unusable ACSOUND_ASSETS is an error naming it', () => {
  it('a path that does not exist: list and census exit 2 naming the variable; nothing listed', async () => {
    process.env.ACSOUND_ASSETS = '/nonexistent';
    for (const command of ['list', 'census']) {
      const io = captureIo(tmp.dir);
      expect(await runCli([command, demo], io)).toBe(2);
      expect(io.stdout).toBe('');
      expect(io.stderr).toBe(
        'acsound: ACSOUND_ASSETS is set to "/nonexistent", which does not exist; set it to the package\'s assets/ folder (soundtable-labels.json, demo_portal.dat) or unset it\n',
      );
    }
  });

  it('a file, or a folder holding neither asset, is refused too; a folder holding them is used', async () => {
    const file = join(tmp.dir, 'a-file');
    writeFileSync(file, '');
    const empty = join(tmp.dir, 'empty');
    mkdirSync(empty);
    for (const [value, problem] of [
      [file, 'which is not a folder'],
      [empty, 'which holds neither soundtable-labels.json nor demo_portal.dat'],
    ] as const) {
      process.env.ACSOUND_ASSETS = value;
      const io = captureIo(tmp.dir);
      expect(await runCli(['list', demo, '--json'], io)).toBe(2);
      expect(io.stderr).toContain(`ACSOUND_ASSETS is set to ${JSON.stringify(value)}, ${problem}`);
    }
    process.env.ACSOUND_ASSETS = join(demo, '..');
    const io = captureIo(tmp.dir);
    expect(await runCli(['list', demo], io)).toBe(0);
    expect(io.stdout).toMatch(/0x20000007 +\d+ +\d+ +Drudge/);
  });

  it('info reads only the dat: it needs no assets and exits 0 (README)', async () => {
    process.env.ACSOUND_ASSETS = '/nonexistent';
    const io = captureIo(tmp.dir);
    expect(await runCli(['info', demo], io)).toBe(0);
  });
});
