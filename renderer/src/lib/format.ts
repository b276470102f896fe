/**
 * Formatting helpers for the UI: ids, units and engine values. Pure functions, unit-tested.
 * Every number shown to the user carries its unit (m, °, dB, hundredths of dB, Hz, s).
 */
import { bitsMeaning, bitsText, codecFor, formatTagHex, formatTagName } from '../../../core/codecs/registry';
import { hex8 } from '../../../core/errors';
import { secondsText } from '../../../core/index/waveListing';

export { hex8 };

/** U+2212 MINUS SIGN, used for negative numbers in readouts ("−12 dB"). */
export const MINUS = '\u2212';

/** Replaces a leading ASCII hyphen-minus with U+2212 for typographic negatives. */
export function signed(text: string): string {
  return text.startsWith('-') ? MINUS + text.slice(1) : text;
}

/** "0x20000007 — Drudge" when labelled, else the bare id. */
export function tableLabel(id: number, label: string | null | undefined): string {
  return label ? `${hex8(id)} — ${label}` : hex8(id);
}

/** Sound type as "Footstep1 (0x37)". */
export function soundTypeLabel(name: string, value: number): string {
  return `${name} (0x${value.toString(16).toUpperCase().padStart(2, '0')})`;
}

/** Format tag as "0x0055" (core's one rule). */
export const tagHex = (tag: number): string => formatTagHex(tag & 0xffff);

/** Short format name from the tag's codec: PCM, MP3, MS ADPCM, IMA ADPCM, else the tag in hex. */
export const formatName = formatTagName;

let enUs: Intl.NumberFormat | null = null;

/**
 * A number with en-US thousands separators ("88,152"). Integers (every byte count and sample
 * rate) are grouped by hand: `Number#toLocaleString` builds a new formatter per call (~20 ms
 * while the first Waves rows render), and even one shared `Intl.NumberFormat` loads the ICU
 * number data when it is made, in front of the first rows (issue #9). Anything else goes to
 * one en-US formatter made on first need. Same output as `toLocaleString('en-US')`.
 */
export function groupThousands(n: number): string {
  if (Number.isSafeInteger(n)) {
    const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
    return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
  }
  enUs ??= new Intl.NumberFormat('en-US');
  return enUs.format(n);
}

export function fmtHz(hz: number): string {
  return `${groupThousands(hz)} Hz`;
}

/** Seconds with three decimals: "1.234 s" ("< 0.001 s" for a positive time under 0.5 ms: core/index `secondsText`). */
export function fmtSeconds(s: number): string {
  if (!Number.isFinite(s)) return '—';
  return secondsText(s);
}

/**
 * A duration in a list column: at most 4 significant digits before " s" ("9.999 s", "10.92 s",
 * "123.5 s", "1235 s"), so a column sized for "9.999 s" never cuts a long one off (issue #10
 * defect 8); the exact value is in the cell's title and the Wave view.
 */
export function fmtSecondsShort(s: number): string {
  if (!Number.isFinite(s)) return '—';
  if (s > 0 && s < 0.0005) return secondsText(s);
  // the most decimals (≤ 3) that keep the number within 5 characters ("9.999", "10.00", "100.0")
  for (const decimals of [3, 2, 1]) {
    const t = s.toFixed(decimals);
    if (t.length <= 5) return `${t} s`;
  }
  return `${s.toFixed(0)} s`;
}

/** Transport clock "0:01.234". */
export function fmtClock(s: number): string {
  if (!Number.isFinite(s) || s < 0) s = 0;
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  return `${m}:${rest.toFixed(3).padStart(6, '0')}`;
}

/** Bytes, exact, with thousands separators: "88,152 B" (detail views, tooltips). */
export function fmtBytes(n: number): string {
  return `${groupThousands(n)} B`;
}

/**
 * Bytes, compact, for narrow columns: "512 B", "86.1 KiB", "12.4 MiB" (binary units, always one
 * decimal above 1 KiB). Pair it with {@link fmtBytes} in a tooltip for the exact value.
 */
export function fmtBytesShort(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1048576) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1048576).toFixed(1)} MiB`;
}

/** The Bits column: core/codecs `bitsText`, as `acsound list` prints it ("16", ADPCM "4", MP3 "—"). */
export function fmtBits(formatTag: number, bits: number): string {
  return bitsText(formatTag, bits);
}

/** Bits in the Wave view: "16"; "4 (bits per MS ADPCM code …)"; "— (none: MP3 frames …)" — core/codecs `bitsText` + `bitsMeaning`. */
export function fmtBitsDetail(formatTag: number, bits: number): string {
  const text = bitsText(formatTag, bits);
  return codecFor(formatTag).bitsAreSampleSize ? text : `${text} (${bitsMeaning(formatTag)})`;
}

/**
 * `x` in exponent form with at most `significant` digits and no "+" ("1.74e21", "1e-5",
 * "3.4028235e38"): what a readout or field shows for a number too large or too small to write out
 * in its few characters.
 */
function exponentText(x: number, significant: number): string {
  const [mantissa = '', exponent = ''] = x.toExponential(significant - 1).split('e');
  return `${mantissa.replace(/\.?0+$/, '')}e${exponent.replace('+', '')}`;
}

/** From this size on a readout's number is written in exponent form (see {@link exponentText}). */
const LARGE = 1e6;

/** From this size on a field's number is past the exact integers (2^53) and written in exponent form. */
const PAST_EXACT = 1e16;

/**
 * A number for a field or readout: at most `digits` decimals, no trailing zeros (64.158 →
 * "64.158"; a seed 4294967295 whole). One past the exact integers (1e16 or more) is written in
 * exponent form with 8 significant digits ("3.4028235e38", the largest volume), never 39 digits
 * or "3.4028235e+38".
 */
export function fmtNumber(v: number, digits: number): string {
  if (Number.isFinite(v) && Math.abs(v) >= PAST_EXACT) return exponentText(v, 8);
  return String(Number(v.toFixed(digits)));
}

/** Integer dB with a typographic minus: "−12 dB"; no level at all (g = 0) is "−∞ dB". */
export function fmtDb(db: number): string {
  if (Number.isNaN(db)) return '—';
  if (!Number.isFinite(db)) return signed(`${db < 0 ? '-' : ''}∞ dB`);
  return signed(`${Math.round(db)} dB`);
}

/**
 * Hundredths of a dB (DirectSound units): "−1200 (1/100 dB)", or "−1200" with `unit` false (for
 * tables whose row label carries the unit).
 */
export function fmtHundredths(v: number | null, plus = false, unit = true): string {
  if (v === null) return 'not called';
  const r = Math.round(v);
  return (plus && r > 0 ? '+' : '') + signed(`${r}`) + (unit ? ' (1/100 dB)' : '');
}

/** Integer pan with explicit sign: "+14", "0", "−7". */
export function fmtPan(pan: number): string {
  if (pan > 0) return `+${pan}`;
  return signed(String(pan));
}

/**
 * A linear volume factor the user reads beside a slider: "×" and 3 significant digits, then the
 * same in dB with one decimal at most — "×0.0001 (−80 dB)" for the ambient slider 0.01 applied
 * twice, "×0.25 (−12 dB)", "×1 (0 dB)", "×0 (silent)". Never rounded to "×0.000" while it is not 0
 * (the Soundscape view's retail ambient factor; docs/ambient.md).
 */
export function fmtFactor(x: number): string {
  if (!Number.isFinite(x) || x < 0) return '—';
  if (x === 0) return '×0 (silent)';
  // decimals for 3 significant digits, written out (never "1e-7"), trailing zeros dropped
  const decimals = Math.min(20, Math.max(0, 2 - Math.floor(Math.log10(x))));
  const text = x
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  const db = Number((20 * Math.log10(x)).toFixed(1)) + 0;
  return `×${text} (${signed(`${db} dB`)})`;
}

/**
 * A reason split for a narrow column: its first words, then the rest — at the first " (", ": " or
 * " by " — e.g. "inaudible (below −50 dB)" → ["inaudible", " (below −50 dB)"], "cannot play: …" →
 * ["cannot play", ": …"], "skipped by the probability roll" → ["skipped", " by the probability roll"];
 * a text without one ("played, voice 3") is whole, rest "". The column shows the first part on one
 * line and keeps the whole text for its title and screen readers (the Soundscape event log).
 */
export function reasonParts(text: string): [string, string] {
  const at = [' (', ': ', ' by '].map((sep) => text.indexOf(sep)).filter((i) => i > 0);
  if (at.length === 0) return [text, ''];
  const i = Math.min(...at);
  return [text.slice(0, i), text.slice(i)];
}

/** Linear gain with 6 decimals: "0.050119". */
export function fmtGain(g: number): string {
  return g.toFixed(6);
}

/**
 * Metres with at most `digits` decimals ("94.182 m"), the one rule for every distance the
 * Listener shows. A million metres or more, or a distance those decimals would round to 0, is
 * written compactly with 3 significant digits ("1.74e21 m" — the audible radius of the largest
 * volume —, "1e-5 m"), so it fits a readout column beside the other mode's value.
 */
export function fmtMetres(m: number, digits = 2): string {
  if (!Number.isFinite(m)) return Number.isNaN(m) ? '—' : `${signed(m < 0 ? '-∞' : '∞')} m`;
  const rounded = Number(m.toFixed(digits));
  if (Math.abs(m) >= LARGE || (rounded === 0 && m !== 0)) return `${signed(exponentText(m, 3))} m`;
  return `${rounded} m`;
}

/** Degrees with an explicit sign and up to 3 decimals: "+90°", "−45°", "+64.158°", "0°". */
export function fmtDegrees(d: number): string {
  const r = Number(d.toFixed(3));
  if (r > 0) return `+${r}°`;
  return signed(`${r}°`);
}

/** A probability as a percentage "50 %" (keeps 1 decimal if needed). */
export function fmtPercent(p: number): string {
  const v = p * 100;
  return `${Number(v.toFixed(1))} %`;
}

/** A float32 read from the file, shown with up to 6 significant digits. */
export function fmtFloat(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}
