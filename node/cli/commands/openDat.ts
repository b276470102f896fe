import { DatFile } from '../../../core/dat';
import { FileByteSource } from '../../FileByteSource';
import { SoundService } from '../../service/SoundService';
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

/**
 * Opens a dat through the {@link SoundService} for a one-shot command (the service's index,
 * checks and errors, as the app gets them) and runs `fn` on it; the service is closed after.
 * @throws whatever `openDat` throws (IoError, UnsupportedDatError, DatFormatError), and what `fn` throws
 */
export async function withService<T>(path: string, cwd: string, fn: (s: SoundService) => Promise<T>): Promise<T> {
  const service = new SoundService();
  try {
    await service.openDat(resolveUserPath(path, { base: cwd }).path);
    return await fn(service);
  } finally {
    await service.close();
  }
}
