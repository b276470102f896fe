/**
 * Rule (README "Exit codes", "The browser host"): a path longer than the file system takes
 * (ENAMETOOLONG) is an I/O error in plain words like ENOENT — "path too long", the path shortened
 * in the one line (node/errors `shortPath`) and whole in `--json` details — exit 3 as for a
 * missing file, and the host's 400 (a malformed argument). QA7 #6: a 10 KB raw Node line, HTTP 500.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { errorToData } from '../../core/errors';
import { MESSAGE_PATH_MAX, shortPath } from '../errors';
import { FileByteSource } from '../FileByteSource';
import { statusFor } from '../http/server';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { EXIT, exitCodeFor } from './exitCodes';
import { runCli } from './main';

const tmp = tempDir('acsound-toolong-');
afterAll(() => tmp.cleanup());
const long = `/${'a'.repeat(5000)}/client_portal.dat`;
const shown = shortPath(long);

describe('a dat path too long for the file system (ENAMETOOLONG)', () => {
  it('shortPath keeps a path up to MESSAGE_PATH_MAX whole, else its start and its end around …', () => {
    const ok = `/${'b'.repeat(MESSAGE_PATH_MAX - 1)}`;
    expect(shortPath(ok)).toBe(ok);
    expect(Array.from(shown)).toHaveLength(MESSAGE_PATH_MAX);
    expect(shown).toMatch(/^\/a+…a+\/client_portal\.dat$/);
    expect(Array.from(shortPath('/' + '✓'.repeat(300)))).toHaveLength(MESSAGE_PATH_MAX); // never half a character
  });

  it('acsound info <long path>: exit 3, one short line "path too long (ENAMETOOLONG)"', async () => {
    const o = captureIo(tmp.dir);
    expect(await runCli(['info', long], o)).toBe(EXIT.io);
    expect(o.stderr).toBe(`acsound: cannot open "${shown}": path too long (ENAMETOOLONG)\n`);
    expect(o.stderr.length).toBeLessThan(200);
  });

  it('--json keeps the whole path in details', async () => {
    const o = captureIo(tmp.dir);
    expect(await runCli(['info', long, '--json'], o)).toBe(EXIT.io);
    const { error } = JSON.parse(o.stdout) as { error: { code: string; details: { structure: string } } };
    expect(error.code).toBe('ENAMETOOLONG');
    expect(error.details.structure).toBe(`the path "${long}"`);
  });

  it('the CLI and the host decide from the same error: exit 3 and 400', async () => {
    const e = await FileByteSource.open(long).catch((x: unknown) => x);
    expect(errorToData(e)).toMatchObject({ name: 'IoError', code: 'ENAMETOOLONG' });
    expect(exitCodeFor(e)).toBe(EXIT.io);
    expect(statusFor(errorToData(e))).toBe(400);
  });
});
