import { describe, expect, it } from 'vitest';
import type { CreatureInfo, SoundGraphData } from '../../../core/contract';
import {
  creatureHookCount,
  creatureHookText,
  creatureMatchReasonsOf,
  creaturesOfAnimation,
  filterCreatures,
  filterEffects,
  referenceText,
  sortCreatures,
} from './graphModel';

const data: SoundGraphData = {
  setups: [
    {
      id: 0x02000001,
      soundTable: 0x20000001,
      motionTable: 0x09000001,
      physicsScriptTable: null,
      defaultScript: null,
      defaultAnimation: null,
    },
    {
      id: 0x02000002,
      soundTable: 0x20000007,
      motionTable: 0x09000002,
      physicsScriptTable: null,
      defaultScript: null,
      defaultAnimation: 0x03000009,
    },
  ],
  motionTables: [
    { id: 0x09000001, animations: [0x03000001, 0x03000003] },
    { id: 0x09000002, animations: [0x03000003, 0x03000005] },
  ],
  animations: [],
  physicsScripts: [],
  physicsScriptTables: [],
  regions: [],
  errors: [],
  warnings: [],
};
const creatures: CreatureInfo[] = [
  {
    id: 0x02000001,
    label: 'Human (male)',
    soundTable: 0x20000001,
    motionTable: 0x09000001,
    soundHookCount: 4,
    scriptHookCount: 3,
  },
  {
    id: 0x02000002,
    label: 'Drudge',
    soundTable: 0x20000007,
    motionTable: 0x09000002,
    soundHookCount: 5,
    scriptHookCount: 0,
  },
];

describe('creatures and effects from the sound graph', () => {
  it('search finds creatures by label, by id with or without 0x, and by the id of one of their Animations', () => {
    expect(filterCreatures(creatures, data, 'drudge').map((c) => c.id)).toEqual([0x02000002]);
    expect(filterCreatures(creatures, data, '0x02000001').map((c) => c.id)).toEqual([0x02000001]);
    expect(filterCreatures(creatures, data, '0x03000005').map((c) => c.id)).toEqual([0x02000002]);
    expect(filterCreatures(creatures, data, '0x03000009').map((c) => c.id)).toEqual([0x02000002]);
    expect(filterCreatures(creatures, data, '03000003').map((c) => c.id)).toEqual([0x02000001, 0x02000002]);
    expect(filterCreatures(creatures, data, 'drudge 0x03000001')).toEqual([]);
  });

  it('the same search language for creatures: -term excludes (also by a named id), regex mode, id lists', () => {
    expect(filterCreatures(creatures, data, '-drudge').map((c) => c.id)).toEqual([0x02000001]);
    // a creature whose Animations include 0x03000005 is excluded
    expect(filterCreatures(creatures, data, '-0x03000005').map((c) => c.id)).toEqual([0x02000001]);
    expect(filterCreatures(creatures, data, '^dru', { regex: true }).map((c) => c.id)).toEqual([0x02000002]);
    expect(filterCreatures(creatures, data, '0x02000002, 0x02000001').map((c) => c.id)).toEqual([
      0x02000001, 0x02000002,
    ]);
    const effects = [{ id: 0x33000001, soundHookCount: 1, lengthSec: 0.5, usedBy: 2 }];
    expect(filterEffects(effects, '-33000001')).toHaveLength(0);
    expect(filterEffects(effects, '^0x33', { regex: true })).toHaveLength(1);
  });

  it('an Animation plays in the creatures whose MotionTable (or default Animation) names it', () => {
    expect(creaturesOfAnimation(data, creatures, 0x03000003).map((c) => c.id)).toEqual([0x02000001, 0x02000002]);
    expect(creaturesOfAnimation(data, creatures, 0x03000001).map((c) => c.id)).toEqual([0x02000001]);
    expect(creaturesOfAnimation(data, creatures, 0x03000042)).toEqual([]);
  });

  it('the Creatures list’s Hooks: sound hooks plus the script hooks that play a sound, sorted by that total; the tooltip says both', () => {
    expect(creatures.map(creatureHookCount)).toEqual([7, 5]);
    expect(sortCreatures(creatures, { key: 'hooks', dir: 'desc' }).map((c) => c.id)).toEqual([0x02000001, 0x02000002]);
    expect(creatureHookText(creatures[0]!)).toBe(
      '4 sound hooks (Sound, SoundTweaked, SoundTable) + 3 script hooks whose PhysicsScript plays a sound (CallPES, DefaultScript)',
    );
  });

  it('effects match by id', () => {
    const effects = [{ id: 0x33000001, soundHookCount: 1, lengthSec: 0.5, usedBy: 2 }];
    expect(filterEffects(effects, '33000001')).toHaveLength(1);
    expect(filterEffects(effects, 'drudge')).toHaveLength(0);
  });

  it('a reference reads with its frame, hook, sound type and field', () => {
    expect(referenceText({ from: 0x03000001, kind: 'Animation', to: 0x0a000010, frame: 3, hook: 'Sound' })).toBe(
      'frame 3 · Sound hook',
    );
    expect(
      referenceText({
        from: 0x20000001,
        kind: 'SoundTable',
        to: 0x0a000010,
        soundType: 12,
        name: 'Wound1',
        entryIndex: 0,
      }),
    ).toBe('Wound1 (0x0C) · entry 0');
    expect(referenceText({ from: 0x13000000, kind: 'Region', to: 0x20000009, ambientSet: 0 })).toBe('ambient set 0');
  });
});

describe('a creature kept for an id its row does not show says which', () => {
  // the reasons the Creatures grid shows (creatureMatchReasonsOf, what GraphLists asks for each row)
  const why = (q: string, id: number, regex = false): readonly string[] => {
    const of = creatureMatchReasonsOf(data, q, { regex });
    expect(of, `${q} has terms`).not.toBeNull();
    return of!(creatures.find((c) => c.id === id)!);
  };
  it('its MotionTable or Animations; nothing for what the row shows (id, label, SoundTable)', () => {
    expect(why('0x03000005', 0x02000002)).toEqual(['Animation 0x03000005']);
    expect(why('03000003', 0x02000001)).toEqual(['Animation 0x03000003']);
    expect(why('0x09000001', 0x02000001)).toEqual(['MotionTable 0x09000001']);
    expect(why('drudge', 0x02000002)).toEqual([]);
    expect(why('0x20000007', 0x02000002)).toEqual([]);
    expect(why('0x02000002', 0x02000002)).toEqual([]);
    expect(why('-0x03000005', 0x02000001)).toEqual([]);
    expect(why('^0x0300000[19]$', 0x02000002, true)).toEqual(['Animation 0x03000009']);
  });
  it('every creature the filter keeps shows the match in its row or gives a reason', () => {
    for (const q of ['3', '0x0300000', '09000002', 'drudge', '20000001', '5', '9']) {
      for (const c of filterCreatures(creatures, data, q)) {
        const visible = filterCreatures([c], null, q).length === 1 || c.soundTable?.toString(16).includes(q);
        expect(visible || why(q, c.id).length > 0, `${q} ${c.id}`).toBeTruthy();
      }
    }
  });
});

describe('Creatures search speaks the lists’ one language (`12` is never 112)', () => {
  const bench: SoundGraphData = {
    ...data,
    setups: [
      { ...data.setups[0]!, id: 0x02000010, soundTable: 0x20000010, motionTable: 0x09000010 },
      { ...data.setups[0]!, id: 0x02000020, soundTable: 0x20000020, motionTable: 0x09000020 },
    ],
    motionTables: [
      { id: 0x09000010, animations: [0x03000112, 0x0300122a, 0x030000c0] },
      { id: 0x09000020, animations: [0x03000003] },
    ],
  };
  const reedshark: CreatureInfo = {
    id: 0x02000010,
    label: 'Reedshark',
    soundTable: 0x20000010,
    motionTable: 0x09000010,
    soundHookCount: 2,
    scriptHookCount: 0,
  };
  const golem: CreatureInfo = {
    id: 0x02000020,
    label: 'Golem',
    soundTable: 0x20000020,
    motionTable: 0x09000020,
    soundHookCount: 1,
    scriptHookCount: 0,
  };
  const rows = [reedshark, golem];
  const tables = {
    0x20000010: { sounds: [{ name: 'Speak1', soundType: 0x0d }] },
    0x20000020: { sounds: [{ name: 'Wound1', soundType: 0x0c }] },
  };
  const ids = (q: string, regex = false) => filterCreatures(rows, bench, q, { regex }, tables).map((c) => c.id);

  it('an Animation or MotionTable id matches whole, never by a part of its digits', () => {
    // 12 is Wound1's whole value (Golem's SoundTable), not a part of Animation 0x03000112
    expect(ids('12')).toEqual([0x02000020]);
    expect(ids('112')).toEqual([]);
    expect(ids('0x0c').map((id) => id.toString(16))).toEqual(['2000020']); // Wound1 = 0x0C, not Animation 0x030000C0
    expect(ids('0300122A')).toEqual([0x02000010]);
    expect(ids('0x3000112')).toEqual([0x02000010]);
    expect(ids('0x030000C0')).toEqual([0x02000010]);
    expect(ids('0x09000020')).toEqual([0x02000020]);
    expect(ids('0x0300011')).toEqual([]);
    expect(ids('-0x03000112')).toEqual([0x02000020]);
  });

  it('what the row shows still matches by any part: id, label, SoundTable id', () => {
    expect(ids('shark')).toEqual([0x02000010]);
    expect(ids('2000020')).toEqual([0x02000020]);
    expect(ids('20000010')).toEqual([0x02000010]);
  });

  it('a sound type of the creature’s SoundTable matches by name part or whole value, with a pill', () => {
    expect(ids('Speak1')).toEqual([0x02000010]);
    expect(ids('wound1')).toEqual([0x02000020]);
    expect(ids('13')).toEqual([0x02000010]);
    expect(ids('k1')).toEqual([0x02000010]);
    expect(ids('p')).toEqual([]); // one letter names no sound type (Speak1) and is in no row
    const why = (c: CreatureInfo, q: string) => creatureMatchReasonsOf(bench, q, {}, tables)!(c);
    expect(why(reedshark, 'Speak1')).toEqual(['Speak1']);
    expect(why(golem, '0x0c')).toEqual(['Wound1']);
    expect(why(golem, '12')).toEqual(['Wound1']);
    expect(why(reedshark, '0x0300122a')).toEqual(['Animation 0x0300122A']);
    expect(why(reedshark, 'shark')).toEqual([]);
  });

  it('regex mode tests the whole id of a hidden Animation', () => {
    expect(ids('^0x030001', true)).toEqual([0x02000010]);
  });

  it('a creature’s "Matched:" reasons are worked out once per row, under one parse of the search', () => {
    expect(creatureMatchReasonsOf(bench, '  ', {}, tables)).toBeNull();
    // an id list shows exactly those rows: nothing to say
    expect(creatureMatchReasonsOf(bench, '0x02000010, 0x02000020', {}, tables)).toBeNull();
    // each row's reasons, [Reedshark, Golem], in both modes
    const expected: Record<string, [string[], string[]]> = {
      Speak1: [['Speak1'], []],
      '0x0c': [[], ['Wound1']],
      '12': [[], ['Wound1']],
      '0x0300122a': [['Animation 0x0300122A'], []],
      shark: [[], []], // the label shows it
      'shark -golem': [[], []],
      '-shark': [[], []],
    };
    // as a regex, "12" is in the ids of Reedshark's Animations 0x03000112 and 0x0300122A
    const asRegex: Record<string, [string[], string[]]> = {
      '12': [['Animation 0x03000112', 'Animation 0x0300122A'], ['Wound1']],
    };
    for (const [q, plain] of Object.entries(expected))
      for (const regex of [false, true]) {
        const why = creatureMatchReasonsOf(bench, q, { regex }, tables)!;
        const want = (regex ? asRegex[q] : undefined) ?? plain;
        rows.forEach((c, k) => {
          const first = why(c);
          expect(first, `${q} ${regex} ${k}`).toEqual(want[k]);
          expect(why(c), `${q}: the second ask is the first answer`).toBe(first);
        });
      }
  });
});
