import { SOUND_TYPE_NAMES, soundTypeLabel } from '../../core/objects';
import { UsageError } from './usage';

/**
 * Parses an object id given on the command line: hexadecimal, with or without `0x`, any case
 * (`0x0A000001`, `0a000001`, `A000001`), at most 8 digits.
 * @param what names the argument in the error, e.g. "waveId"
 * @throws UsageError when it is not 1–8 hex digits
 */
export function parseId(text: string, what: string): number {
  const t = text.trim();
  const m = /^(?:0[xX])?([0-9a-fA-F]{1,8})$/.exec(t);
  if (!m) throw new UsageError(`${what}: "${text}" is not a hex id (e.g. 0x0A000001)`);
  return parseInt(m[1]!, 16) >>> 0;
}

/** Parses a comma-separated id list (`0x0A000001,0a000002`); empty items are ignored. @throws UsageError */
export function parseIdList(text: string, what: string): number[] {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new UsageError(`${what}: no ids given`);
  return items.map((s) => parseId(s, what));
}

/**
 * Parses a SoundType: a decimal number (`55`), hex (`0x37`) or a name (`Footstep1`, any case;
 * dat-format §6).
 * @throws UsageError for an unknown name or a number outside u32
 */
export function parseSoundType(text: string): number {
  const t = text.trim();
  const number = /^\d+$/.test(t) ? Number(t) : /^0[xX][0-9a-fA-F]+$/.test(t) ? Number(BigInt(t)) : null;
  if (number !== null) {
    if (number <= 0xffffffff) return number >>> 0;
    // a number was given: it is out of range, not an unknown name
    throw new UsageError(`sound type ${t} is out of range: a sound type is 0–4294967295 (0x0–0xFFFFFFFF)`);
  }
  const lower = t.toLowerCase();
  const i = SOUND_TYPE_NAMES.findIndex((n) => n.toLowerCase() === lower);
  if (i >= 0) return i;
  throw new UsageError(
    `unknown sound type "${text}": give a number (55), a hex value (0x37) or a Sound name (Footstep1, Wound1, …, any case)`,
  );
}

/**
 * A sound type for messages, echoing what the user typed: a decimal number stays as typed, beside
 * its name and hex (`999` → `999 (0x3E7)`, `12` → `Wound1 (12, 0x0C)`); a name or hex value is
 * its label (`Footstep1 (0x37)`, `0x3E7`: core/objects `soundTypeLabel`).
 */
export function soundTypeAsTyped(text: string, value: number): string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return soundTypeLabel(value);
  const label = soundTypeLabel(value);
  const named = /^(.*) \((0x[0-9A-F]+)\)$/.exec(label);
  return named ? `${named[1]} (${t}, ${named[2]})` : `${t} (${label})`;
}
