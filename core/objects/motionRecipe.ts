/**
 * The motion recipe: which MotionData (and so which Animations) a MotionTable plays for a motion,
 * following the client's lookup order and fallbacks (docs/formats/sound-sources.md "Motion
 * recipe"; shared spec sound-sources §3.3–§3.4). Pure functions over a parsed {@link MotionTable}.
 * Forward play (positive speed) only: with negative speeds the client swaps link roles.
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

/** Options: the stance (default: the table's default style) and the current substate (default: that stance's default). */
export interface RecipeOptions {
  style?: number;
  from?: number;
}

const step = (role: RecipeRole, data: MotionData | null): RecipeStep[] => (data ? [{ role, data }] : []);

/**
 * Which MotionData the client plays for `motion` (client `GetObjectSequence`, sound-sources §3.3):
 * the class rules are tried in the client's order — substate (0x40000000), action (0x10000000),
 * modifier (0x20000000) — falling through when one finds nothing (a command such as TurnRight
 * 0x6500000D has both the substate and the modifier bit). Stance changes (0x80000000) are not
 * modelled (the research does not cover them): they give kind 'none'.
 * - Substate S2 from S1 in stance St: `findLink(St, S1, S2)`; if absent, two links through the
 *   stance default d (`S1 → d`, `d → S2`); then the cycle of S2 (falling back to the default style's).
 *   No cycle → the motion cannot be played.
 * - Action A: needs the cycle of d; `findLink(St, S1, A)` then that cycle (the action returns to
 *   it); if absent, `S1 → d`, `d → A`, `d → S1` (when present), then the cycle of S1 (else of d).
 * - Modifier M: `findModifier(St, M)`.
 * E.g. (sound-sources §10.5 plus a Dead cycle) Dead from Ready in NonCombat: the link
 * `links[0x003D0003][0x40000011]`, then the cycle `cycles[0x003D0011]`.
 */
export function motionRecipe(table: MotionTable, motion: number, options: RecipeOptions = {}): MotionRecipe {
  const m = motion >>> 0;
  const style = (options.style ?? table.defaultStyle) >>> 0;
  const d = styleDefault(table, style);
  const from = (options.from ?? d ?? 0) >>> 0;
  const base = { motion: m, style, from };

  if (m & MOTION_CLASS.SubState) {
    const cycle = findCycle(table, style, m);
    if (cycle) {
      const link = findLink(table, style, from, m);
      if (link || d === null)
        return { ...base, kind: 'substate', route: 'direct', steps: [...step('link', link), ...step('cycle', cycle)] };
      const first = findLink(table, style, from, d);
      const second = findLink(table, style, d, m);
      const steps = [...step('link', first), ...step('link', second), ...step('cycle', cycle)];
      return { ...base, kind: 'substate', route: 'via-default', steps };
    }
  }
  if (m & MOTION_CLASS.Action && d !== null) {
    const cycle = byKey(table.cycles, motionKey(style, d));
    if (cycle) {
      const link = findLink(table, style, from, m);
      if (link)
        return { ...base, kind: 'action', route: 'direct', steps: [...step('link', link), ...step('cycle', cycle)] };
      const toDefault = findLink(table, style, from, d);
      const action = toDefault ? findLink(table, style, d, m) : null;
      if (toDefault && action) {
        const back = findLink(table, style, d, from);
        const resume = findCycle(table, style, from) ?? cycle;
        const steps = [
          ...step('link', toDefault),
          ...step('link', action),
          ...step('link', back),
          ...step('cycle', resume),
        ];
        return { ...base, kind: 'action', route: 'via-default', steps };
      }
    }
  }
  if (m & MOTION_CLASS.Modifier) {
    const mod = findModifier(table, style, m);
    if (mod) return { ...base, kind: 'modifier', route: 'direct', steps: step('modifier', mod) };
  }
  return { ...base, kind: 'none', route: 'direct', steps: [] };
}

/** The AnimData a recipe plays, in order, each with the role and index of its step. */
export function recipeAnimations(recipe: MotionRecipe): { role: RecipeRole; step: number; data: AnimData }[] {
  return recipe.steps.flatMap((s, i) => s.data.anims.map((data) => ({ role: s.role, step: i, data })));
}
