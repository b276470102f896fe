/**
 * What a numeric field does with what was typed: the value to commit (or none) and the hint shown
 * beside the field when the input is not used as typed. Inputs are never discarded silently.
 */
import { fmtNumber, signed } from './format';

export interface FieldRules {
  min?: number;
  max?: number;
  /** The store's own rule (e.g. wrap a bearing); default: clamp to min..max. */
  normalize?: (v: number) => number;
  digits?: number;
  /** The range as the docs give it, said when `normalize` maps a value into it, e.g. "(−180, 180]". */
  rangeText?: string;
  /**
   * Why a typed number is refused rather than clamped or normalized (e.g. a scene value the terrain
   * type does not have, core/engine `sceneProblem`), or null when it is taken; `typed` is the text
   * as typed, for the message to echo. A refused value is not committed: the hint says why and
   * which value is kept, as for a text that is not a number.
   */
  refuse?: (v: number, typed: string) => string | null;
}

export interface FieldOutcome {
  /** The value to commit, or null (nothing usable was typed). */
  commit: number | null;
  /** Why the field does not hold what was typed ("Above 200: using 200"), or null when it does. */
  hint: string | null;
}

/**
 * @param text the field's raw text
 * @param parsed the browser's `valueAsNumber` for it (NaN when empty or not a number)
 * @param current the value kept when nothing usable was typed: the value from before the edit
 *   (a half-typed `1e40` on the way to `1e400` is not it)
 * @param badInput the browser's `validity.badInput`: something was typed that is not a usable
 *   number (the browser then reports the text as empty, e.g. for `1e400`, beyond a double)
 */
export function fieldHint(
  text: string,
  parsed: number,
  current: number,
  rules: FieldRules,
  badInput = false,
): FieldOutcome {
  const digits = rules.digits ?? 3;
  const n = (v: number): string => signed(fmtNumber(v, digits));
  if (!Number.isFinite(parsed)) {
    const empty = text.trim() === '' && !badInput;
    return { commit: null, hint: `${empty ? 'Empty' : 'Not a usable number'}: keeping ${n(current)}` };
  }
  const refused = rules.refuse?.(parsed, text.trim()) ?? null;
  if (refused !== null) return { commit: null, hint: `${refused}; keeping ${n(current)}` };
  const { min, max } = rules;
  let used = parsed;
  if (min !== undefined && used < min) used = min;
  if (max !== undefined && used > max) used = max;
  if (rules.normalize) used = rules.normalize(parsed);
  if (used === parsed) return { commit: parsed, hint: null };
  if (min !== undefined && parsed < min && used === min)
    return { commit: used, hint: `Below ${n(min)}: using ${n(min)}` };
  if (max !== undefined && parsed > max && used === max)
    return { commit: used, hint: `Above ${n(max)}: using ${n(max)}` };
  return {
    commit: used,
    hint: rules.rangeText ? `${n(parsed)} is ${n(used)} in ${rules.rangeText}: using ${n(used)}` : `Using ${n(used)}`,
  };
}
