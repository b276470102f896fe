/**
 * The demo dat's sound sources (issue #7): two synthesized creatures (Setup → SoundTable,
 * MotionTable → walk, attack and death Animations with footstep, swing and death hooks, one
 * SoundTweaked hook), an effect PhysicsScript with a sound hook (and its PhysicsScriptTable), and
 * a Region "Dereth" whose ambient sets (wind and birds; a waterfall) name the ambient SoundTable,
 * for the 32 terrain types. Built with core/objects' writers through the sample factories of
 * core/test/soundSources.ts; no real game data.
 */
import type { DatWriterFile } from '../core/dat/DatWriter';
import {
  writeAnimation,
  writeMotionTable,
  writePhysicsScript,
  writePhysicsScriptTable,
  writeRegion,
  writeSetup,
} from '../core/objects';
import {
  creatureMotionTable,
  hook,
  sampleAnimation,
  sampleRegion,
  sampleScript,
  sampleSetup,
} from '../core/test/soundSources';

/** SoundTypes the hooks and ambient sets name (dat-format §6). */
const ST = {
  Swoosh1: 0x1e,
  Death1: 0x0f,
  Footstep1: 0x37,
  Footstep2: 0x38,
  Ambient1: 0x46,
  Ambient2: 0x47,
  Waterfall: 0x4e,
} as const;

/** Ids of the demo's sound sources. */
export const DEMO_SOURCES = {
  /** "Human (male)" creature: SoundTable 0x20000001. */
  humanSetup: 0x02000001,
  /** "Drudge" creature: SoundTable 0x20000007. */
  drudgeSetup: 0x02000002,
  /** A prop with only a default script (not a creature). */
  propSetup: 0x02000003,
  humanMotionTable: 0x09000001,
  drudgeMotionTable: 0x09000002,
  /** Animations: human 0x03000001–05, drudge 0x03000011–15 (idle, walk, attack, death, corpse). */
  humanAnimations: { idle: 0x03000001, walk: 0x03000002, attack: 0x03000003, death: 0x03000004, corpse: 0x03000005 },
  drudgeAnimations: { idle: 0x03000011, walk: 0x03000012, attack: 0x03000013, death: 0x03000014, corpse: 0x03000015 },
  /** The effect: a shield-up chime at 0.1 s. */
  effectScript: 0x33000001,
  scriptTable: 0x34000001,
  region: 0x13000000,
  /** The ambient SoundTable (an id without a public label): Ambient1 wind, Ambient2 birds, Waterfall. */
  ambientTable: 0x200000db,
  waves: { wind: 0x0a000070, birds: 0x0a000071, waterfall: 0x0a000072, shieldUp: 0x0a000040, growl: 0x0a000050 },
} as const;

/** The 32 terrain type names in value order (shared spec sound-sources §6.7). */
const TERRAIN_NAMES = [
  'BarrenRock',
  'Grassland',
  'Ice',
  'LushGrass',
  'MarshSparseSwamp',
  'MudRichDirt',
  'ObsidianPlain',
  'PackedDirt',
  'PatchyDirt',
  'PatchyGrassland',
  'SandYellow',
  'SandGrey',
  'SandRockStrewn',
  'SedimentaryRock',
  'SemiBarrenRock',
  'Snow',
  'WaterRunning',
  'WaterStandingFresh',
  'WaterShallowSea',
  'WaterShallowStillSea',
  'WaterDeepSea',
  'ForestFloor',
  'FauxWaterRunning',
  'SeaSlime',
  'Argila',
  'Volcano1',
  'Volcano2',
  'BlueIce',
  'Moss',
  'DarkMoss',
  'Olthoi',
  'DesolateLands',
];

/** Scene type 0 → ambient set 0 (wind, birds), 1 → set 1 (waterfall); null = no ambient sound. */
function terrainScenes(name: string): (number | null)[] {
  if (name === 'WaterRunning' || name === 'FauxWaterRunning') return [1, 1, 0];
  if (/Water|Sea/.test(name)) return [null, 0];
  if (/Grass|Forest|Moss|Dirt|Marsh/.test(name)) return [0, 0, null];
  if (/Olthoi|Volcano|Obsidian|Desolate/.test(name)) return [null];
  return [0, null];
}

/** One creature: Setup, MotionTable and its five Animations (walk 16 frames, attack 12, death 20). */
function creature(
  setup: number,
  motionTable: number,
  soundTable: number,
  a: { idle: number; walk: number; attack: number; death: number; corpse: number },
  tweaked: AnimationHookSpec | null,
): DatWriterFile[] {
  const attackHooks: Record<number, ReturnType<typeof hook.sound>[]> = { 5: [hook.soundTable(ST.Swoosh1, 1)] };
  if (tweaked) attackHooks[tweaked.frame] = [hook.tweaked(tweaked.waveId, tweaked.probability, 0.9, tweaked.volume, 1)];
  return [
    {
      id: setup,
      data: writeSetup(sampleSetup(setup, { soundTable, motionTable, physicsScriptTable: DEMO_SOURCES.scriptTable })),
    },
    { id: motionTable, data: writeMotionTable(creatureMotionTable(motionTable, a)) },
    { id: a.idle, data: writeAnimation(sampleAnimation(a.idle, 10)) },
    // footsteps on frames 3 and 11 (Both: also when walking backwards)
    {
      id: a.walk,
      data: writeAnimation(
        sampleAnimation(a.walk, 16, { 3: [hook.soundTable(ST.Footstep1)], 11: [hook.soundTable(ST.Footstep2)] }),
      ),
    },
    { id: a.attack, data: writeAnimation(sampleAnimation(a.attack, 12, attackHooks)) },
    { id: a.death, data: writeAnimation(sampleAnimation(a.death, 20, { 1: [hook.soundTable(ST.Death1, 1)] })) },
    { id: a.corpse, data: writeAnimation(sampleAnimation(a.corpse, 1)) },
  ];
}

interface AnimationHookSpec {
  frame: number;
  waveId: number;
  probability: number;
  volume: number;
}

/** The ambient SoundTable's rows: wave per sound type. */
export const AMBIENT_TABLE_SOUNDS: readonly [number, number][] = [
  [ST.Ambient1, DEMO_SOURCES.waves.wind],
  [ST.Ambient2, DEMO_SOURCES.waves.birds],
  [ST.Waterfall, DEMO_SOURCES.waves.waterfall],
];

/** Every sound-source object of the demo dat. */
export function demoSoundSources(): DatWriterFile[] {
  const d = DEMO_SOURCES;
  const region = sampleRegion(
    d.region,
    'Dereth',
    [
      {
        soundTableId: d.ambientTable,
        sounds: [
          { soundType: ST.Ambient1, volume: 0.5, baseChance: 0, minRate: 2, maxRate: 2 },
          { soundType: ST.Ambient2, volume: 0.8, baseChance: Math.fround(0.3), minRate: 5, maxRate: 15 },
        ],
      },
      {
        soundTableId: d.ambientTable,
        sounds: [{ soundType: ST.Waterfall, volume: 0.7, baseChance: 0, minRate: 2, maxRate: 2 }],
      },
    ],
    TERRAIN_NAMES.map((n) => [n, terrainScenes(n)]),
  );
  return [
    ...creature(d.humanSetup, d.humanMotionTable, 0x20000001, d.humanAnimations, null),
    ...creature(d.drudgeSetup, d.drudgeMotionTable, 0x20000007, d.drudgeAnimations, {
      frame: 3,
      waveId: d.waves.growl,
      probability: 0.5,
      volume: 0.8,
    }),
    { id: d.propSetup, data: writeSetup(sampleSetup(d.propSetup, { defaultScript: d.effectScript })) },
    {
      id: d.effectScript,
      data: writePhysicsScript(
        sampleScript(d.effectScript, [
          [0, hook.noDraw()],
          [0.1, hook.sound(d.waves.shieldUp)],
        ]),
      ),
    },
    {
      id: d.scriptTable,
      data: writePhysicsScriptTable({
        id: d.scriptTable,
        types: [{ type: 0x8a, scripts: [{ mod: 0, scriptId: d.effectScript }] }],
      }),
    },
    { id: d.region, data: writeRegion(region) },
  ];
}
