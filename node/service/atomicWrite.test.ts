/**
 * The one wording rule of atomic-write errors (atomicWrite.ts `atomicWriteProblem`): the message
 * says which step failed — the temp file could not be created (and, for ENOENT, whether the folder
 * is missing or refuses new files), written, or put in place — never a bare "no such file or
 * directory" about a folder that exists.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures';
import { writeFileAtomic } from './atomicWrite';

const tmp = tempDir('acsound-atomic-');
afterAll(() => tmp.cleanup());

describe('atomic-write errors are worded from the step that failed', () => {
  it.skipIf(process.platform !== 'linux')(
    'a folder that exists but takes no files (/proc): the temp file',
    async () => {
      for (const bytes of [new Uint8Array(4), [new Uint8Array(4)]]) {
        const err = await writeFileAtomic('/proc/x.wav', bytes, false).catch((e: unknown) => e);
        expect(err).toMatchObject({ name: 'IoError', code: 'ENOENT', path: '/proc/x.wav' });
        expect((err as Error).message).toBe(
          'cannot write "/proc/x.wav": a temporary file could not be created in the folder "/proc": the folder does not accept new files (ENOENT)',
        );
      }
    },
  );

  it('a folder that does not exist: says so', async () => {
    const target = join(tmp.dir, 'nope', 'x.wav');
    const err = await writeFileAtomic(target, new Uint8Array(4), false).catch((e: unknown) => e);
    expect((err as Error).message).toBe(
      `cannot write "${target}": a temporary file could not be created in the folder "${join(tmp.dir, 'nope')}": the folder does not exist (ENOENT)`,
    );
  });

  it('the finished file cannot be put in place (the target is a folder, with --force): names that step', async () => {
    const err = await writeFileAtomic(tmp.dir, new Uint8Array(4), true).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(
      new RegExp(`^cannot write ".*": the finished file could not be put in place as ".*": `),
    );
  });
});
