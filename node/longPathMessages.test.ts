/**
 * Rule (node/errors `IoError`, `PathMessage`): every IoError message names its paths through one
 * quote, which shortens a path longer than MESSAGE_PATH_MAX (node/errors `shortPath`), and the
 * error's `details.structure` gives the whole path (`--json`, "Copy details") — whether the error
 * came from a wrapped Node error, an atomic write, the export folder check or a file's reads.
 */
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorToData } from '../core/errors';
import { EXIT, exitCodeFor } from './cli/exitCodes';
import { isNotADatFile, MESSAGE_PATH_MAX, NOT_A_DAT_FILE, shortPath } from './errors';
import { FileByteSource } from './FileByteSource';
import { SoundService } from './service/SoundService';
import { FX, tempDir, writeFixtureDat } from './test/fixtures';

const tmp = tempDir('acsound-longpath-');
/** A folder whose path is far longer than a message shows (each name within NAME_MAX). */
const longDir = join(tmp.dir, 'a'.repeat(200), 'b'.repeat(200));
mkdirSync(longDir, { recursive: true });
const service = new SoundService({ entryCountCache: null });

beforeAll(async () => {
  await service.openDat(writeFixtureDat(tmp.dir));
});
afterAll(async () => {
  await service.close();
  tmp.cleanup();
});

/** The message shows `path` shortened, never whole; the details give it whole. */
function expectShortened(e: unknown, path: string): void {
  expect(path.length).toBeGreaterThan(MESSAGE_PATH_MAX);
  const data = errorToData(e);
  expect(data.message).toContain(`"${shortPath(path)}"`);
  expect(data.message).not.toContain(path);
  expect(data.details?.structure).toContain(`"${path}"`);
}

describe('an IoError message shortens a long path and its details keep it whole', () => {
  it('an export into an over-long folder: the failed write names the file shortened, its details whole', async () => {
    const dir = join(longDir, 'export');
    const target = join(dir, '0A000001.wav');
    mkdirSync(target, { recursive: true }); // a folder where the file goes: the write fails
    const errors: Error[] = [];
    const r = await service.exportWaves(
      { ids: [FX.pcm16], dir, format: 'decoded', force: true },
      { onFailure: (_id, e) => errors.push(e) },
    );
    expect(r.failed).toMatchObject([{ id: FX.pcm16, errorName: 'IoError', code: 'EISDIR' }]);
    expect(r.failed[0]!.reason).not.toContain(target);
    expect(errors).toHaveLength(1);
    expectShortened(errors[0], target);
    expect(errorToData(errors[0]).details?.structure).toBe(`the path "${target}"`);
  });

  it('an export folder under a file: the folder check names both paths shortened, its details whole', async () => {
    const file = join(longDir, 'a-file');
    writeFileSync(file, 'not a folder');
    const dir = join(file, 'below');
    const e = await service
      .exportWaves({ ids: [FX.pcm16], dir, format: 'decoded', force: false })
      .catch((x: unknown) => x);
    expect(errorToData(e)).toMatchObject({ name: 'ExportError', code: 'ENOTDIR' });
    expectShortened(e, dir);
    expectShortened(e, file);
    expect(exitCodeFor(e)).toBe(EXIT.io);
  });

  it('FileByteSource: a short read of a file in a long folder names it shortened', async () => {
    const path = join(longDir, 'shrinks.bin');
    writeFileSync(path, new Uint8Array(10_000));
    const src = await FileByteSource.open(path, { pageSize: 0 });
    truncateSync(path, 100);
    const e = await src.read(5000, 100).catch((x: unknown) => x);
    expect(errorToData(e)).toMatchObject({ name: 'IoError', code: 'ESHORTREAD' });
    expectShortened(e, path);
    expect(() => src.readInto(new Uint8Array(100), 0, 5000, 100)).toThrow(shortPath(path));
    await src.close();
    const closed = await src.read(0, 10).catch((x: unknown) => x);
    expect(errorToData(closed)).toMatchObject({ name: 'IoError', code: 'ECLOSED' });
    expectShortened(closed, path);
  });

  it('FileByteSource: opening a long folder path is still "not a dat" (exit 2), shortened, whole in details', async () => {
    const e = await FileByteSource.open(longDir).catch((x: unknown) => x);
    const data = errorToData(e);
    expect(data).toMatchObject({ name: 'IoError', code: 'EISDIR' });
    expectShortened(e, longDir);
    expect(data.details?.structure).toBe(`${NOT_A_DAT_FILE}; the path "${longDir}"`);
    expect(isNotADatFile(data)).toBe(true);
    expect(exitCodeFor(e)).toBe(EXIT.invalid);
  });
});
