import { DatFile } from '../../../core/dat';
import { FileByteSource } from '../../FileByteSource';
import { resolveUserPath } from '../../userPath';

/**
 * Opens a dat read-only for a one-shot command and runs `fn` on it; the file is closed after.
 * @throws IoError (open), UnsupportedDatError / DatFormatError (header), and whatever `fn` throws
 */
export async function withDat<T>(
  path: string,
  cwd: string,
  fn: (dat: DatFile, file: string) => Promise<T>,
): Promise<T> {
  const file = resolveUserPath(path, { base: cwd }).path;
  const source = await FileByteSource.open(file);
  try {
    const dat = await DatFile.open(source);
    return await fn(dat, file);
  } finally {
    await source.close();
  }
}
