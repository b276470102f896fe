import { describe, expect, it } from 'vitest';
import { MOTION_TABLE_10_5 } from '../test/soundSourceExamples';
import type { MotionData, MotionTable } from './index';
import {
  findCycle,
  findLink,
  findModifier,
  findReverseLink,
  motionKey,
  motionRecipe,
  parseMotionTable,
  recipeAnimations,
  styleDefault,
  writeMotionTable,
} from './index';

const NON_COMBAT = 0x8000003d;
const HAND_COMBAT = 0x8000003c;
const READY = 0x41000003;
const WALK = 0x45000005;
const DEAD = 0x40000011;
const TWITCH1 = 0x10000051;
const FALL_DOWN = 0x10000050;
const ATTACK_HIGH1 = 0x10000062;
const JUMP = 0x2500003b;

/** One MotionData playing one Animation (0x030000NN) at 30 fps. */
const md = (key: number, anim: number): MotionData => ({
  key,
  bitfield: 0,
  flags: 0,
  anims: [{ animId: 0x03000000 + anim, lowFrame: 0, highFrame: -1, framerate: 30 }],
  velocity: null,
  omega: null,
});

/** A creature table: NonCombat idle/walk/dead cycles, links from Ready, "from any", from Walk; HandCombat attack; a Jump modifier. */
const TABLE: MotionTable = parseMotionTable(
  writeMotionTable({
    id: 0x09000001,
    defaultStyle: NON_COMBAT,
    styleDefaults: [
      { style: NON_COMBAT, substate: READY },
      { style: HAND_COMBAT, substate: READY },
    ],
    cycles: [md(0x003d0003, 1), md(0x003d0005, 2), md(0x003d0011, 3), md(0x003c0003, 4)],
    modifiers: [md(0x0000003b, 11)],
    links: [
      { key: 0x003d0003, motions: [md(WALK, 5), md(DEAD, 6), md(TWITCH1, 7)] },
      { key: 0x003d0000, motions: [md(FALL_DOWN, 8)] },
      { key: 0x003d0005, motions: [md(READY, 9)] },
      { key: 0x003c0003, motions: [md(ATTACK_HIGH1, 10)] },
    ],
  }),
);

const anims = (r: ReturnType<typeof motionRecipe>) =>
  recipeAnimations(r).map((a) => [a.role, a.data.animId - 0x03000000]);

describe('motion keys (sound-sources §3.3): (style << 16) | (motion & 0xFFFFFF) in 32 bits', () => {
  it.each([
    [NON_COMBAT, READY, 0x003d0003],
    [NON_COMBAT, DEAD, 0x003d0011],
    [NON_COMBAT, WALK, 0x003d0005],
    [HAND_COMBAT, READY, 0x003c0003],
    [NON_COMBAT, 0, 0x003d0000],
  ])('style 0x%s, motion 0x%s → 0x%s', (style, motion, key) => {
    expect(motionKey(style, motion)).toBe(key);
  });
});

describe('lookups', () => {
  it('the idle cycle is cycles[(default style << 16) | its default substate]', () => {
    expect(styleDefault(TABLE, NON_COMBAT)).toBe(READY);
    expect(findCycle(TABLE, NON_COMBAT, READY)!.key).toBe(0x003d0003);
  });

  it('a missing cycle in a stance falls back to the default style (HandCombat Dead → NonCombat Dead)', () => {
    expect(findCycle(TABLE, HAND_COMBAT, DEAD)!.key).toBe(0x003d0011);
  });

  it('a link falls back to the stance\'s "from any substate" table', () => {
    expect(findLink(TABLE, NON_COMBAT, READY, FALL_DOWN)!.key).toBe(FALL_DOWN);
    expect(findLink(TABLE, NON_COMBAT, WALK, DEAD)).toBeNull();
  });

  it('a modifier is modifiers[(style << 16) | m], else modifiers[m & 0xFFFFFF]', () => {
    expect(findModifier(TABLE, NON_COMBAT, JUMP)!.key).toBe(0x3b);
  });

  it('§10.5: Ready → Dead is links[0x003D0003][0x40000011] → Animation 0x03000514', () => {
    const t = parseMotionTable(MOTION_TABLE_10_5);
    expect(findLink(t, NON_COMBAT, READY, DEAD)!.anims[0]!.animId).toBe(0x03000514);
    expect(findCycle(t, NON_COMBAT, READY)!.anims[0]!.animId).toBe(0x03000111);
  });
});

describe('motion recipe (sound-sources §3.3–§3.4)', () => {
  it('substate Dead from Ready: the direct link, then the Dead cycle', () => {
    const r = motionRecipe(TABLE, DEAD);
    expect([r.kind, r.route, r.style, r.from]).toEqual(['substate', 'direct', NON_COMBAT, READY]);
    expect(anims(r)).toEqual([
      ['link', 6],
      ['cycle', 3],
    ]);
  });

  it('substate Dead from WalkForward: no direct or "from any" link → two links through Ready, then the cycle', () => {
    const r = motionRecipe(TABLE, DEAD, { from: WALK });
    expect(r.route).toBe('via-default');
    expect(anims(r)).toEqual([
      ['link', 9],
      ['link', 6],
      ['cycle', 3],
    ]);
  });

  it('action Twitch1: its link, then back to the Ready cycle', () => {
    expect(anims(motionRecipe(TABLE, TWITCH1))).toEqual([
      ['link', 7],
      ['cycle', 1],
    ]);
  });

  it('action FallDown through the "from any" table', () => {
    const r = motionRecipe(TABLE, FALL_DOWN);
    expect([r.kind, r.route]).toEqual(['action', 'direct']);
    expect(anims(r)).toEqual([
      ['link', 8],
      ['cycle', 1],
    ]);
  });

  it('action AttackHigh1 in HandCombat: its link, then the HandCombat Ready cycle', () => {
    expect(anims(motionRecipe(TABLE, ATTACK_HIGH1, { style: HAND_COMBAT }))).toEqual([
      ['link', 10],
      ['cycle', 4],
    ]);
  });

  it('an action from WalkForward goes Walk → Ready, Ready → action, Ready → Walk, then the Walk cycle', () => {
    const r = motionRecipe(TABLE, TWITCH1, { from: WALK });
    expect(r.route).toBe('via-default');
    expect(anims(r)).toEqual([
      ['link', 9],
      ['link', 7],
      ['link', 5],
      ['cycle', 2],
    ]);
  });

  it('modifier Jump', () => {
    const r = motionRecipe(TABLE, JUMP);
    expect(r.kind).toBe('modifier');
    expect(anims(r)).toEqual([['modifier', 11]]);
  });

  it('a motion the table cannot play (no cycle, no link) is kind none with no steps', () => {
    const r = motionRecipe(TABLE, 0x40000015 /* Falling: no cycle */);
    expect(r.kind).toBe('none');
    expect(r.steps).toEqual([]);
    expect(motionRecipe(TABLE, 0x10000099).kind).toBe('none');
  });
});

/** [role, animation, speed] of each AnimData a recipe plays. */
const played = (r: ReturnType<typeof motionRecipe>) =>
  recipeAnimations(r).map((a) => [a.role, a.data.animId - 0x03000000, a.speed]);

/** TABLE plus the reverse-play links a creature table holds: Dead → Ready and Twitch1 → Ready. */
const REVERSE_TABLE: MotionTable = {
  ...TABLE,
  links: [...TABLE.links, { key: 0x003d0011, motions: [md(READY, 12)] }, { key: 0x003d0051, motions: [md(READY, 13)] }],
};

describe('reverse play: with a negative speed the link roles swap (sound-sources §3.3, pitfalls §21)', () => {
  it('findReverseLink(from → to) is links[(style << 16) | to][from]', () => {
    expect(findReverseLink(TABLE, NON_COMBAT, READY, WALK)?.anims[0]!.animId).toBe(0x03000009);
    expect(findLink(TABLE, NON_COMBAT, READY, WALK)?.anims[0]!.animId).toBe(0x03000005);
  });

  it('else links[(style << 16) | from][stance default]; null when neither (no "from any" table in reverse)', () => {
    // links[Walk][Dead] is absent: the Walk table's entry for Ready
    expect(findReverseLink(TABLE, NON_COMBAT, WALK, DEAD)?.anims[0]!.animId).toBe(0x03000009);
    // FallDown is only in the "from any" table, which the reverse lookup does not read
    expect(findReverseLink(TABLE, NON_COMBAT, READY, FALL_DOWN)).toBeNull();
  });

  it("substate WalkForward at −0.65 from Ready: the speed sign differs from the state's, so through Ready: the reverse link Walk → Ready backwards, then the cycle", () => {
    const r = motionRecipe(TABLE, WALK, { speed: -0.65 });
    expect([r.kind, r.route]).toEqual(['substate', 'via-default']);
    expect(played(r)).toEqual([
      ['link', 9, -0.65],
      ['cycle', 2, -0.65],
    ]);
  });

  it('substate Dead at −1: the reverse link Dead → Ready when the table has it, else the cycle alone', () => {
    expect(played(motionRecipe(REVERSE_TABLE, DEAD, { speed: -1 }))).toEqual([
      ['link', 12, -1],
      ['cycle', 3, -1],
    ]);
    expect(played(motionRecipe(TABLE, DEAD, { speed: -1 }))).toEqual([['cycle', 3, -1]]);
  });

  it('action Twitch1 at −1: its reverse link backwards, then the Ready cycle at the state speed 1; none without one', () => {
    const r = motionRecipe(REVERSE_TABLE, TWITCH1, { speed: -1 });
    expect([r.kind, r.route]).toEqual(['action', 'direct']);
    expect(played(r)).toEqual([
      ['link', 13, -1],
      ['cycle', 1, 1],
    ]);
    expect(motionRecipe(TABLE, TWITCH1, { speed: -1 }).kind).toBe('none');
  });

  it('modifier Jump at −1 plays backwards', () => {
    expect(played(motionRecipe(TABLE, JUMP, { speed: -1 }))).toEqual([['modifier', 11, -1]]);
  });

  it('speed 0 or not finite is a RangeError', () => {
    for (const speed of [0, Number.NaN, Infinity])
      expect(() => motionRecipe(TABLE, WALK, { speed })).toThrow(RangeError);
  });
});

describe('each step plays at the speed the client gives it (add_motion)', () => {
  it('forward at 1.5: an action at 1.5, the cycle it returns to at the state speed 1', () => {
    expect(played(motionRecipe(TABLE, TWITCH1, { speed: 1.5 }))).toEqual([
      ['link', 7, 1.5],
      ['cycle', 1, 1],
    ]);
  });

  it('forward at 1.5 through the stance default: the hop to Ready at 1, the link to the motion and its cycle at 1.5', () => {
    expect(played(motionRecipe(TABLE, DEAD, { from: WALK, speed: 1.5 }))).toEqual([
      ['link', 9, 1],
      ['link', 6, 1.5],
      ['cycle', 3, 1.5],
    ]);
    expect(played(motionRecipe(TABLE, TWITCH1, { from: WALK, speed: 1.5 }))).toEqual([
      ['link', 9, 1],
      ['link', 7, 1.5],
      ['link', 5, 1],
      ['cycle', 2, 1],
    ]);
  });

  it('a direct substate change plays link and cycle at the motion speed', () => {
    expect(played(motionRecipe(TABLE, DEAD, { speed: 1.5 }))).toEqual([
      ['link', 6, 1.5],
      ['cycle', 3, 1.5],
    ]);
  });
});
