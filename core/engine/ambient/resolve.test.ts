import { describe, expect, it } from 'vitest';
import { ambientRegion } from '../../test/ambientFixtures';
import { type AmbientRegion, resolveAmbientSet, resolveTerrainWord, terrainWord, terrainWordParts } from './resolve';

/** The §10.6 chain: terrain type 1's slot 4 is scene type 7, whose stbIndex is 2. */
function chainRegion(stbIndex: number | null): AmbientRegion {
  const sceneTypes = Array.from({ length: 8 }, () => ({ stbIndex: null as number | null, scenes: [] as number[] }));
  sceneTypes[7] = { stbIndex, scenes: [] };
  const set = (id: number) => ({ soundTableId: id, sounds: [] });
  return {
    ambientSets: [set(0x20000001), set(0x20000002), set(0x200000c5)],
    sceneTypes,
    terrainTypes: [
      { name: 'BarrenRock', color: 0, sceneTypes: [] },
      { name: 'Grassland', color: 0, sceneTypes: [0, 0, 3, 3, 7] },
    ],
  };
}

describe('sound-sources §6.7 terrain word → ambient set', () => {
  it('terrain word 0x2006 → road 2, terrain type 1, scene 4', () => {
    expect(terrainWordParts(0x2006)).toEqual({ road: 2, terrainType: 1, scene: 4 });
    expect(terrainWord(1, 4)).toBe(0x2004);
  });

  it('§10.6: t 1, s 4 → scene type 7 → stbIndex 2 → ambientSets[2]', () => {
    const r = resolveTerrainWord(chainRegion(2), 0x2006);
    expect(r.setIndex).toBe(2);
    expect(r.sceneType).toBe(7);
    expect(r.set?.soundTableId).toBe(0x200000c5);
  });

  it('a null stbIndex leaves the cell silent', () => {
    const r = resolveAmbientSet(chainRegion(null), 1, 4);
    expect(r).toMatchObject({ set: null, reason: 'stb-index', sceneType: 7 });
  });

  it('an stbIndex past the sets is silent, not a crash', () => {
    expect(resolveAmbientSet(chainRegion(9), 1, 4)).toMatchObject({ set: null, reason: 'stb-index' });
  });

  it('a scene value past the terrain type’s slots is silent', () => {
    expect(resolveAmbientSet(chainRegion(2), 1, 5)).toMatchObject({ set: null, reason: 'scene' });
    expect(resolveAmbientSet(chainRegion(2), 0, 0)).toMatchObject({ set: null, reason: 'scene' });
  });

  it('an unknown terrain type is silent', () => {
    expect(resolveAmbientSet(chainRegion(2), 31, 0)).toMatchObject({ set: null, reason: 'terrain-type' });
  });

  it('a null scene type slot is silent', () => {
    const region = ambientRegion();
    region.terrainTypes[0]!.sceneTypes = [null];
    expect(resolveAmbientSet(region, 0, 0)).toMatchObject({ set: null, reason: 'scene-type', sceneType: null });
  });

  it('the double indirection: the fixture’s Grass scene 1 → scene type 2 → set 1', () => {
    expect(resolveAmbientSet(ambientRegion(), 1, 1)).toMatchObject({ setIndex: 1, sceneType: 2 });
  });
});
