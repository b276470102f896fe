import { basename, resolve } from 'node:path';
import { parseWavStrict } from '../../../core/audio';
import { hex8, IdRangeError, NotFoundError } from '../../../core/errors';
import { parseWave } from '../../../core/objects';
import { IoError } from '../../errors';
import { inRange, WAVE_RANGE } from '../../../core/dat';
import { asHeardSidecar, decideAsHeard, encodeSidecar, renderAsHeardAudio, skipText } from '../../service/asHeard';
import { writeFilesTogether } from '../../service/atomicWrite';
import { asHeardFileName, sidecarPath } from '../../../core/exportNames';
import { engineSettings, type Flags } from '../args';
import { parseId } from '../ids';
import type { CliIo } from '../io';
import { UsageError } from '../usage';
import { withDat } from './openDat';

/**
 * `acsound render <dat> <waveId> --distance D --bearing B [engine options] [--out FILE] [--force]`:
 * the Wave "as heard" (node/service/asHeard.ts) as a stereo 16-bit WAV plus its JSON sidecar
 * (`x.wav` → `x.json`: the settings and the engine's decision, as the app's as-heard export
 * writes it), both atomically and together. Default output: the as-heard export name (e.g.
 * `0A000012_10m_+90deg.wav`) in the current folder. A play the engine skips writes nothing and
 * prints why (exit 0). An existing WAV or sidecar is an error (exit 3) unless --force.
 */
export async function renderCommand(io: CliIo, [path, waveText]: string[], flags: Flags): Promise<number> {
  if (flags.distance === undefined || flags.bearing === undefined) throw new UsageError('--distance D and --bearing B are required', 'render');
  const id = parseId(waveText!, 'waveId');
  const settings = engineSettings(flags);
  if (!inRange(id, WAVE_RANGE)) throw new IdRangeError(id, 'Wave', WAVE_RANGE);
  return withDat(path!, io.cwd, async (dat) => {
    const entry = await dat.find(id);
    if (!entry) throw new NotFoundError(id, 'Wave');
    // named after the entry id (the B-tree key), never an id embedded in the Wave object
    const wave = { ...parseWave(await dat.readEntry(entry)), id: entry.id };
    const decision = decideAsHeard(entry.id, settings);
    const why = skipText(decision);
    if (why !== null) {
      io.out(`not rendered: ${hex8(id)} is not heard with these settings: ${why}\n`);
      return 0;
    }
    const out = resolve(io.cwd, typeof flags.out === 'string' && flags.out !== '' ? flags.out : asHeardFileName(id, settings));
    const side = sidecarPath(out);
    const render = await renderAsHeardAudio(wave, settings, decision);
    const wav = parseWavStrict(render.wav);
    const sidecar = encodeSidecar(asHeardSidecar(entry.id, wave, settings, decision, render, out));
    const written = await writeFilesTogether(
      [
        { path: side, bytes: sidecar },
        { path: out, bytes: render.wav },
      ],
      flags.force === true,
    );
    if (written.outcome === 'exists') {
      throw new IoError(`cannot write "${written.path}": file already exists (use --force to overwrite)`, 'EEXIST', written.path);
    }
    const seconds = wav.frames !== null ? (wav.frames / wav.sampleRate).toFixed(3) : '?';
    io.out(
      `wrote ${out} (stereo 16-bit ${wav.sampleRate} Hz, ${seconds} s; dB ${decision.dB}, pan ${decision.pan}, ` +
        `left ${decision.left.toFixed(6)}, right ${decision.right.toFixed(6)}) and ${basename(side)}\n`,
    );
    return 0;
  });
}
