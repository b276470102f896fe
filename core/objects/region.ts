/**
 * Region (RegionDesc, ids 0x13000000–0x1300FFFF): the world's ambient-sound configuration and the
 * terrain/scene tables that pick an ambient set for each outdoor land cell.
 * Layout and rules: docs/formats/sound-sources.md "Region" (research: shared spec sound-sources §6).
 *
 * The chain a land cell follows (sound-sources §6.7):
 * terrain word → `terrainTypes[t].sceneTypes[s]` → `sceneTypes[g].stbIndex` → `ambientSets[k]`.
 */
import { ByteWriter, FLOAT32_LE, INT32_LE, ObjectReader, UINT32_LE, struct } from '../binary';
import { checkCount, readArray, readList, readRecords, writeList, writeRecords } from './counted';
import { MIN_LEGACY_STRING, readLegacyString, writeLegacyString } from './legacyString';

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

// ---------------------------------------------------------------------------------------------
// Reader and writer (docs/formats/sound-sources.md "Region"; shared spec sound-sources §6.1–§6.6)
// ---------------------------------------------------------------------------------------------

/** Parts mask bits (sound-sources §6.1). TerrainDesc has no bit: it is always present. */
export const REGION_PARTS = { Sound: 0x01, Scene: 0x02, Sky: 0x10, Misc: 0x200 } as const;
/** The only Region version the client accepts. */
export const REGION_VERSION = 3;
/** "No index" in SceneType.stb_index and TerrainType scene lists. */
const NO_INDEX = 0xffffffff;

/** LandDefs header, 32 bytes. */
export const LAND_DEFS = struct({
  numBlockLength: INT32_LE,
  numBlockWidth: INT32_LE,
  squareLength: FLOAT32_LE,
  lblockLength: INT32_LE,
  vertexPerCell: INT32_LE,
  maxObjHeight: FLOAT32_LE,
  skyHeight: FLOAT32_LE,
  roadWidth: FLOAT32_LE,
});
/** AmbientSoundDesc, 20 bytes: SoundType, volume, base chance, min rate, max rate. */
export const AMBIENT_SOUND_DESC = struct({
  soundType: UINT32_LE,
  volume: FLOAT32_LE,
  baseChance: FLOAT32_LE,
  minRate: FLOAT32_LE,
  maxRate: FLOAT32_LE,
});
/** SkyObject, 36 bytes. */
export const SKY_OBJECT = struct({
  beginTime: FLOAT32_LE,
  endTime: FLOAT32_LE,
  beginAngle: FLOAT32_LE,
  endAngle: FLOAT32_LE,
  texVelocityX: FLOAT32_LE,
  texVelocityY: FLOAT32_LE,
  defaultGfxObjId: UINT32_LE,
  defaultScriptId: UINT32_LE,
  properties: UINT32_LE,
});
/** SkyObjectReplace, 24 bytes. */
export const SKY_OBJECT_REPLACE = struct({
  objectIndex: UINT32_LE,
  gfxObjId: UINT32_LE,
  rotate: FLOAT32_LE,
  transparent: FLOAT32_LE,
  luminosity: FLOAT32_LE,
  maxBright: FLOAT32_LE,
});
/** The 44 fixed bytes of a SkyTimeOfDay (its replace list follows). */
export const SKY_TIME_FIXED = struct({
  begin: FLOAT32_LE,
  dirBright: FLOAT32_LE,
  dirHeading: FLOAT32_LE,
  dirPitch: FLOAT32_LE,
  dirColor: UINT32_LE,
  ambBright: FLOAT32_LE,
  ambColor: UINT32_LE,
  minWorldFog: FLOAT32_LE,
  maxWorldFog: FLOAT32_LE,
  worldFogColor: UINT32_LE,
  worldFog: UINT32_LE,
});
/** A TexMerge (code, DID) map, 8 bytes. */
export const TEX_MERGE_MAP = struct({ code: UINT32_LE, textureId: UINT32_LE });
/** TerrainTex, 40 bytes. */
export const TERRAIN_TEX = struct({
  textureId: UINT32_LE,
  texTiling: UINT32_LE,
  maxVertBright: UINT32_LE,
  minVertBright: UINT32_LE,
  maxVertSaturate: UINT32_LE,
  minVertSaturate: UINT32_LE,
  maxVertHue: UINT32_LE,
  minVertHue: UINT32_LE,
  detailTexTiling: UINT32_LE,
  detailTextureId: UINT32_LE,
});
/** TMTerrainDesc, 44 bytes: terrain type + TerrainTex. */
export const TM_TERRAIN_DESC = struct({ terrainType: UINT32_LE, tex: TERRAIN_TEX });
/** RegionMisc, 24 bytes. */
export const REGION_MISC = struct({
  version: UINT32_LE,
  gameMapId: UINT32_LE,
  autotestMapId: UINT32_LE,
  autotestMapSize: UINT32_LE,
  clearCellId: UINT32_LE,
  clearMonsterId: UINT32_LE,
});
/** Landblock height bytes 0–255 → metres. */
const HEIGHT_TABLE_SIZE = 256;

function readGameTime(r: ObjectReader): GameTime {
  const zeroTimeOfYear = r.f64('GameTime zero time of year');
  const zeroYear = r.u32('GameTime zero year');
  const dayLength = r.f32('GameTime day length');
  const daysPerYear = r.u32('GameTime days per year');
  const yearSpec = readLegacyString(r, 'GameTime year spec');
  const timesOfDay = readRecords(r, 8 + MIN_LEGACY_STRING, 'time of day', (i) => {
    const begin = r.f32(`time of day ${i} begin`);
    const isNight = r.u32(`time of day ${i} is-night`);
    return { begin, isNight, name: readLegacyString(r, `time of day ${i} name`) };
  });
  const daysOfWeek = readRecords(r, MIN_LEGACY_STRING, 'day of week', (i) => readLegacyString(r, `day of week ${i}`));
  const seasons = readRecords(r, 4 + MIN_LEGACY_STRING, 'season', (i) => {
    const begin = r.u32(`season ${i} begin`);
    return { begin, name: readLegacyString(r, `season ${i} name`) };
  });
  return { zeroTimeOfYear, zeroYear, dayLength, daysPerYear, yearSpec, timesOfDay, daysOfWeek, seasons };
}

function writeGameTime(w: ByteWriter, g: GameTime): void {
  w.f64(g.zeroTimeOfYear);
  w.u32(g.zeroYear);
  w.f32(g.dayLength);
  w.u32(g.daysPerYear);
  writeLegacyString(w, g.yearSpec);
  writeRecords(w, g.timesOfDay, (t) => {
    w.f32(t.begin);
    w.u32(t.isNight);
    writeLegacyString(w, t.name);
  });
  writeRecords(w, g.daysOfWeek, (d) => writeLegacyString(w, d));
  writeRecords(w, g.seasons, (s) => {
    w.u32(s.begin);
    writeLegacyString(w, s.name);
  });
}

function readSky(r: ObjectReader): SkyDesc {
  const tickSize = r.f64('SkyDesc tick size');
  const lightTickSize = r.f64('SkyDesc light tick size');
  r.align4('SkyDesc padding');
  const dayGroups = readRecords(r, 4 + MIN_LEGACY_STRING + 8, 'day group', (i): DayGroup => {
    const chanceOfOccur = r.f32(`day group ${i} chance`);
    const name = readLegacyString(r, `day group ${i} name`);
    const skyObjects = readList(r, SKY_OBJECT, `day group ${i} sky object`);
    const skyTimes = readRecords(r, SKY_TIME_FIXED.len + 4, `day group ${i} sky time`, (j) => ({
      ...r.token(SKY_TIME_FIXED, `day group ${i} sky time ${j}`),
      replaces: readList(r, SKY_OBJECT_REPLACE, `day group ${i} sky time ${j} replace`),
    }));
    return { chanceOfOccur, name, skyObjects, skyTimes };
  });
  return { tickSize, lightTickSize, dayGroups };
}

function writeSky(w: ByteWriter, s: SkyDesc): void {
  w.f64(s.tickSize);
  w.f64(s.lightTickSize);
  w.align4();
  writeRecords(w, s.dayGroups, (g) => {
    w.f32(g.chanceOfOccur);
    writeLegacyString(w, g.name);
    writeList(w, SKY_OBJECT, g.skyObjects);
    writeRecords(w, g.skyTimes, (t) => {
      w.token(SKY_TIME_FIXED, t);
      writeList(w, SKY_OBJECT_REPLACE, t.replaces);
    });
  });
}

/** Reads a u32 index that is 0xFFFFFFFF (→ null) or < `limit`; otherwise a clear error at its offset. */
function readIndex(r: ObjectReader, limit: number, what: string, target: string): number | null {
  const at = r.pos;
  const v = r.u32(what);
  if (v === NO_INDEX) return null;
  if (v >= limit) throw r.error(`${what} = ${v} is out of range (the Region has ${limit} ${target})`, at);
  return v;
}

function readTexMerge(r: ObjectReader): TexMerge {
  const baseTexSize = r.u32('TexMerge base texture size');
  const cornerTerrainMaps = readList(r, TEX_MERGE_MAP, 'TexMerge corner map');
  const sideTerrainMaps = readList(r, TEX_MERGE_MAP, 'TexMerge side map');
  const roadMaps = readList(r, TEX_MERGE_MAP, 'TexMerge road map');
  const terrainDescs = readList(r, TM_TERRAIN_DESC, 'TexMerge terrain desc');
  return { baseTexSize, cornerTerrainMaps, sideTerrainMaps, roadMaps, terrainDescs };
}

function writeTexMerge(w: ByteWriter, t: TexMerge): void {
  w.u32(t.baseTexSize);
  writeList(w, TEX_MERGE_MAP, t.cornerTerrainMaps);
  writeList(w, TEX_MERGE_MAP, t.sideTerrainMaps);
  writeList(w, TEX_MERGE_MAP, t.roadMaps);
  writeList(w, TM_TERRAIN_DESC, t.terrainDescs);
}

/**
 * Parses a Region (sound-sources §6.1–§6.6): id, region number, version (must be 3), name,
 * LandDefs, the 256-entry height table, GameTime, parts mask, then SkyDesc (0x10), SoundDesc
 * (0x01), SceneDesc (0x02) — in that order, not bit order — TerrainDesc (always) with its LandSurf,
 * and RegionMisc (0x200). Strict: counts checked before allocation, no trailing bytes.
 *
 * Indices are checked, not trusted (the client dereferences them without a check): a SceneType's
 * `stbIndex` must be < the number of ambient sets (0 when SoundDesc is absent) and a TerrainType
 * scene slot < the number of scene types; 0xFFFFFFFF is `null`. Anything else is an error.
 * @throws ObjectFormatError naming the object id, the structure and the object offset: version ≠ 3,
 *   an index out of range, a LandSurf other than TexMerge (type 0), truncation, a count too large,
 *   trailing bytes, or a string that is not code page 1252 (never: every byte decodes).
 */
export function parseRegion(bytes: Uint8Array): Region {
  const r = new ObjectReader(bytes, null);
  const id = r.u32('object id');
  r.objectId = id;
  const regionNumber = r.u32('region number');
  const versionAt = r.pos;
  const version = r.u32('Region version');
  if (version !== REGION_VERSION) {
    throw r.error(
      `Region version ${version} is not ${REGION_VERSION} (the client refuses any other version)`,
      versionAt,
    );
  }
  const name = readLegacyString(r, 'region name');
  const landDefs = r.token(LAND_DEFS, 'LandDefs');
  const heightTable = readArray(r, FLOAT32_LE, HEIGHT_TABLE_SIZE, 'land height');
  const gameTime = readGameTime(r);
  const partsMask = r.u32('parts mask');
  const sky = partsMask & REGION_PARTS.Sky ? readSky(r) : null;
  const ambientSets =
    partsMask & REGION_PARTS.Sound
      ? readRecords(r, 8, 'ambient set', (i): AmbientSTBDesc => {
          const soundTableId = r.u32(`ambient set ${i} SoundTable`);
          return { soundTableId, sounds: readList(r, AMBIENT_SOUND_DESC, `ambient set ${i} sound`) };
        })
      : [];
  const sceneTypes =
    partsMask & REGION_PARTS.Scene
      ? readRecords(r, 8, 'scene type', (i): SceneType => {
          const stbIndex = readIndex(r, ambientSets.length, `scene type ${i} ambient-set index`, 'ambient sets');
          return { stbIndex, scenes: readList(r, UINT32_LE, `scene type ${i} scene`) };
        })
      : [];
  const terrainTypes = readRecords(r, MIN_LEGACY_STRING + 8, 'terrain type', (i): TerrainType => {
    const tname = readLegacyString(r, `terrain type ${i} name`);
    const color = r.u32(`terrain type ${i} color`);
    const countAt = r.pos;
    const n = r.u32(`terrain type ${i} scene-type count`);
    checkCount(r, n, 4, `terrain type ${i} scene-type`, countAt);
    const slots: (number | null)[] = [];
    for (let j = 0; j < n; j++)
      slots.push(readIndex(r, sceneTypes.length, `terrain type ${i} scene slot ${j}`, 'scene types'));
    return { name: tname, color, sceneTypes: slots };
  });
  const surfAt = r.pos;
  const surfaceType = r.u32('LandSurf type');
  if (surfaceType !== 0) {
    throw r.error(`LandSurf type ${surfaceType} (PalShift) is not supported; only TexMerge (0) is read`, surfAt);
  }
  const landSurface = readTexMerge(r);
  const misc = partsMask & REGION_PARTS.Misc ? r.token(REGION_MISC, 'RegionMisc') : null;
  if (r.remaining !== 0) throw r.error(`${r.remaining} trailing bytes after the Region`);
  return {
    id,
    regionNumber,
    version,
    name,
    landDefs,
    heightTable,
    gameTime,
    partsMask,
    sky,
    ambientSets,
    sceneTypes,
    terrainTypes,
    landSurface,
    misc,
  };
}

/**
 * Serializes a Region exactly as {@link parseRegion} reads it. Indices are written as given (null →
 * 0xFFFFFFFF) without range checks, so tests can build bad Regions.
 * @throws RangeError when an optional part disagrees with `partsMask` (sky/misc present exactly with
 *   their bit; ambient sets or scene types non-empty without theirs), the height table is not 256
 *   entries, or a string is not code page 1252.
 */
export function writeRegion(g: Region): Uint8Array {
  const has = (bit: number): boolean => (g.partsMask & bit) !== 0;
  if (has(REGION_PARTS.Sky) !== (g.sky !== null) || has(REGION_PARTS.Misc) !== (g.misc !== null)) {
    throw new RangeError('Region sky and misc must be present exactly when their partsMask bits (0x10, 0x200) are set');
  }
  if ((!has(REGION_PARTS.Sound) && g.ambientSets.length) || (!has(REGION_PARTS.Scene) && g.sceneTypes.length)) {
    throw new RangeError('Region ambient sets / scene types need partsMask bits 0x01 / 0x02');
  }
  if (g.heightTable.length !== HEIGHT_TABLE_SIZE)
    throw new RangeError(`Region height table must have ${HEIGHT_TABLE_SIZE} entries`);
  const idx = (v: number | null): number => (v === null ? NO_INDEX : v);
  const w = new ByteWriter(2048);
  w.u32(g.id);
  w.u32(g.regionNumber);
  w.u32(g.version);
  writeLegacyString(w, g.name);
  w.token(LAND_DEFS, g.landDefs);
  for (const h of g.heightTable) w.f32(h);
  writeGameTime(w, g.gameTime);
  w.u32(g.partsMask);
  if (g.sky) writeSky(w, g.sky);
  if (has(REGION_PARTS.Sound)) {
    writeRecords(w, g.ambientSets, (s) => {
      w.u32(s.soundTableId);
      writeList(w, AMBIENT_SOUND_DESC, s.sounds);
    });
  }
  if (has(REGION_PARTS.Scene)) {
    writeRecords(w, g.sceneTypes, (s) => {
      w.u32(idx(s.stbIndex));
      writeList(w, UINT32_LE, s.scenes);
    });
  }
  writeRecords(w, g.terrainTypes, (t) => {
    writeLegacyString(w, t.name);
    w.u32(t.color);
    writeRecords(w, t.sceneTypes, (s) => w.u32(idx(s)));
  });
  w.u32(0); // LandSurf type 0: TexMerge
  writeTexMerge(w, g.landSurface);
  if (g.misc) w.token(REGION_MISC, g.misc);
  return w.finish();
}

/** Every SoundTable id the Region's ambient sets name, ascending and distinct. */
export function regionSoundTableIds(g: Region): number[] {
  return [...new Set(g.ambientSets.map((s) => s.soundTableId >>> 0))].sort((a, b) => a - b);
}
