/**
 * Rule (README "Exit codes", "The browser host"): a folder given as the dat is invalid input —
 * the CLI exits 2 and the host answers 422, one decision (node/errors `isNotADatFile`) — while a
 * folder where an export writes stays an I/O error (exit 3). QA #16: the CLI said 3, the host 422.
 * The CLI says it in the app's words and hint (core/openErrorWords.ts), not its own terser line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrapEnvelope, toEnvelope } from '../../core/envelope';
import { errorToData, rebuildError } from '../../core/errors';
import { openErrorWords } from '../../core/openErrorWords';
import { FileByteSource } from '../FileByteSource';
import { IoError, NOT_A_DAT_FILE, shortPath } from '../errors';
import { isAFolder } from '../service/atomicWrite';
import { statusFor } from '../http/server';
import { captureIo } from '../test/cliIo';
import { tempDir } from '../test/fixtures';
import { EXIT, exitCodeFor } from './exitCodes';
import { runCli } from './main';

const tmp = tempDir('acsound-notadat-');
afterAll(() => tmp.cleanup());

describe('an empty dat path', () => {
  it('every dat command says the path is empty (exit 2), never opens the folder it runs in', async () => {
    for (const argv of [
      ['info', ''],
      ['list', ''],
      ['list', '  ', '--json'],
      ['census', ''],
      ['graph', ''],
      ['export', '', '--out', tmp.dir],
    ]) {
      const c = captureIo(tmp.dir);
      expect(await runCli(argv, c), argv.join(' ')).toBe(EXIT.invalid);
      expect(c.stderr, argv.join(' ')).toContain('the path is empty');
      expect(c.stderr, argv.join(' ')).not.toContain(tmp.dir);
    }
  });
});

describe('a folder given as the dat', () => {
  it("acsound info <folder>: exit 2, in the app's words and hint (core/openErrorWords.ts); --json keeps the error's own", async () => {
    const dir = join(tmp.dir, 'somedir.dat');
    mkdirSync(dir);
    const o = captureIo(tmp.dir);
    expect(await runCli(['info', dir], o)).toBe(EXIT.invalid);
    expect(o.stderr).toBe(
      `acsound: This is not an Asheron's Call dat file: ${dir}\n` +
        "It is a folder (or a device or pipe), not a file. Open the dat file itself, such as client_portal.dat in the game's folder.\n",
    );
    // the very words of the app's open-error banner, from the one definition
    const { head, hint } = openErrorWords({ text: '', kind: 'not-a-dat-file' }, dir);
    expect(o.stderr).toBe(`acsound: ${head}\n${hint}\n`);
    // every dat command says so, with the same exit code
    for (const argv of [
      ['list', dir],
      ['census', dir],
      ['graph', dir],
      ['refs', dir, '0x0A000001'],
    ]) {
      const c = captureIo(tmp.dir);
      expect(await runCli(argv, c), argv[0]).toBe(EXIT.invalid);
      expect(c.stderr, argv[0]).toBe(o.stderr);
    }
    // scripts read the error itself, as before: its message, code, details
    const json = captureIo(tmp.dir);
    expect(await runCli(['list', dir, '--json'], json)).toBe(EXIT.invalid);
    expect(json.stderr).toBe(o.stderr);
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        name: 'IoError',
        message: `cannot open "${dir}": is a directory (EISDIR)`,
        code: 'EISDIR',
        details: { objectId: null, offset: null, structure: NOT_A_DAT_FILE },
      },
    });
  });

  it('a long folder path is shortened in the line as in every other line, and given whole in --json', async () => {
    const dir = join(tmp.dir, 'a-folder-with-a-long-name-'.repeat(6));
    mkdirSync(dir);
    const o = captureIo(tmp.dir);
    expect(await runCli(['list', dir, '--json'], o)).toBe(EXIT.invalid);
    expect(o.stderr.split('\n')[0]).toBe(`acsound: This is not an Asheron's Call dat file: ${shortPath(dir)}`);
    expect(shortPath(dir)).not.toBe(dir);
    expect((JSON.parse(o.stdout) as { error: { details: { structure: string } } }).error.details.structure).toBe(
      `${NOT_A_DAT_FILE}; the path "${dir}"`,
    );
  });

  it('the CLI and the host decide from the same error: exit 2 and 422', async () => {
    const e = await FileByteSource.open(tmp.dir).catch((x: unknown) => x);
    expect(errorToData(e)).toMatchObject({ name: 'IoError', code: 'EISDIR' });
    expect(exitCodeFor(e)).toBe(EXIT.invalid);
    expect(statusFor(errorToData(e))).toBe(422);
  });

  it('is told by a typed field of the wire shape (kind "not-a-dat-file"), never by the text of details.structure', async () => {
    const e = await FileByteSource.open(tmp.dir).catch((x: unknown) => x);
    const data = errorToData(e);
    expect(data.kind).toBe('not-a-dat-file');
    // the message and the details a script reads stay as they were
    expect(data.details?.structure).toBe(NOT_A_DAT_FILE);
    // it crosses every transport: the envelope, and the error the caller rebuilds from it
    const env = await toEnvelope(() => Promise.reject(e));
    expect(env).toMatchObject({ ok: false, error: { kind: 'not-a-dat-file' } });
    const rebuilt = (() => {
      try {
        return unwrapEnvelope(env);
      } catch (x) {
        return x;
      }
    })();
    expect(errorToData(rebuilt).kind).toBe('not-a-dat-file');
    expect(exitCodeFor(rebuilt)).toBe(EXIT.invalid);
    expect(rebuildError(data).kind).toBe('not-a-dat-file');
    // an I/O error whose details happen to read the same is not one: exit 3, the host's 500
    const lookalike = new IoError((q) => `cannot read ${q('/x')}: input/output error (EIO)`, 'EIO', '/x', {
      details: { objectId: null, offset: null, structure: `${NOT_A_DAT_FILE}; x` },
    });
    expect(errorToData(lookalike).kind).toBeUndefined();
    expect(exitCodeFor(lookalike)).toBe(EXIT.io);
    expect(statusFor(errorToData(lookalike))).toBe(500);
  });

  it('a folder where an export writes is still an I/O error: exit 3', () => {
    expect(exitCodeFor(isAFolder(join(tmp.dir, 'x.wav')))).toBe(EXIT.io);
  });
});
