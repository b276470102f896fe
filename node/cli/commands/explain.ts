import { explain } from '../../../core/engine';
import { engineSettings, type Flags } from '../args';
import type { CliIo } from '../io';

/**
 * `acsound explain [engine options]`: core/engine `explain` for the settings, as one JSON line,
 * starting with the keys of issue 3 §3 (played, reason, g, dB, setVolume, pan, setPan, left,
 * right, audibleRadius). Needs no dat.
 */
export async function explainCommand(io: CliIo, _positionals: string[], flags: Flags): Promise<number> {
  io.out(JSON.stringify(explain(engineSettings(flags))) + '\n');
  return 0;
}
