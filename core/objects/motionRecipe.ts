/**
 * The motion recipe: which MotionData (and so which Animations) a MotionTable plays for a motion,
 * following the client's lookup order and fallbacks (docs/formats/sound-sources.md "Motion
 * recipe"; shared spec sound-sources §3.3–§3.4). Pure functions over a parsed {@link MotionTable}.
 * Forward and reverse play: with a negative speed the client swaps the link roles ({@link findReverseLink}).
 */
import type { AnimData, MotionData, MotionTable } from './motionTable';

/** MotionCommand class bits (the high bits of a motion). */
export const MOTION_CLASS = {
  Style: 0x80000000,
  SubState: 0x40000000,
  Modifier: 0x20000000,
  Action: 0x10000000,
} as const;

/**
 * A table key: `(style << 16) | (motion & 0xFFFFFF)` in 32-bit arithmetic (the shift drops the
 * stance's top 16 bits). E.g. NonCombat 0x8000003D + Ready 0x41000003 → 0x003D0003.
 */
export function motionKey(style: number, motion: number): number {
  return ((style << 16) | (motion & 0xffffff)) >>> 0;
}

/** The default substate of `style` (its first style-default entry), or null. */
export function styleDefault(table: MotionTable, style: number): number | null {
  const e = table.styleDefaults.find((d) => d.style >>> 0 === style >>> 0);
  return e ? e.substate >>> 0 : null;
}

function byKey(list: readonly MotionData[], key: number): MotionData | null {
  return list.find((m) => m.key >>> 0 === key) ?? null;
}

/** The cycle of `substate` in `style`, else in the table's default style (client fallback); null if neither. */
export function findCycle(table: MotionTable, style: number, substate: number): MotionData | null {
  return (
    byKey(table.cycles, motionKey(style, substate)) ?? byKey(table.cycles, motionKey(table.defaultStyle, substate))
  );
}

/**
 * The link from `from` to `to` in `style`: `links[(style << 16) | from][to]`, else the stance's
 * "from any substate" table `links[style << 16][to]`; null if neither.
 */
export function findLink(table: MotionTable, style: number, from: number, to: number): MotionData | null {
  const inner = (outer: number): MotionData | null => {
    const t = table.links.find((l) => l.key >>> 0 === outer);
    return t ? byKey(t.motions, to >>> 0) : null;
  };
  return inner(motionKey(style, from)) ?? inner(motionKey(style, 0));
}

/**
 * The link the client plays for `from → to` when a speed is negative (client `get_link` with a
 * speed < 0; shared spec sound-sources §3.3 "the outer/inner roles swap", pitfalls §21): the
 * reverse link `links[(style << 16) | to][from]`, else `links[(style << 16) | from][d]` with d the
 * stance default; null if neither (or the stance has no default). Played backwards it takes the
 * object from `from` to `to`, e.g. WalkForward → Ready (`links[0x003D0005][Ready]`) reversed is
 * Ready → walking backwards.
 */
export function findReverseLink(table: MotionTable, style: number, from: number, to: number): MotionData | null {
  const inner = (outer: number, key: number): MotionData | null => {
    const t = table.links.find((l) => l.key >>> 0 === outer);
    return t ? byKey(t.motions, key >>> 0) : null;
  };
  const reverse = inner(motionKey(style, to), from);
  if (reverse) return reverse;
  const d = styleDefault(table, style);
  return d === null ? null : inner(motionKey(style, from), d);
}

/**
 * Client `get_link(style, from, fromSpeed, to, speed)`: the reverse lookup when either speed is
 * negative ({@link findReverseLink}), else the forward one ({@link findLink}).
 */
function getLink(table: MotionTable, style: number, from: number, to: number, speeds: number[]): MotionData | null {
  return speeds.some((v) => v < 0) ? findReverseLink(table, style, from, to) : findLink(table, style, from, to);
}

/** The modifier `motion` in `style` (`modifiers[(style << 16) | m]`, else `modifiers[m & 0xFFFFFF]`). */
export function findModifier(table: MotionTable, style: number, motion: number): MotionData | null {
  return byKey(table.modifiers, motionKey(style, motion)) ?? byKey(table.modifiers, (motion & 0xffffff) >>> 0);
}

/** What a step of a recipe is. */
export type RecipeRole = 'link' | 'cycle' | 'modifier';

/** A MotionData the motion plays, in order. */
export interface RecipeStep {
  role: RecipeRole;
  data: MotionData;
  /**
   * The speed modifier the client plays it at (`add_motion(…, speed)`: every AnimData's framerate
   * is multiplied by it; negative = backwards): the motion's speed, or the speed of the state the
   * object is in (1: the default state's) for the hops through the stance default and for the
   * cycle an action returns to.
   */
  speed: number;
}

/** The MotionData a motion plays, in order, and how they were found. */
export interface MotionRecipe {
  motion: number;
  /** The stance the motion was looked up in. */
  style: number;
  /** The substate the object was in. */
  from: number;
  /** Which class rule matched; 'none' when the table cannot play the motion (or it is a stance change). */
  kind: 'substate' | 'action' | 'modifier' | 'none';
  /** 'direct': one link (or none needed); 'via-default': two links through the stance default. */
  route: 'direct' | 'via-default';
  /** Links first, then the cycle that follows (substate: the new one; action: the one it returns to). */
  steps: RecipeStep[];
}

/**
 * Options: the stance (default: the table's default style), the current substate (default: that
 * stance's default; the object is in it at speed 1, as after the client's `SetDefaultState`) and
 * the motion's speed modifier (default 1; negative = played backwards; not 0).
 */
export interface RecipeOptions {
  style?: number;
  from?: number;
  speed?: number;
}

/** The speed of the state the object is in before the motion (`SetDefaultState` sets 1). */
const STATE_SPEED = 1;

const step = (role: RecipeRole, data: MotionData | null, speed: number): RecipeStep[] =>
  data ? [{ role, data, speed }] : [];

/**
 * Which MotionData the client plays for `motion` at `options.speed` (client `GetObjectSequence`,
 * sound-sources §3.3), each step with the speed it is played at: the class rules are tried in the
 * client's order — substate (0x40000000), action (0x10000000), modifier (0x20000000) — falling
 * through when one finds nothing (a command such as TurnRight 0x6500000D has both the substate
 * and the modifier bit). Stance changes (0x80000000) are not modelled (the research does not cover
 * them): they give kind 'none'. "link(A → B, v)" is the client's `get_link`: the forward lookup
 * ({@link findLink}) when v > 0, the reverse one ({@link findReverseLink}) when v < 0.
 * - Substate S2 from S1 in stance St at speed v: link(S1 → S2, v); if absent, or v < 0 (its sign
 *   differs from the state's), two links through the stance default d: link(S1 → d, 1) at 1 then
 *   link(d → S2, v) at v — or, when that second one is absent, the first at v. Then the cycle of
 *   S2 (falling back to the default style's) at v. No cycle → the motion cannot be played.
 * - Action A: needs the cycle of d; link(S1 → A, v) at v then that cycle at 1 (the action returns
 *   to it); if absent, link(S1 → d, 1), link(d → A, v), link(d → S1, 1) (when present), then the
 *   cycle of S1 (else of d), all at 1 but the action.
 * - Modifier M: `findModifier(St, M)` at v.
 * E.g. (sound-sources §10.5 plus a Dead cycle) Dead from Ready in NonCombat: the link
 * `links[0x003D0003][0x40000011]`, then the cycle `cycles[0x003D0011]`; at speed −0.65 the
 * reverse links `links[0x003D0011][Ready]` (if any), then the Dead cycle backwards.
 * @throws RangeError for a speed that is 0 or not finite
 */
export function motionRecipe(table: MotionTable, motion: number, options: RecipeOptions = {}): MotionRecipe {
  const m = motion >>> 0;
  const v = options.speed ?? 1;
  if (!Number.isFinite(v) || v === 0) throw new RangeError(`speed must be a finite number other than 0, got ${v}`);
  const style = (options.style ?? table.defaultStyle) >>> 0;
  const d = styleDefault(table, style);
  const from = (options.from ?? d ?? 0) >>> 0;
  const base = { motion: m, style, from };
  const link = (a: number, b: number, speed: number): MotionData | null =>
    getLink(table, style, a, b, [STATE_SPEED, speed]);

  if (m & MOTION_CLASS.SubState) {
    const cycle = findCycle(table, style, m);
    if (cycle) {
      const direct = link(from, m, v);
      const sameSign = Math.sign(v) === Math.sign(STATE_SPEED);
      if ((direct && sameSign) || d === null)
        return {
          ...base,
          kind: 'substate',
          route: 'direct',
          steps: [...step('link', sameSign ? direct : null, v), ...step('cycle', cycle, v)],
        };
      const first = link(from, d, STATE_SPEED);
      const second = link(d, m, v);
      const steps = second ? [...step('link', first, STATE_SPEED), ...step('link', second, v)] : step('link', first, v);
      return { ...base, kind: 'substate', route: 'via-default', steps: [...steps, ...step('cycle', cycle, v)] };
    }
  }
  if (m & MOTION_CLASS.Action && d !== null) {
    const cycle = byKey(table.cycles, motionKey(style, d));
    if (cycle) {
      const direct = link(from, m, v);
      if (direct)
        return {
          ...base,
          kind: 'action',
          route: 'direct',
          steps: [...step('link', direct, v), ...step('cycle', cycle, STATE_SPEED)],
        };
      const toDefault = link(from, d, STATE_SPEED);
      const action = toDefault ? link(d, m, v) : null;
      if (toDefault && action) {
        const back = link(d, from, STATE_SPEED);
        const resume = findCycle(table, style, from) ?? cycle;
        const steps = [
          ...step('link', toDefault, STATE_SPEED),
          ...step('link', action, v),
          ...step('link', back, STATE_SPEED),
          ...step('cycle', resume, STATE_SPEED),
        ];
        return { ...base, kind: 'action', route: 'via-default', steps };
      }
    }
  }
  if (m & MOTION_CLASS.Modifier) {
    const mod = findModifier(table, style, m);
    if (mod) return { ...base, kind: 'modifier', route: 'direct', steps: step('modifier', mod, v) };
  }
  return { ...base, kind: 'none', route: 'direct', steps: [] };
}

/** The AnimData a recipe plays, in order, each with the role, index and speed of its step. */
export function recipeAnimations(
  recipe: MotionRecipe,
): { role: RecipeRole; step: number; speed: number; data: AnimData }[] {
  return recipe.steps.flatMap((s, i) => s.data.anims.map((data) => ({ role: s.role, step: i, speed: s.speed, data })));
}
