import { SoundService } from '../../service/SoundService';
import { resolveUserPath } from '../../userPath';

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
