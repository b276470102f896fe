/**
 * From a land cell's terrain word to its ambient set (docs/formats/sound-sources.md §8.2; research:
 * shared spec sound-sources §6.7, `CLandBlock::add_ambient_sounds` acclient.c:352443,
 * `CTerrainDesc::GetSTBDesc` 303289): terrain type t and
 * scene value s → `terrainTypes[t].sceneTypes[s]` = scene type g → `sceneTypes[g].stbIndex` = k →
 * `ambientSets[k]`. Pure; every index is bounds-checked here too (parseRegion already rejects
 * out-of-range indices; a Region built by hand may still hold them).
 */
import type { AmbientSTBDesc, Region } from '../../objects/region';

/** The Region fields the chain reads. */
export type AmbientRegion = Pick<Region, 'ambientSets' | 'sceneTypes' | 'terrainTypes'>;

/** The parts of a 16-bit land-cell terrain word (sound-sources §6.7). */
export interface TerrainWordParts {
  /** bits 0–1 */
  road: number;
  /** bits 2–6: the terrain type t, 0..31 */
  terrainType: number;
  /** bits 11–15: the scene value s, 0..31 */
  scene: number;
}

/** Splits a terrain word: 0x2006 → road 2, terrain type 1, scene 4. */
export function terrainWordParts(word: number): TerrainWordParts {
  const w = word & 0xffff;
  return { road: w & 0x3, terrainType: (w >> 2) & 0x1f, scene: w >> 11 };
}

/** Builds a terrain word from a terrain type and scene value (road 0): (1, 4) → 0x2004. */
export function terrainWord(terrainType: number, scene: number): number {
  return ((scene & 0x1f) << 11) | ((terrainType & 0x1f) << 2);
}

/** Where the chain ended when a cell has no ambient set. */
export type NoSetReason =
  /** t is not a terrain type of the Region */
  | 'terrain-type'
  /** s is not below the terrain type's number of scene slots */
  | 'scene'
  /** the slot holds 0xFFFFFFFF (no scene type) or an index past the scene types */
  | 'scene-type'
  /** the scene type's stbIndex is 0xFFFFFFFF (null) or past the ambient sets */
  | 'stb-index';

/** The result of {@link resolveAmbientSet}: the set and every link of the chain. */
export type AmbientSetResolution =
  | { set: AmbientSTBDesc; setIndex: number; sceneType: number; terrainType: number; scene: number }
  | { set: null; setIndex: null; sceneType: number | null; terrainType: number; scene: number; reason: NoSetReason };

/**
 * The ambient set of a terrain type and scene value.
 * Worked example (sound-sources §10.6): t = 1, s = 4, `terrainTypes[1].sceneTypes` =
 * [0, 0, 3, 3, 7] → scene type 7; `sceneTypes[7].stbIndex` = 2 → `ambientSets[2]`, setIndex 2.
 * A null link or an index out of range gives `set: null` with the link that failed.
 */
export function resolveAmbientSet(region: AmbientRegion, terrainType: number, scene: number): AmbientSetResolution {
  const none = (reason: NoSetReason, sceneType: number | null = null): AmbientSetResolution => ({
    set: null,
    setIndex: null,
    sceneType,
    terrainType,
    scene,
    reason,
  });
  const tt = Number.isInteger(terrainType) ? region.terrainTypes[terrainType] : undefined;
  if (!tt) return none('terrain-type');
  if (!Number.isInteger(scene) || scene < 0 || scene >= tt.sceneTypes.length) return none('scene');
  const g = tt.sceneTypes[scene];
  const st = g === null || g === undefined ? undefined : region.sceneTypes[g];
  if (g === null || g === undefined || !st) return none('scene-type', g ?? null);
  const k = st.stbIndex;
  const set = k === null ? undefined : region.ambientSets[k];
  if (k === null || !set) return none('stb-index', g);
  return { set, setIndex: k, sceneType: g, terrainType, scene };
}

/** {@link resolveAmbientSet} for a cell's terrain word (its lowest-x, lowest-y corner vertex). */
export function resolveTerrainWord(region: AmbientRegion, word: number): AmbientSetResolution {
  const { terrainType, scene } = terrainWordParts(word);
  return resolveAmbientSet(region, terrainType, scene);
}
