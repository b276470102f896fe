import { extname } from 'node:path';
import { encoderFor } from '../../core/export';
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
