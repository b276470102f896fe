import { mkdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileByteSource } from './FileByteSource';
import { IoError } from './errors';
import { nonRegularFiles, tempDir } from './test/fixtures';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

function makeFile(name: string, size: number): { path: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(size);
  let x = 12345;
  for (let i = 0; i < size; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  const path = join(tmp.dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

describe('FileByteSource', () => {
  const { path, bytes } = makeFile('data.bin', 300_000);

  for (const pageSize of [0, 1024, 64 * 1024]) {
    it(`reads exactly the bytes asked for at any offset (pageSize ${pageSize})`, async () => {
      const src = await FileByteSource.open(path, { pageSize, cacheBytes: 4 * Math.max(pageSize, 1024) });
      expect(src.size).toBe(bytes.length);
      const cases: [number, number][] = [
        [0, 0],
        [0, 1],
        [0, 1024],
        [1020, 8],
        [65535, 2],
        [65536 * 2 - 3, 70_000],
        [bytes.length - 5, 5],
        [bytes.length, 0],
        [12345, 200_000],
      ];
      for (let i = 0; i < 200; i++) {
        const off = (i * 7919) % bytes.length;
        cases.push([off, Math.min(1 + ((i * 104729) % 3000), bytes.length - off)]);
      }
      for (const [off, len] of cases) {
        const got = await src.read(off, len);
        expect(got.length).toBe(len);
        expect(Buffer.from(got).equals(Buffer.from(bytes.subarray(off, off + len)))).toBe(true);
      }
      await src.close();
    });
  }

  it('serves concurrent reads of the same pages consistently', async () => {
    const src = await FileByteSource.open(path, { pageSize: 4096, cacheBytes: 8192 });
    const reads = await Promise.all(Array.from({ length: 64 }, (_, i) => src.read(i * 1000, 1500)));
    reads.forEach((r, i) =>
      expect(Buffer.from(r).equals(Buffer.from(bytes.subarray(i * 1000, i * 1000 + 1500)))).toBe(true),
    );
    await src.close();
  });

  it('returns copies: mutating a result does not change later reads', async () => {
    const src = await FileByteSource.open(path);
    const a = await src.read(10, 4);
    a.fill(0);
    expect(Buffer.from(await src.read(10, 4)).equals(Buffer.from(bytes.subarray(10, 14)))).toBe(true);
    await src.close();
  });

  it('throws RangeError for reads outside the file', async () => {
    const src = await FileByteSource.open(path);
    await expect(src.read(bytes.length - 1, 2)).rejects.toThrow(RangeError);
    await expect(src.read(-1, 1)).rejects.toThrow(RangeError);
    await expect(src.read(0, -1)).rejects.toThrow(RangeError);
    await expect(src.read(0.5, 1)).rejects.toThrow(RangeError);
    await src.close();
  });

  it('reports a short read (file truncated after open) as IoError ESHORTREAD naming the file', async () => {
    const f = makeFile('shrinks.bin', 10_000);
    const src = await FileByteSource.open(f.path, { pageSize: 0 });
    truncateSync(f.path, 100);
    const err = await src.read(5000, 100).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IoError);
    expect((err as IoError).code).toBe('ESHORTREAD');
    expect((err as IoError).message).toContain('shrinks.bin');
    // every count with its unit: never "the file ended after 0"
    expect((err as IoError).message).toMatch(
      /: 100 bytes wanted at offset 0x1388, only 0 bytes were there before the file ended \(was it truncated after it was opened\?\)$/,
    );
    await src.close();
  });

  it('open: a missing file is IoError ENOENT, a folder is EISDIR', async () => {
    const missing = await FileByteSource.open(join(tmp.dir, 'nope.dat')).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(IoError);
    expect((missing as IoError).code).toBe('ENOENT');
    expect((missing as IoError).message).toMatch(/nope\.dat.*no such file/);
    const folder = join(tmp.dir, 'folder');
    mkdirSync(folder);
    const dirErr = await FileByteSource.open(folder).catch((e: unknown) => e);
    expect((dirErr as IoError).code).toBe('EISDIR');
  });

  it('open: a FIFO, a device or a socket is refused within a second as IoError ENOTREG naming its kind (a FIFO never blocks)', async () => {
    const dir = join(tmp.dir, 'special');
    mkdirSync(dir);
    const f = await nonRegularFiles(dir);
    try {
      for (const [path, kind] of [
        [f.fifo, /FIFO/],
        [f.device, /character device/],
        [f.socket, /socket/],
      ] as const) {
        const started = Date.now();
        // several at once: a blocking open of a FIFO would hold Node's I/O threads
        const errs = await Promise.all([1, 2, 3, 4, 5].map(() => FileByteSource.open(path).catch((e: unknown) => e)));
        expect(Date.now() - started).toBeLessThan(1000);
        for (const err of errs) {
          expect(err).toBeInstanceOf(IoError);
          expect((err as IoError).code).toBe('ENOTREG');
          expect((err as IoError).message).toMatch(kind);
        }
      }
      expect(((await FileByteSource.open(f.folder).catch((e: unknown) => e)) as IoError).code).toBe('EISDIR');
    } finally {
      await f.close();
    }
  });

  it('close is idempotent; reads after close fail with ECLOSED; the file is never written', async () => {
    const before = statSync(path);
    const src = await FileByteSource.open(path);
    await src.read(0, 10);
    await src.close();
    await src.close();
    expect(src.closed).toBe(true);
    await expect(src.read(0, 1)).rejects.toMatchObject({ name: 'IoError', code: 'ECLOSED' });
    const after = statSync(path);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.size).toBe(before.size);
  });
});
