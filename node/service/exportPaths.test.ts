/** Export folders as users type them (issue #10 defect 4): `~`, quotes, file:// URLs. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX, tempDir, writeFixtureDat } from '../test/fixtures';
import { SoundService } from './SoundService';

const tmp = tempDir();
const datPath = writeFixtureDat(tmp.dir);
const home = join(tmp.dir, 'home');
const cwd = join(tmp.dir, 'cwd');
const service = new SoundService({ exportBaseDir: cwd });
const savedHome = process.env.HOME;

beforeAll(async () => {
  mkdirSync(home);
  mkdirSync(cwd);
  process.env.HOME = home;
  await service.openDat(`"${datPath}"`);
});
afterAll(async () => {
  process.env.HOME = savedHome;
  await service.close();
  tmp.cleanup();
});

describe('export folders as typed', () => {
  it('"~/x" writes into the home folder, never a literal "~" folder in the working folder', async () => {
    const r = await service.exportWaves({ ids: [FX.pcm16], dir: '~/x', format: 'original', force: false });
    expect(r.dir).toBe(join(home, 'x'));
    expect(r.written.length).toBe(1);
    expect(existsSync(join(cwd, '~'))).toBe(false);
  });

  it('a quoted folder and a file:// URL are the folder they name', async () => {
    const quoted = await service.exportWaves({
      ids: [FX.pcm16],
      dir: `"${join(tmp.dir, 'q d')}"`,
      format: 'original',
      force: false,
    });
    expect(quoted.dir).toBe(join(tmp.dir, 'q d'));
    const url = await service.exportWaves({
      ids: [FX.pcm16],
      dir: pathToFileURL(join(tmp.dir, 'u r l')).href,
      format: 'original',
      force: false,
    });
    expect(url.dir).toBe(join(tmp.dir, 'u r l'));
    expect(url.written.length).toBe(1);
  });
});
