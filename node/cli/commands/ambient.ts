import { dirname, resolve } from 'node:path';
import {
  heardPan,
  parseSoundscapeSettings,
  reasonText,
  RING_BLOCKS,
  silentLandblocksText,
  type AmbientPlay,
  type SoundscapeSettings,
} from '../../../core/engine';
import { hex8 } from '../../../core/errors';
import { sidecarPath } from '../../../core/exportNames';
import type { EncoderName } from '../../../core/export';
import { writeFilesTogether } from '../../service/atomicWrite';
import { ensureExportDir } from '../../service/exportDir';
import {
  encodeSoundscapeSidecar,
  requireWorld,
  runSoundscape,
  soundscapeSidecar,
  type SoundscapeWorld,
} from '../../service/soundscape';
import type { Flags } from '../args';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { UsageError } from '../usage';
import { alreadyExists, checkWavFileName, checkWavTarget } from '../wavTarget';
import { withService } from './openDat';

/**
 * `acsound ambient <dat> --terrain T[,T…] [--scene S] [--seconds N] [--seed N] [--ambient-volume X]
 * [--json] [--render out.wav] [--force]` (issue 8): runs the retail ambient scheduler (docs/ambient.md) over
 * a 3×3 landblock ring of the dat's Region — one terrain type for the whole ring or nine, the
 * landblocks in row order, north-west first; names (the Region's own, any case) or indices —
 * and prints its events in time order: with `--json` one line per event with exactly the keys
 * `t, kind, set, soundType, name, played, reason, waveId, distance, bearing, dB, pan, slot`
 * (core/engine/ambient `AmbientEvent`), else a readable log. `--render` also writes the
 * soundscape as heard (stereo 16-bit 22050 Hz WAV and a `.json` sidecar of the settings and the
 * events, atomically), scaled down only if it would clip, and reports the peak. The target is
 * checked before anything runs: a name not ending in `.wav` is exit 1; an existing WAV or
 * sidecar is exit 3 unless --force; a folder that cannot be made or written is exit 3. The render
 * streams to its temp file in one-second chunks (memory stays bounded for an hour) and is renamed
 * into place at the end. Settings go through core/engine `parseSoundscapeSettings` (exit 1 for a
 * bad value; an unknown terrain name lists the valid ones; a `--scene` the terrain type does not
 * have names the valid range, core `sceneProblem`). A dat without a Region is exit 2.
 * The dat is opened by the SoundService, as for every dat command (its Region and mix methods).
 */
export async function ambientCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  if (flags.terrain === undefined)
    throw new UsageError('--terrain T[,T…] is required (a terrain type name or index, or nine of them)', 'ambient');
  const encoderName: EncoderName = 'wav';
  if (typeof flags.render === 'string') checkWavFileName(flags.render, '--render', 'ambient');
  return withService(path!, io.cwd, async (service) => {
    const world = requireWorld(await service.getSoundscapeWorld());
    const settings = parseSoundscapeSettings(
      {
        terrain: flags.terrain,
        scene: flags.scene,
        seconds: flags.seconds,
        seed: flags.seed,
        prefs: flags['ambient-volume'] === undefined ? undefined : { ambientVolume: flags['ambient-volume'] },
      },
      world.region,
      'flag',
    );
    const force = flags.force === true;
    const out = typeof flags.render === 'string' ? resolve(io.cwd, flags.render) : null;
    const side = out === null ? null : sidecarPath(out);
    if (out !== null && side !== null) {
      // the target first: nothing runs for a render that could not be written
      await checkWavTarget(out, force);
      await ensureExportDir(dirname(out), { target: out });
    }
    const plays = runSoundscape(world, settings);
    if (flags.json === true) printJson(io, plays);
    else printLog(io, world, settings, plays);
    if (plays.length === 0) explainSilence(io, world, settings);
    if (out !== null && side !== null) {
      const render = await service.renderSoundscapePlays(world, plays, settings, encoderName);
      const written = await writeFilesTogether(
        [
          { path: side, bytes: encodeSoundscapeSidecar(soundscapeSidecar(world, settings, plays, render, out)) },
          { path: out, bytes: render.file },
        ],
        force,
      );
      if (written.outcome === 'exists') throw alreadyExists(written.path);
      const m = render.mix;
      const peak = m.peak > 0 ? `${m.peakDb.toFixed(2)} dBFS` : 'silence';
      const scaled =
        m.gain < 1
          ? `; the sum went above full scale, so the whole mix was scaled by ${(20 * Math.log10(m.gain)).toFixed(2)} dB (no clipping)`
          : '';
      const missing = m.missingWaves.length ? `; not decodable, left out: ${m.missingWaves.map(hex8).join(', ')}` : '';
      // with --json, stdout holds only event lines: the render's report goes to stderr
      const report = `wrote ${out} (stereo 16-bit ${m.sampleRate} Hz, ${settings.seconds} s, ${m.mixed} plays; peak ${peak}${scaled}${missing}) and ${side}\n`;
      if (flags.json === true) io.err(report);
      else io.out(report);
    }
    return 0;
  });
}

/**
 * A run with no events says why on stderr (stdout keeps only the log or the event lines): each
 * terrain type and scene value of the ring that has no ambient sounds (core/engine
 * `silentLandblocksText`), else that no sound came due within the run. The exit code stays 0.
 */
function explainSilence(io: CliIo, w: SoundscapeWorld, s: SoundscapeSettings): void {
  const lines = silentLandblocksText(w.region, s.landblocks, (id) => w.tables.has(id));
  if (lines.length === 0) lines.push(`no ambient sound of this ring came due in ${s.seconds} s`);
  for (const line of lines) io.err(`note: ${line}\n`);
}

function printJson(io: CliIo, plays: readonly AmbientPlay[]): void {
  const lines: string[] = [];
  for (const p of plays) {
    lines.push(JSON.stringify(p.event));
    if (lines.length >= 1000) io.out(lines.splice(0).join('\n') + '\n');
  }
  if (lines.length) io.out(lines.join('\n') + '\n');
}

function fixed(v: number | null, digits: number, unit: string): string {
  return v === null ? '—' : `${v.toFixed(digits)}${unit}`;
}

function printLog(io: CliIo, w: SoundscapeWorld, s: SoundscapeSettings, plays: readonly AmbientPlay[]): void {
  const names = s.landblocks.map(
    (b) => `${w.region.terrainTypes[b.terrainType]?.name ?? b.terrainType} (type ${b.terrainType}, scene ${b.scene})`,
  );
  const ring =
    names.length === 1
      ? `every landblock ${names[0]}`
      : `landblocks (row order, north-west first): ${names.join(', ')}`;
  const head = [
    `Region ${hex8(w.region.id)} "${w.region.name}"; ${ring}`,
    `${s.seconds} s, seed ${s.seed}, ${s.mode} mode, ambient volume ${s.prefs.ambientVolume}; listener at the middle landblock's centre facing north (${RING_BLOCKS}×${RING_BLOCKS} ring)`,
    '',
  ];
  // one aligned table (node/cli/table.ts): each column as wide as its widest cell
  const rows = plays.map(({ event: e, decision: d }) => [
    e.t.toFixed(3),
    e.kind,
    String(e.set),
    `${e.name} (0x${e.soundType.toString(16).toUpperCase()})`,
    e.waveId ?? '—',
    e.played
      ? 'played'
      : // why, in the app's words (core/engine reasonText, as the Soundscape's log), never the code
        e.reason
        ? reasonText(e.reason, d?.path, d?.problem)
        : 'not played',
    fixed(e.distance, 1, ''),
    fixed(e.bearing, 1, '°'),
    e.dB === null ? '—' : String(e.dB),
    String(heardPan(e) ?? '—'),
    e.slot === null ? '—' : String(e.slot),
  ]);
  const table = formatTable(
    ['time s', 'kind', 'set', 'sound', 'wave', 'outcome', 'dist m', 'bearing', 'dB', 'pan', 'slot'],
    rows,
    new Set([0, 2, 6, 7, 8, 9, 10]),
  );
  const lines = [...head, table.trimEnd()];
  const played = plays.filter((p) => p.event.played).length;
  lines.push('', `${plays.length} events, ${played} played`);
  io.out(lines.join('\n') + '\n');
}
