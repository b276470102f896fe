/**
 * The one settings parser of the engine's inputs (the Listener settings, `EngineSettings`): one
 * set of ranges and one set of error messages for every door — the renderer's Listener panel
 * (its sliders and fields clamp with {@link clampSetting}, its as-heard export checks with
 * {@link parseSettings}), the service (the as-heard export request) and the CLI (`explain`,
 * `render`, `play-table`).
 *
 * Ranges (project decisions on top of retail-engine.md; see docs/architecture.md "Settings"):
 * - distance: 0..{@link MAX_DISTANCE} m (the panner's edge; beyond 94.18 m at volume 1 nothing is
 *   audible anyway, retail-engine decision 2);
 * - bearing: any finite number of degrees, wrapped into (−180, 180] (`normalizeBearing`: 400 → 40);
 * - volume (row, descriptor, wire or hook volume, retail-engine §3.1): 0..{@link MAX_VOLUME}, the
 *   largest float32 (every volume the client handles is a float32);
 * - the effect, ambient and interface sliders: 0..1 (the options screen, retail-engine §4f);
 * - the enabled flags, play-only-when-active, app active, mono: true or false;
 * - path: one of `SOUND_PATHS`; mode: retail or authored.
 *
 * A bad value is a {@link SettingsError}: `field` (the key, e.g. `prefs.effectVolume`), `problem`
 * (e.g. `7 is above 1`, the same at every door for the same value: a number as a number, text in
 * quotes as typed, {@link typedNumber}) and a message naming the field as that door's user knows
 * it: the key (renderer, service) or the CLI flag (`--effect-volume: "7" is above 1`).
 */
import { SettingsError } from '../errors';
import { MAX_DISTANCE, normalizeBearing } from './placement';
import {
  DEFAULT_SETTINGS,
  SOUND_PATHS,
  type EngineMode,
  type EnginePrefs,
  type EngineSettings,
  type SoundPath,
} from './types';

/** The engine modes (retail-engine decision 1). */
export const ENGINE_MODES: readonly EngineMode[] = ['retail', 'authored'];

/** A numeric setting's accepted values. */
export interface SettingRange {
  min: number;
  /** The largest accepted value (every numeric setting has one: no input may give an infinite result). */
  max: number;
  /** Values outside min..max wrap by whole turns (the bearing) instead of being refused. */
  wraps: boolean;
  /** Unit shown beside the value: 'm', '°' or '' (a linear factor). */
  unit: string;
}

const SLIDER: SettingRange = { min: 0, max: 1, wraps: false, unit: '' };

/**
 * The largest volume any door accepts: 3.4028235e38, the shortest decimal of the largest float32
 * (FLT_MAX; `Math.fround` of it is FLT_MAX itself). Every volume the client hands to
 * `GetAttenuation(float distance, float volume, …)` is a float32 — a SoundTable row's, a tweaked
 * hook's, the wire's, an ambient descriptor's (retail-engine §3.3, §5) — and the engine rounds the
 * volume to one (attenuation.ts), so a larger number is no volume the client could be given: it
 * rounds to +Infinity, an infinite audible radius that JSON cannot carry (`acsound explain` printed
 * `"audibleRadius":null` for `--volume 1e308`). `acsound list --json` prints the largest float32
 * row volume as this very decimal, so it can be given back. Unitless (a linear factor);
 * docs/architecture.md "core/engine".
 */
export const MAX_VOLUME = 3.4028235e38;

/** The one set of ranges (see the module comment for their sources). */
export const SETTING_RANGES = {
  distance: { min: 0, max: MAX_DISTANCE, wraps: false, unit: 'm' },
  bearingDeg: { min: -180, max: 180, wraps: true, unit: '°' },
  volume: { min: 0, max: MAX_VOLUME, wraps: false, unit: '' },
  'prefs.effectVolume': SLIDER,
  'prefs.ambientVolume': SLIDER,
  'prefs.interfaceVolume': SLIDER,
} as const satisfies Record<string, SettingRange>;

export type NumberSetting = keyof typeof SETTING_RANGES;
export type SliderKey = 'effectVolume' | 'ambientVolume' | 'interfaceVolume';
export type FlagKey =
  'effectsEnabled' | 'ambientEnabled' | 'interfaceEnabled' | 'playOnlyWhenActive' | 'appActive' | 'mono';
export type SettingField = NumberSetting | `prefs.${FlagKey}` | 'path' | 'mode';

export const SLIDER_KEYS: readonly SliderKey[] = ['effectVolume', 'ambientVolume', 'interfaceVolume'];
export const FLAG_KEYS: readonly FlagKey[] = [
  'effectsEnabled',
  'ambientEnabled',
  'interfaceEnabled',
  'playOnlyWhenActive',
  'appActive',
  'mono',
];

/** The CLI option of each field that has one (`acsound explain --effect-volume 0.5`). */
export const SETTING_FLAGS: Partial<Record<SettingField, string>> = {
  path: '--path',
  mode: '--mode',
  distance: '--distance',
  bearingDeg: '--bearing',
  volume: '--volume',
  'prefs.effectVolume': '--effect-volume',
  'prefs.ambientVolume': '--ambient-volume',
  'prefs.interfaceVolume': '--interface-volume',
  'prefs.mono': '--mono',
};

/** How a door names a field in its messages: by key (renderer, service) or by CLI flag. */
export type FieldNaming = 'key' | 'flag';

function label(field: SettingField, naming: FieldNaming): string {
  return naming === 'flag' ? (SETTING_FLAGS[field] ?? field) : field;
}

function fail(field: SettingField, problem: string, naming: FieldNaming): never {
  throw new SettingsError(field, problem, label(field, naming));
}

/** Decimal notation: optional sign, digits with an optional fraction (or a bare fraction), optional exponent. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A number from a door's text (the CLI's options, a field), decimal only, surrounding spaces
 * ignored: `value` is what the text says as a number (NaN when it is none: "", "far"), and
 * `decimal` is false for text JavaScript would read in another notation (`0x10`, `0b1`, `0o7`,
 * `Infinity`), which no door takes.
 */
export function decimalFromText(text: string): { value: number; decimal: boolean } {
  const t = text.trim();
  return { value: t === '' ? Number.NaN : Number(t), decimal: DECIMAL.test(t) };
}

/**
 * The problem of a door's raw number, or null when it is a finite number or decimal text:
 * `"far" is not a usable number` (also `"Infinity"`, `"1e309"`: not finite), `"0x10" is not a decimal
 * number: give metres in decimal, e.g. 16` — the value echoed by {@link typedNumber}.
 * `unit` names what the number counts ("metres"), when it counts something.
 */
export function numberTextProblem(raw: unknown, unit = ''): string | null {
  const shown = typeof raw === 'string' || typeof raw === 'number' ? typedNumber(raw) : String(raw);
  if (typeof raw === 'number') return Number.isFinite(raw) ? null : `${shown} ${NOT_USABLE}`;
  if (typeof raw !== 'string') return `${shown} ${NOT_USABLE}`;
  const { value, decimal } = decimalFromText(raw);
  // decimal text beyond a double (`1e309`) is Infinity: as unusable as `Infinity` itself
  if (decimal) return Number.isFinite(value) ? null : `${shown} ${NOT_USABLE}`;
  if (Number.isFinite(value))
    return `${shown} is not a decimal number: give ${unit ? `${unit} ` : 'it '}in decimal, e.g. ${value}`;
  return `${shown} ${NOT_USABLE}`;
}

/**
 * A door's number as its messages echo it — the one echo of every number option of the CLI and
 * of every number a request sends as text, whatever the message (out of range, not an integer,
 * not a number, not decimal): text exactly as the user typed it, spaces and all, always in double
 * quotes with JSON's escapes (so `""`, `" 5"` and a control character are seen, and the message
 * stays one line): `--distance 1e3` says `"1e3" is above 200`, `--seed 1e308` `"1e308" is above
 * 4294967295`, `--distance NaN` `"NaN" is not a usable number`, never the parsed `1000` or
 * `1e+308`. A number sent as a number (a JSON request, the renderer) is printed as JavaScript
 * prints it, unquoted (`500 is above 200`), as JSON tells a number from text. Messages put the
 * problem after it, in the same words whatever the notation (README "The CLI").
 */
export function typedNumber(raw: string | number): string {
  return typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
}

/**
 * The one wording for a number no door can use — not a number, or not a finite one (`far`,
 * `Infinity`, `1e309`, NaN) — the Listener fields' "Not a usable number" (renderer fieldHint).
 */
export const NOT_USABLE = 'is not a usable number';

/** What each numeric setting counts, for {@link numberTextProblem}. */
const UNIT_WORDS: Record<NumberSetting, string> = {
  distance: 'metres',
  bearingDeg: 'degrees',
  volume: 'the volume',
  'prefs.effectVolume': 'the slider',
  'prefs.ambientVolume': 'the slider',
  'prefs.interfaceVolume': 'the slider',
};

/**
 * A numeric setting from a number or a decimal string (the CLI's text; `0x10` and other
 * notations are refused): wrapped (bearing) or checked against its range.
 * @throws SettingsError `"far" is not a usable number`, `"0x10" is not a decimal number: …`,
 *   `500 is above 200`, `"-1" is below 0` (the value as given: {@link typedNumber})
 */
export function parseNumberSetting(field: NumberSetting, raw: unknown, naming: FieldNaming = 'key'): number {
  const problem = numberTextProblem(raw, UNIT_WORDS[field]);
  if (problem !== null) fail(field, problem, naming);
  const n = typeof raw === 'number' ? raw : Number((raw as string).trim());
  const r: SettingRange = SETTING_RANGES[field];
  if (r.wraps) return normalizeBearing(n);
  const typed = typedNumber(raw as string | number); // `--distance 1e3`: `"1e3" is above 200`
  if (n < r.min) fail(field, `${typed} is below ${r.min}`, naming);
  if (n > r.max) fail(field, `${typed} is above ${r.max}`, naming);
  return n + 0;
}

/**
 * What a UI control makes of a number it was given: the bearing wrapped, every other value
 * clamped into its range; a non-finite value becomes the default (0 m, 0°, volume 1, slider 1).
 */
export function clampSetting(field: NumberSetting, v: number): number {
  const r: SettingRange = SETTING_RANGES[field];
  if (!Number.isFinite(v)) return defaultOf(field);
  if (r.wraps) return normalizeBearing(v);
  return Math.min(r.max, Math.max(r.min, v)) + 0;
}

/** A distance clamped to 0..{@link MAX_DISTANCE} metres (NaN and ±Infinity → 0): {@link clampSetting} of `distance`. */
export function clampDistance(m: number): number {
  return clampSetting('distance', m);
}

function defaultOf(field: NumberSetting): number {
  if (field === 'distance' || field === 'bearingDeg' || field === 'volume') return DEFAULT_SETTINGS[field];
  return DEFAULT_SETTINGS.prefs[field.slice('prefs.'.length) as SliderKey];
}

function parseChoice<T extends string>(
  field: SettingField,
  raw: unknown,
  choices: readonly T[],
  naming: FieldNaming,
): T {
  if (typeof raw !== 'string' || !choices.includes(raw as T))
    fail(field, `${JSON.stringify(raw) ?? String(raw)} is not one of ${choices.join(', ')}`, naming);
  return raw as T;
}

function parseFlag(field: SettingField, raw: unknown, naming: FieldNaming): boolean {
  if (typeof raw !== 'boolean') fail(field, `${JSON.stringify(raw) ?? String(raw)} is not true or false`, naming);
  return raw;
}

/** Input to {@link parseSettings}: `EngineSettings` as it arrives (JSON, CLI text), every field unchecked. */
export interface SettingsInput {
  path?: unknown;
  mode?: unknown;
  distance?: unknown;
  bearingDeg?: unknown;
  volume?: unknown;
  prefs?: unknown;
}

export interface ParseSettingsOptions {
  /** Values for missing fields; without it every field is required (`is missing`). */
  defaults?: EngineSettings;
  naming?: FieldNaming;
}

/**
 * Checks every field of `input` and returns the settings the engine uses (bearing wrapped into
 * (−180, 180]). The one validator of the renderer, the service and the CLI.
 * @throws SettingsError for the first bad or (without defaults) missing field
 */
export function parseSettings(input: unknown, options: ParseSettingsOptions = {}): EngineSettings {
  const naming = options.naming ?? 'key';
  const d = options.defaults;
  if (typeof input !== 'object' || input === null) fail('path', 'the settings must be an object', naming);
  const s = input as SettingsInput;
  const take = <T>(field: SettingField, raw: unknown, fallback: T | undefined, parse: (raw: unknown) => T): T => {
    if (raw === undefined) {
      if (fallback === undefined) fail(field, 'is missing', naming);
      return fallback;
    }
    return parse(raw);
  };
  const num = (field: NumberSetting, raw: unknown, fallback: number | undefined) =>
    take(field, raw, fallback, (v) => parseNumberSetting(field, v, naming));
  const prefsIn = s.prefs === undefined && d ? {} : s.prefs;
  if (typeof prefsIn !== 'object' || prefsIn === null) fail('prefs.effectVolume', 'prefs must be an object', naming);
  const p = prefsIn as Partial<Record<keyof EnginePrefs, unknown>>;
  const prefs = {} as EnginePrefs;
  for (const k of SLIDER_KEYS) prefs[k] = num(`prefs.${k}`, p[k], d?.prefs[k]);
  for (const k of FLAG_KEYS)
    prefs[k] = take(`prefs.${k}`, p[k], d?.prefs[k], (v) => parseFlag(`prefs.${k}`, v, naming));
  return {
    path: take<SoundPath>('path', s.path, d?.path, (v) => parseChoice('path', v, SOUND_PATHS, naming)),
    mode: take<EngineMode>('mode', s.mode, d?.mode, (v) => parseChoice('mode', v, ENGINE_MODES, naming)),
    distance: num('distance', s.distance, d?.distance),
    bearingDeg: num('bearingDeg', s.bearingDeg, d?.bearingDeg),
    volume: num('volume', s.volume, d?.volume),
    prefs,
  };
}
