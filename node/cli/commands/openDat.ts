import { resolve } from 'node:path';
import { DatFile } from '../../../core/dat';
import { FileByteSource } from '../../FileByteSource';

/**
 * Opens a dat read-only for a one-shot command and runs `fn` on it; the file is closed after.
 * @throws IoError (open), UnsupportedDatError / DatFormatError (header), and whatever `fn` throws
 */
export async function withDat<T>(path: string, cwd: string, fn: (dat: DatFile, file: string) => Promise<T>): Promise<T> {
  const file = resolve(cwd, path);
  const source = await FileByteSource.open(file);
  try {
    const dat = await DatFile.open(source);
    return await fn(dat, file);
  } finally {
    await source.close();
  }
}
