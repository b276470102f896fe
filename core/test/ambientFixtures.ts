/**
 * A small synthetic Region and SoundTables for the ambient scheduler tests (no game data):
 * - terrain type 0 "Quiet": scene 0 → scene type 0, stbIndex null (no ambience);
 * - terrain type 1 "Grass": scene 0 → scene type 1 → set 0; scene 1 → scene type 2 → set 1;
 * - terrain type 2 "Water": scene 0 → scene type 3 → set 2;
 * Set 0 (SoundTable 0x20000001): Ambient1 continuous vol 0.5 every 3 s; Ambient2 intermittent
 * base 0.2, 10–30 s. Set 1 (0x20000002): Ambient3 continuous vol 0.06 every 4 s. Set 2
 * (0x20000003): Waterfall intermittent base 1, 2–5 s, vol 1. Each sound type has one row
 * (probability 1, volume 1) with its own wave.
 *
 * The Region goes through our own writer and reader (`writeRegion` → `parseRegion`), so the
 * scheduler tests read what a dat would give them.
 */
import type { SoundTable } from '../objects/soundTable';
import { parseRegion, writeRegion, type Region } from '../objects/region';
import { sampleRegion } from './soundSources';

export const AMBIENT1 = 0x46;
export const AMBIENT2 = 0x47;
export const AMBIENT3 = 0x48;
export const WATERFALL = 0x4e;

export const WAVE_OF: Record<number, number> = {
  [AMBIENT1]: 0x0a000101,
  [AMBIENT2]: 0x0a000102,
  [AMBIENT3]: 0x0a000103,
  [WATERFALL]: 0x0a000104,
};

export function ambientRegion(): Region {
  const region: Region = {
    ...sampleRegion(0x13000000, 'Test', [], []),
    ambientSets: [
      {
        soundTableId: 0x20000001,
        sounds: [
          { soundType: AMBIENT1, volume: 0.5, baseChance: 0, minRate: 3, maxRate: 3 },
          { soundType: AMBIENT2, volume: 1, baseChance: Math.fround(0.2), minRate: 10, maxRate: 30 },
        ],
      },
      {
        soundTableId: 0x20000002,
        sounds: [{ soundType: AMBIENT3, volume: Math.fround(0.06), baseChance: 0, minRate: 4, maxRate: 4 }],
      },
      {
        soundTableId: 0x20000003,
        sounds: [{ soundType: WATERFALL, volume: 1, baseChance: 1, minRate: 2, maxRate: 5 }],
      },
    ],
    sceneTypes: [
      { stbIndex: null, scenes: [] },
      { stbIndex: 0, scenes: [] },
      { stbIndex: 1, scenes: [] },
      { stbIndex: 2, scenes: [] },
    ],
    terrainTypes: [
      { name: 'Quiet', color: 0, sceneTypes: [0] },
      { name: 'Grass', color: 0, sceneTypes: [1, 2] },
      { name: 'Water', color: 0, sceneTypes: [3] },
    ],
  };
  return parseRegion(writeRegion(region));
}

function table(id: number, types: number[]): SoundTable {
  return {
    id,
    hashKey: 0,
    rootEntries: [],
    sounds: types.map((key) => ({
      key,
      entries: [{ waveId: WAVE_OF[key]!, priority: 0, probability: 1, volume: 1 }],
      children: [],
    })),
  };
}

export const AMBIENT_TABLES: ReadonlyMap<number, SoundTable> = new Map([
  [0x20000001, table(0x20000001, [AMBIENT1, AMBIENT2])],
  [0x20000002, table(0x20000002, [AMBIENT3])],
  [0x20000003, table(0x20000003, [WATERFALL])],
]);

export const ambientTable = (id: number): SoundTable | null => AMBIENT_TABLES.get(id) ?? null;
