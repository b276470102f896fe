import { dirname, extname } from 'node:path';
import { encoderFor } from '../../core/export';
import { sidecarPath } from '../../core/exportNames';
import { IoError } from '../errors';
import { exists, refuseFolder } from '../service/atomicWrite';
import { checkExportDir } from '../service/exportDir';
import { UsageError } from './usage';

/**
 * The one check of a WAV file name given on the command line (`render --out`, `ambient --render`,
 * any option naming a WAV the CLI writes): the name must end in `.wav` (any case), so a WAV is
 * never written under another extension (`x.txt`) and a typo is caught before anything runs.
 * `option` is the flag as typed (`--out`), `command` the command whose usage line to print.
 * @throws UsageError (exit 1) for an empty name or one not ending in `.wav`
 */
export function checkWavFileName(name: string, option: string, command: string): void {
  const wav = encoderFor('wav');
  if (name === '') throw new UsageError(`${option} needs a file name`, command);
  if (extname(name).toLowerCase() !== `.${wav.extension}`)
    throw new UsageError(
      `${option}: "${name}" is not a .${wav.extension} file name (it writes a ${wav.label} file: name it e.g. sound.${wav.extension})`,
      command,
    );
}

/**
 * The one check of a WAV target and its `.json` sidecar before anything runs (`render --out`,
 * `ambient --render`): the folder it goes in (service/exportDir `checkExportDir`: a component that
 * is a file is `"/x/r.wav" exists and is not a folder (ENOTDIR)`, one wording), then each of the two
 * files: a folder of that name is never overwritten, `--force` or not (`cannot write "/x/a.wav":
 * it is a folder, not a file (EISDIR)`, no --force advice); an existing file is EEXIST unless
 * `force` ({@link alreadyExists}). Leaves nothing behind.
 * @throws ExportError / IoError (exit 3) as said above
 */
export async function checkWavTarget(out: string, force: boolean): Promise<void> {
  await checkExportDir(dirname(out), { target: out });
  for (const p of [out, sidecarPath(out)]) {
    await refuseFolder(p);
    if (!force && (await exists(p))) throw alreadyExists(p);
  }
}

/** A target that exists, without --force: `cannot write "/x/a.wav": file already exists (use --force to overwrite)`. */
export function alreadyExists(path: string): IoError {
  return new IoError((q) => `cannot write ${q(path)}: file already exists (use --force to overwrite)`, 'EEXIST', path);
}
