// TEMPORARY: stand-ins with the exact names of core/objects/region.ts (being written); replaced
// by imports from there once it lands.
export interface AmbientSoundDesc {
  soundType: number;
  volume: number;
  baseChance: number;
  minRate: number;
  maxRate: number;
}
export interface AmbientSTBDesc {
  soundTableId: number;
  sounds: AmbientSoundDesc[];
}
export interface SceneType {
  stbIndex: number | null;
  scenes: number[];
}
export interface TerrainType {
  name: string;
  color: number;
  sceneTypes: (number | null)[];
}
export interface Region {
  ambientSets: AmbientSTBDesc[];
  sceneTypes: SceneType[];
  terrainTypes: TerrainType[];
}
