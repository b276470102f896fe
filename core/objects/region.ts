/**
 * Region (RegionDesc, ids 0x13000000–0x1300FFFF): the world's ambient-sound configuration and the
 * terrain/scene tables that pick an ambient set for each outdoor land cell.
 * Layout and rules: docs/formats/sound-sources.md "Region" (research: shared spec sound-sources §6).
 *
 * The chain a land cell follows (sound-sources §6.7):
 * terrain word → `terrainTypes[t].sceneTypes[s]` → `sceneTypes[g].stbIndex` → `ambientSets[k]`.
 */

/**
 * One ambient sound of a set (client `AmbientSoundDesc`), 20 bytes on disk in this order.
 * `baseChance === 0` means continuous (re-triggered every `minRate` s); > 0 intermittent
 * (re-queued after a roll in [minRate, maxRate] s). Floats are float32 as read.
 */
export interface AmbientSoundDesc {
  /** SoundType (`Sound` enum, dat-format §6) looked up in the set's SoundTable; any u32. */
  soundType: number;
  /** Volume 0..1 (float32). */
  volume: number;
  /** Chance per roll; 0 ⇒ continuous. */
  baseChance: number;
  /** Seconds. */
  minRate: number;
  /** Seconds. */
  maxRate: number;
}

/** One ambient set (client `AmbientSTBDesc`): a SoundTable and its ambient sounds, in file order. */
export interface AmbientSTBDesc {
  /** SoundTable DID (0x20xxxxxx). */
  soundTableId: number;
  sounds: AmbientSoundDesc[];
}

/** One scene type (SceneDesc entry). */
export interface SceneType {
  /** Index into `Region.ambientSets`; null when stored as 0xFFFFFFFF (no ambient sound). */
  stbIndex: number | null;
  /** Scene DIDs (0x12xxxxxx): scenery, not sound. */
  scenes: number[];
}

/** One terrain type (TerrainDesc entry), indexed by the 5-bit terrain type of a land-cell word. */
export interface TerrainType {
  /** The dat's own name for the terrain (code page 1252). */
  name: string;
  /** ColorARGB as a u32 0xAARRGGBB. */
  color: number;
  /** Indices into `Region.sceneTypes`, slot j chosen by the cell's 5-bit scene value; null = 0xFFFFFFFF. */
  sceneTypes: (number | null)[];
}

/** LandDefs header (8 × 4 bytes); the 2013 client skips it. */
export interface LandDefs {
  numBlockLength: number;
  numBlockWidth: number;
  squareLength: number;
  lblockLength: number;
  vertexPerCell: number;
  maxObjHeight: number;
  skyHeight: number;
  roadWidth: number;
}

/** GameTime: the calendar (f64 zero time, day length, named times of day, weekdays, seasons). */
export interface GameTime {
  /** f64 as read. */
  zeroTimeOfYear: number;
  zeroYear: number;
  /** Seconds per game day (float32). */
  dayLength: number;
  daysPerYear: number;
  yearSpec: string;
  timesOfDay: { begin: number; isNight: number; name: string }[];
  daysOfWeek: string[];
  seasons: { begin: number; name: string }[];
}

/** SkyObject (36 bytes). `defaultScriptId` is a PhysicsScript DID (the only sound path in the sky). */
export interface SkyObject {
  beginTime: number;
  endTime: number;
  beginAngle: number;
  endAngle: number;
  texVelocityX: number;
  texVelocityY: number;
  defaultGfxObjId: number;
  defaultScriptId: number;
  properties: number;
}

/** SkyObjectReplace (24 bytes). */
export interface SkyObjectReplace {
  objectIndex: number;
  gfxObjId: number;
  rotate: number;
  transparent: number;
  luminosity: number;
  maxBright: number;
}

/** SkyTimeOfDay: 44 fixed bytes, then its replace list. Colors are u32 0xAARRGGBB. */
export interface SkyTimeOfDay {
  begin: number;
  dirBright: number;
  dirHeading: number;
  dirPitch: number;
  dirColor: number;
  ambBright: number;
  ambColor: number;
  minWorldFog: number;
  maxWorldFog: number;
  worldFogColor: number;
  worldFog: number;
  replaces: SkyObjectReplace[];
}

/** DayGroup of the sky. */
export interface DayGroup {
  chanceOfOccur: number;
  name: string;
  skyObjects: SkyObject[];
  skyTimes: SkyTimeOfDay[];
}

/** SkyDesc (present when `partsMask & 0x10`). */
export interface SkyDesc {
  /** f64 as read. */
  tickSize: number;
  /** f64 as read. */
  lightTickSize: number;
  dayGroups: DayGroup[];
}

/** TerrainTex (40 bytes) of a TexMerge terrain entry. */
export interface TerrainTex {
  textureId: number;
  texTiling: number;
  maxVertBright: number;
  minVertBright: number;
  maxVertSaturate: number;
  minVertSaturate: number;
  maxVertHue: number;
  minVertHue: number;
  detailTexTiling: number;
  detailTextureId: number;
}

/** A (code, DID) pair of a TexMerge corner, side or road map. */
export interface TexMergeMap {
  code: number;
  textureId: number;
}

/** TexMerge: the terrain texture blending tables (LandSurf type 0). */
export interface TexMerge {
  baseTexSize: number;
  cornerTerrainMaps: TexMergeMap[];
  sideTerrainMaps: TexMergeMap[];
  roadMaps: TexMergeMap[];
  terrainDescs: { terrainType: number; tex: TerrainTex }[];
}

/** RegionMisc (24 bytes, present when `partsMask & 0x200`). */
export interface RegionMisc {
  version: number;
  gameMapId: number;
  autotestMapId: number;
  autotestMapSize: number;
  clearCellId: number;
  clearMonsterId: number;
}

/** A parsed Region (sound-sources §6.1). Optional parts are gated by `partsMask`. */
export interface Region {
  id: number;
  regionNumber: number;
  /** Always 3 (the client refuses any other version; the reader throws). */
  version: number;
  name: string;
  landDefs: LandDefs;
  /** 256 float32 heights in metres, one per landblock height byte. */
  heightTable: number[];
  gameTime: GameTime;
  /** Raw u32: 0x10 sky, 0x01 sound, 0x02 scene, 0x200 misc; other bits are kept but gate nothing. */
  partsMask: number;
  /** SkyDesc; null unless `partsMask & 0x10`. */
  sky: SkyDesc | null;
  /** SoundDesc.stb_desc; [] when SoundDesc is absent (`partsMask & 0x01` clear). */
  ambientSets: AmbientSTBDesc[];
  /** SceneDesc.scene_types; [] when SceneDesc is absent (`partsMask & 0x02` clear). */
  sceneTypes: SceneType[];
  /** TerrainDesc.terrain_types (always present). */
  terrainTypes: TerrainType[];
  /** TerrainDesc's LandSurf: only type 0 (TexMerge) is read. */
  landSurface: TexMerge;
  /** RegionMisc; null unless `partsMask & 0x200`. */
  misc: RegionMisc | null;
}
