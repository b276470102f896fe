/**
 * Rule (README "Exit codes", "The browser host"): a folder given as the dat is invalid input —
 * the CLI exits 2 and the host answers 422, one decision (node/errors `isNotADatFile`) — while a
 * folder where an export writes stays an I/O error (exit 3). QA #16: the CLI said 3, the host 422.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorToData } from '../../core/errors';
import { FileByteSource } from '../FileByteSource';
import { isAFolder } from '../service/atomicWrite';
import { statusFor } from '../http/server';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { EXIT, exitCodeFor } from './exitCodes';
import { runCli } from './main';

const tmp = tempDir('acsound-notadat-');
afterAll(() => tmp.cleanup());

describe('a folder given as the dat', () => {
  it('acsound info <folder>: exit 2, one line "is a directory (EISDIR)"', async () => {
    const dir = join(tmp.dir, 'somedir.dat');
    mkdirSync(dir);
    const o = captureIo(tmp.dir);
    expect(await runCli(['info', dir], o)).toBe(EXIT.invalid);
    expect(o.stderr).toBe(`acsound: cannot open "${dir}": is a directory (EISDIR)\n`);
  });

  it('the CLI and the host decide from the same error: exit 2 and 422', async () => {
    const e = await FileByteSource.open(tmp.dir).catch((x: unknown) => x);
    expect(errorToData(e)).toMatchObject({ name: 'IoError', code: 'EISDIR' });
    expect(exitCodeFor(e)).toBe(EXIT.invalid);
    expect(statusFor(errorToData(e))).toBe(422);
  });

  it('a folder where an export writes is still an I/O error: exit 3', () => {
    expect(exitCodeFor(isAFolder(join(tmp.dir, 'x.wav')))).toBe(EXIT.io);
  });
});
