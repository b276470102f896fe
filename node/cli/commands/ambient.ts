import { resolve } from 'node:path';
import { parseSoundscapeSettings, RING_BLOCKS, type AmbientPlay, type SoundscapeSettings } from '../../../core/engine';
import { hex8 } from '../../../core/errors';
import { sidecarPath } from '../../../core/exportNames';
import { IoError } from '../../errors';
import { writeFilesTogether } from '../../service/atomicWrite';
import {
  encodeSoundscapeSidecar,
  loadSoundscapeWorld,
  renderSoundscape,
  requireWorld,
  runSoundscape,
  soundscapeSidecar,
  type SoundscapeWorld,
} from '../../service/soundscape';
import type { Flags } from '../args';
import type { CliIo } from '../io';
import { UsageError } from '../usage';
import { withDat } from './openDat';

/**
 * `acsound ambient <dat> --terrain T[,T…] [--scene S] [--seconds N] [--seed N] [--ambient-volume X]
 * [--json] [--render out.wav]` (issue 8): runs the retail ambient scheduler (docs/ambient.md) over
 * a 3×3 landblock ring of the dat's Region — one terrain type for the whole ring or nine, the
 * landblocks in row order, north-west first; names (the Region's own, any case) or indices —
 * and prints its events in time order: with `--json` one line per event with exactly the keys
 * `t, kind, set, soundType, name, played, reason, waveId, distance, bearing, dB, pan, slot`
 * (core/engine/ambient `AmbientEvent`), else a readable log. `--render` also writes the
 * soundscape as heard (stereo 16-bit 22050 Hz WAV and a `.json` sidecar of the settings and the
 * events, atomically; an existing file is an error, exit 3), scaled down only if it would clip,
 * and reports the peak. Settings go through core/engine `parseSoundscapeSettings` (exit 1 for a
 * bad value; an unknown terrain name lists the valid ones). A dat without a Region is exit 2.
 */
export async function ambientCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  if (flags.terrain === undefined)
    throw new UsageError('--terrain T[,T…] is required (a terrain type name or index, or nine of them)', 'ambient');
  if (flags.render === '') throw new UsageError('--render needs a file name', 'ambient');
  return withDat(path!, io.cwd, async (dat) => {
    const world = requireWorld(await loadSoundscapeWorld(dat));
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
    const plays = runSoundscape(world, settings);
    if (flags.json === true) printJson(io, plays);
    else printLog(io, world, settings, plays);
    if (typeof flags.render === 'string') {
      const out = resolve(io.cwd, flags.render);
      const side = sidecarPath(out);
      const render = await renderSoundscape(dat, world, plays, settings);
      const written = await writeFilesTogether(
        [
          { path: side, bytes: encodeSoundscapeSidecar(soundscapeSidecar(world, settings, plays, render, out)) },
          { path: out, bytes: render.wav },
        ],
        false,
      );
      if (written.outcome === 'exists')
        throw new IoError(`cannot write "${written.path}": file already exists`, 'EEXIST', written.path);
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
  const lines = [
    `Region ${hex8(w.region.id)} "${w.region.name}"; ${ring}`,
    `${s.seconds} s, seed ${s.seed}, ${s.mode} mode, ambient volume ${s.prefs.ambientVolume}; listener at the middle landblock's centre facing north (${RING_BLOCKS}×${RING_BLOCKS} ring)`,
    '',
    'time s    kind          set  sound                 wave        outcome          dist m  bearing   dB   pan  slot',
  ];
  for (const p of plays) {
    const e = p.event;
    const outcome = e.played ? 'played' : `skipped: ${e.reason ?? '?'}`;
    lines.push(
      [
        e.t.toFixed(3).padStart(8),
        e.kind.padEnd(12),
        String(e.set).padStart(4),
        `${e.name} (0x${e.soundType.toString(16).toUpperCase()})`.padEnd(21),
        (e.waveId ?? '—').padEnd(10),
        outcome.padEnd(16),
        fixed(e.distance, 1, '').padStart(6),
        fixed(e.bearing, 1, '°').padStart(8),
        (e.dB === null ? '—' : String(e.dB)).padStart(4),
        (e.pan === null ? '—' : String(e.pan)).padStart(5),
        (e.slot === null ? '—' : String(e.slot)).padStart(5),
      ].join('  '),
    );
  }
  const played = plays.filter((p) => p.event.played).length;
  lines.push('', `${plays.length} events, ${played} played`);
  io.out(lines.join('\n') + '\n');
}
