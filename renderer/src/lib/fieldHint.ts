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
 * @param current the value in force (kept when nothing usable was typed)
 */
export function fieldHint(text: string, parsed: number, current: number, rules: FieldRules): FieldOutcome {
  const digits = rules.digits ?? 3;
  const n = (v: number): string => signed(fmtNumber(v, digits));
  if (!Number.isFinite(parsed)) {
    return {
      commit: null,
      hint: text.trim() === '' ? `Empty: keeping ${n(current)}` : `Not a number: keeping ${n(current)}`,
    };
  }
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
  return { commit: used, hint: `Using ${n(used)}` };
}
