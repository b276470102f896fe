import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { hex8 } from '../../../core/errors';
import { settingsAudibleRadius, type EngineSettings } from '../../../core/engine';
import { asHeardFileName } from '../../../core/exportNames';
import type { AsHeardSidecar } from '../../service/asHeard';
import { SoundService } from '../../service/SoundService';
import { resolveUserPath } from '../../userPath';
import { engineSettings, type Flags } from '../args';
import { parseId } from '../ids';
import type { CliIo } from '../io';
import { UsageError } from '../usage';
import { alreadyExists, checkWavFileName, checkWavTarget } from '../wavTarget';

/**
 * `acsound render <dat> <waveId> --distance D --bearing B [engine options] [--out FILE] [--force]`:
 * the Wave "as heard" through the service like every other command — its as-heard export
 * (`SoundService.exportWaves`, node/service/export.ts) of one id with the file name given — as a
 * stereo 16-bit WAV plus its JSON sidecar (`x.wav` → `x.json`: the settings and the engine's
 * decision, as the app writes it), both atomically and together. Default output: the as-heard
 * export name (e.g. `0A000012_10m_+90deg.wav`) in the current folder. A play the engine skips
 * writes nothing and prints why (exit 0). An existing WAV or sidecar is an error (exit 3)
 * unless --force; a Wave that fails (IdRangeError, NotFoundError, DatFormatError, DecodeError…)
 * is rethrown with its name, message and details (exit 2).
 */
export async function renderCommand(io: CliIo, [path, waveText]: string[], flags: Flags): Promise<number> {
  if (flags.distance === undefined || flags.bearing === undefined)
    throw new UsageError('--distance D and --bearing B are required', 'render');
  const id = parseId(waveText!, 'waveId');
  const settings = engineSettings(flags);
  if (typeof flags.out === 'string') checkWavFileName(flags.out, '--out', 'render');
  const out = resolve(io.cwd, typeof flags.out === 'string' ? flags.out : asHeardFileName(id, settings));
  const service = new SoundService();
  try {
    await service.openDat(resolveUserPath(path!, { base: io.cwd }).path);
    // the target first (a folder in the way, a file there without --force): nothing is rendered
    await checkWavTarget(out, flags.force === true);
    let failure: Error | null = null;
    const result = await service.exportWaves(
      { ids: [id], dir: dirname(out), format: 'as-heard', force: flags.force === true, settings },
      { fileName: basename(out), onFailure: (_id, e) => (failure = e) },
    );
    if (failure !== null) throw failure;
    const skipped = result.skipped[0];
    if (skipped) {
      const blocker = /^exists(?: \((.+)\))?$/.exec(skipped.reason);
      if (blocker) {
        const where = blocker[1] !== undefined ? join(dirname(out), blocker[1]) : out;
        throw alreadyExists(where);
      }
      io.out(`not rendered, nothing written: ${hex8(id)} is not heard with these settings: ${skipped.reason}\n`);
      const hint = notHeardHint(settings, skipped.reason);
      if (hint) io.out(`${hint}\n`);
      return 0;
    }
    const written = result.written[0]!;
    // what was written, as its sidecar records it (the engine's decision and the output's facts)
    const side = JSON.parse(await readFile(written.sidecar!, 'utf8')) as AsHeardSidecar;
    const { decision, output } = side;
    io.out(
      `wrote ${written.file} (stereo 16-bit ${output.sampleRate} Hz, ${(output.frames / output.sampleRate).toFixed(3)} s; dB ${decision.dB}, pan ${decision.pan}, ` +
        `left ${decision.left.toFixed(6)}, right ${decision.right.toFixed(6)}) and ${basename(written.sidecar!)}\n`,
    );
    return 0;
  } finally {
    await service.close();
  }
}

/**
 * What to change when a render is not heard: inaudible → the audible radius of the settings
 * (core/engine `settingsAudibleRadius`) and the options that reach further; disabled → the
 * category's volume option. Null when there is nothing to suggest.
 */
export function notHeardHint(settings: EngineSettings, reason: string): string | null {
  if (reason.startsWith('inaudible')) {
    const radius = settingsAudibleRadius(settings);
    const reach =
      radius === null || radius <= 0
        ? 'nothing is audible at any distance with these volumes'
        : `it is audible up to ${radius.toFixed(2)} m with these settings`;
    return `hint: ${reach}; render at a --distance within it, or raise --volume or the slider (--effect-volume, --ambient-volume)`;
  }
  if (reason.startsWith('disabled')) return 'hint: that sound category is turned off in the settings';
  return null;
}
