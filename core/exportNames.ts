/**
 * The one naming rule for exported files, shared by the service (node/service/export.ts, the
 * CLI's `render`) and the renderer (the Export dialog shows the names before writing).
 * Platform-free: plain strings, no path handling beyond the extension.
 */
import type { SoundscapeSettings } from './engine/ambient/soundscape';
import { DEFAULT_PREFS, type EngineSettings } from './engine/types';
import { hex8 } from './errors';

/** `0x0A000001` → `0A000001` (8 uppercase hex digits, no prefix). */
export function idStem(id: number): string {
  return hex8(id).slice(2);
}

/**
 * File name of a decoded or original export: `0A000001.wav` / `0A000001.mp3` (the extension of
 * the encoder, core/export, or of the codec's original file).
 */
export function waveFileName(id: number, extension: string): string {
  return `${idStem(id)}.${extension}`;
}

/** A number for a file name: at most 2 decimals, no trailing zeros (10 → "10", 2.5 → "2.5"). */
function num(x: number): string {
  return String(Number(x.toFixed(2)));
}

/**
 * File stem of an "as heard" export, from the settings that shape it:
 * `<id>_<distance>m_<±bearing>deg` plus, only when not the default, `_<path>`, `_authored`,
 * `_vol<V>`, `_fx<S>`, `_amb<S>`, `_ui<S>`, `_mono`. E.g. `0A000012_10m_+90deg`,
 * `0A000012_2.5m_-45deg_ambient_vol0.5_mono`. Distance in metres, bearing in degrees.
 */
export function asHeardStem(id: number, s: EngineSettings): string {
  const b = Number(s.bearingDeg.toFixed(2));
  const parts = [idStem(id), `${num(s.distance)}m`, `${b < 0 ? '-' : '+'}${num(Math.abs(b))}deg`];
  if (s.path !== 'table-hook') parts.push(s.path);
  if (s.mode !== 'retail') parts.push(s.mode);
  if (s.volume !== 1) parts.push(`vol${num(s.volume)}`);
  const p = s.prefs;
  if (p.effectVolume !== DEFAULT_PREFS.effectVolume) parts.push(`fx${num(p.effectVolume)}`);
  if (p.ambientVolume !== DEFAULT_PREFS.ambientVolume) parts.push(`amb${num(p.ambientVolume)}`);
  if (p.interfaceVolume !== DEFAULT_PREFS.interfaceVolume) parts.push(`ui${num(p.interfaceVolume)}`);
  if (p.mono) parts.push('mono');
  return parts.join('_');
}

/**
 * File name of an "as heard" file: {@link asHeardStem} + `.` + the encoder's extension (default
 * `wav`), e.g. `0A000012_10m_+90deg.wav`.
 */
export function asHeardFileName(id: number, s: EngineSettings, extension = 'wav'): string {
  return `${asHeardStem(id, s)}.${extension}`;
}

/**
 * The JSON sidecar's name (or path) for a WAV name (or path): `x.wav` → `x.json` (any case of
 * `.wav`); a name without `.wav` gets `.json` appended (`take` → `take.json`).
 */
export function sidecarPath(wavPath: string): string {
  return /\.wav$/i.test(wavPath) ? wavPath.slice(0, -4) + '.json' : wavPath + '.json';
}

/**
 * File name of a soundscape render (issue 8), from the run's settings:
 * `soundscape_t<terrain>s<scene>[-…]_seed<N>_<seconds>s` plus, only when not the default,
 * `_amb<S>`, `_ambientoff`, `_authored`, `_mono`, and `.wav`. One landblock value gives one
 * `t…s…` part, nine give nine joined by `-` (row order, north-west first). E.g.
 * `soundscape_t1s0_seed1_60s.wav`, `soundscape_t1s0_seed7_30s_amb0.5.wav`.
 */
export function soundscapeFileName(
  s: Pick<SoundscapeSettings, 'landblocks' | 'seconds' | 'seed' | 'mode' | 'prefs'>,
): string {
  const parts = [
    'soundscape',
    s.landblocks.map((b) => `t${b.terrainType}s${b.scene}`).join('-'),
    `seed${s.seed}`,
    `${num(s.seconds)}s`,
  ];
  if (s.prefs.ambientVolume !== DEFAULT_PREFS.ambientVolume) parts.push(`amb${num(s.prefs.ambientVolume)}`);
  if (!s.prefs.ambientEnabled) parts.push('ambientoff');
  if (s.mode !== 'retail') parts.push(s.mode);
  if (s.prefs.mono) parts.push('mono');
  return parts.join('_') + '.wav';
}
