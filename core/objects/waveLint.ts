import { codecFor } from '../codecs/registry';
import type { WaveData } from '../codecs/types';
import type { WaveFormat } from './waveFormat';

/**
 * Lint of a Wave's header against itself and its data (pitfalls #3, #4, #7, #8; docs/formats/wave.md
 * §3): the checks every format shares, then its codec's (`codecFor(tag).lint`). Returns
 * human-readable warnings, e.g. "nBlockAlign 4 ≠ nChannels×wBitsPerSample/8 = 2". Never throws.
 * `data` is the (clamped) data held by the record; `formatBytes` the stored block (ADPCM extensions).
 */
export function lintWave(w: {
  headerSize: number;
  format: WaveFormat;
  data: Uint8Array;
  formatBytes?: Uint8Array;
}): string[] {
  return lintWith(w, w.data)!;
}

/**
 * The same lint as {@link lintWave} computed from the header and the data LENGTH alone, for
 * every codec whose lint does not look at the data bytes. Returns null when it does (MP3: the
 * MPEG frame headers): call {@link lintWave} with the data. Never throws.
 */
export function lintWaveFromLength(w: {
  headerSize: number;
  format: WaveFormat;
  dataLength: number;
  formatBytes?: Uint8Array;
}): string[] | null {
  return lintWith(w, w.dataLength);
}

function lintWith(
  w: { headerSize: number; format: WaveFormat; formatBytes?: Uint8Array },
  data: WaveData,
): string[] | null {
  const own = codecFor(w.format.wFormatTag).lint(w, data);
  if (own === null) return null;
  const common = lintCommon(w.headerSize, w.format);
  return common.length === 0 ? own : common.concat(own); // own is the codec's fresh array
}

/** {@link lintCommon} of a header with nothing to say (never handed out: `lintWith` returns the codec's array then). */
const NOTHING: readonly string[] = Object.freeze([]);

/** Checks every format shares (channels, rate, cbSize against H). */
function lintCommon(headerSize: number, f: WaveFormat): readonly string[] {
  // the common case without an array (issue #9: the index lints every Wave when a dat opens)
  if (f.nChannels !== 0 && f.nSamplesPerSec !== 0 && (f.cbSize === null || f.cbSize <= headerSize - 18)) return NOTHING;
  const out: string[] = [];
  if (f.nChannels === 0) out.push('nChannels is 0');
  if (f.nSamplesPerSec === 0) out.push('nSamplesPerSec is 0');
  if (f.cbSize !== null && f.cbSize > headerSize - 18) {
    out.push(
      `cbSize ${f.cbSize} declares more extension bytes than the ${headerSize - 18} present (H = ${headerSize})`,
    );
  }
  return out;
}
