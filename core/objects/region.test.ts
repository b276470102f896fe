import { describe, expect, it } from 'vitest';
import { ByteWriter, ObjectReader } from '../binary';
import { ObjectFormatError } from '../errors';
import { decodeCp1252, encodeCp1252, readLegacyString, writeLegacyString } from './legacyString';
import type { AmbientSTBDesc, Region } from './index';
import { REGION_PARTS, parseRegion, regionSoundTableIds, writeRegion } from './index';
import { AMBIENT_SET_10_6, AMBIENT_SET_10_6_VALUE, REGION_PREFIX_10_6 } from '../test/soundSourceExamples';
import { sampleRegion } from '../test/soundSources';

const set = (soundTableId: number): AmbientSTBDesc => ({
  soundTableId,
  sounds: [{ soundType: 0x4e, volume: 1, baseChance: 0, minRate: 5, maxRate: 5 }],
});

/** A minimal Region: Sound part only, empty GameTime lists, no sky/scene/misc. */
function minimalRegion(): Region {
  return {
    ...sampleRegion(0x13000000, 'Dereth', [AMBIENT_SET_10_6_VALUE], []),
    partsMask: REGION_PARTS.Sound,
    sceneTypes: [],
  };
}

/** A Region with every part, the §9 published values, and the §10.6 chain data. */
function fullRegion(): Region {
  const sceneTypes = Array.from({ length: 8 }, (_, g) => ({
    stbIndex: g === 7 ? 2 : g === 0 ? null : 0,
    scenes: [0x12000074 + g],
  }));
  return {
    ...minimalRegion(),
    partsMask: REGION_PARTS.Sky | REGION_PARTS.Sound | REGION_PARTS.Scene | REGION_PARTS.Misc | 0x04,
    gameTime: {
      zeroTimeOfYear: 3600.123456789,
      zeroYear: 10,
      dayLength: 7620,
      daysPerYear: 360,
      yearSpec: 'P.Y.',
      timesOfDay: [
        { begin: 0, isNight: 1, name: 'Darktide' },
        { begin: 0.5, isNight: 0, name: 'Midsong' },
      ],
      daysOfWeek: ['Snowreap', 'Coldeve'],
      seasons: [{ begin: 0, name: 'Morningthaw' }],
    },
    sky: {
      tickSize: 1.5,
      lightTickSize: 0.25,
      dayGroups: [
        {
          chanceOfOccur: 1,
          name: 'Sunny',
          skyObjects: [
            {
              beginTime: 0,
              endTime: 1,
              beginAngle: 0,
              endAngle: 180,
              texVelocityX: 0,
              texVelocityY: 0.5,
              defaultGfxObjId: 0x01004c36,
              defaultScriptId: 0x33000200,
              properties: 4,
            },
          ],
          skyTimes: [
            {
              begin: 0.25,
              dirBright: 1,
              dirHeading: 90,
              dirPitch: 45,
              dirColor: 0xffffeedd,
              ambBright: 0.5,
              ambColor: 0xff808080,
              minWorldFog: 10,
              maxWorldFog: 500,
              worldFogColor: 0xff445566,
              worldFog: 1,
              replaces: [
                { objectIndex: 0, gfxObjId: 0x01004c37, rotate: 0, transparent: 0.5, luminosity: 1, maxBright: 1 },
              ],
            },
          ],
        },
      ],
    },
    ambientSets: [set(0x20000009), AMBIENT_SET_10_6_VALUE, set(0x2000000a)],
    sceneTypes,
    terrainTypes: [
      { name: 'BarrenRock', color: 0xff6b5e4a, sceneTypes: [0, null] },
      { name: 'Grassland', color: 0xff3c7a2a, sceneTypes: [0, 0, 3, 3, 7] },
      { name: 'Crème brûlée — “AC”', color: 0, sceneTypes: [] },
    ],
    landSurface: {
      baseTexSize: 512,
      cornerTerrainMaps: [{ code: 1, textureId: 0x05000001 }],
      sideTerrainMaps: [{ code: 2, textureId: 0x05000002 }],
      roadMaps: [{ code: 3, textureId: 0x05000003 }],
      terrainDescs: [
        {
          terrainType: 1,
          tex: {
            textureId: 0x05001000,
            texTiling: 4,
            maxVertBright: 255,
            minVertBright: 0,
            maxVertSaturate: 255,
            minVertSaturate: 0,
            maxVertHue: 255,
            minVertHue: 0,
            detailTexTiling: 8,
            detailTextureId: 0x05002000,
          },
        },
      ],
    },
    misc: {
      version: 1,
      gameMapId: 0x0600127d,
      autotestMapId: 0x06000261,
      autotestMapSize: 4,
      clearCellId: 0x01000fde,
      clearMonsterId: 0x01001612,
    },
  };
}

/** Offset of the GameTime in any Region named "Dereth" (§10.6). */
const GAME_TIME_AT = 0x434;
/** A minimal GameTime (empty strings and lists) is 36 bytes, so the mask follows at 0x458. */
const MINIMAL_MASK_AT = GAME_TIME_AT + 36;

function errorOf(f: () => unknown): ObjectFormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof ObjectFormatError) return e;
    throw e;
  }
  throw new Error('expected an ObjectFormatError');
}

describe('worked example §10.6: Region prefix and an ambient set', () => {
  it('the prefix is 20 bytes: id, region 1, version 3, "Dereth" already 4-aligned', () => {
    expect(writeRegion(minimalRegion()).subarray(0, 20)).toEqual(REGION_PREFIX_10_6);
  });

  it('LandDefs at 0x14, the height table at 0x34, GameTime at 0x434', () => {
    const b = writeRegion(fullRegion());
    const v = new DataView(b.buffer);
    expect(v.getInt32(0x14, true)).toBe(255); // numBlockLength
    expect(v.getFloat32(0x34 + 4 * 5, true)).toBe(10); // height[5]
    expect(v.getFloat64(GAME_TIME_AT, true)).toBe(3600.123456789);
  });

  it('the ambient set is the 48 bytes of the example, read back with continuous (base chance 0) and intermittent sounds', () => {
    const b = writeRegion(minimalRegion());
    const setAt = MINIMAL_MASK_AT + 4 + 4; // mask, set count
    expect(b.subarray(setAt, setAt + 48)).toEqual(AMBIENT_SET_10_6);
    const g = parseRegion(b);
    expect(g.ambientSets).toEqual([AMBIENT_SET_10_6_VALUE]);
    expect(g.ambientSets[0]!.sounds.map((s) => s.baseChance === 0)).toEqual([true, false]);
  });

  it('the chain for terrain word 0x2006: t = 1, s = 4 → scene type 7 → ambient set 2', () => {
    const g = parseRegion(writeRegion(fullRegion()));
    const word = 0x2006;
    const t = (word >> 2) & 0x1f;
    const s = word >> 11;
    expect([t, s]).toEqual([1, 4]);
    const sceneType = g.terrainTypes[t]!.sceneTypes[s]!;
    expect(sceneType).toBe(7);
    expect(g.sceneTypes[sceneType]!.stbIndex).toBe(2);
    expect(g.ambientSets[2]!.soundTableId).toBe(0x2000000a);
  });
});

describe('Region parse/write (sound-sources §6)', () => {
  it('round-trips every part byte-identically (sky before sound, misc last; unknown mask bits kept)', () => {
    const g = fullRegion();
    const b = writeRegion(g);
    const back = parseRegion(b);
    expect(back).toEqual(g);
    expect(writeRegion(back)).toEqual(b);
  });

  it('published facts 0x13000000 (synthetic): region 1 "Dereth", version 3, RegionMisc 1 / 0x0600127D / 0x06000261 / 4 / 0x01000FDE / 0x01001612', () => {
    const g = parseRegion(writeRegion(fullRegion()));
    expect([g.id, g.regionNumber, g.name, g.version]).toEqual([0x13000000, 1, 'Dereth', 3]);
    expect(g.misc).toEqual({
      version: 1,
      gameMapId: 0x0600127d,
      autotestMapId: 0x06000261,
      autotestMapSize: 4,
      clearCellId: 0x01000fde,
      clearMonsterId: 0x01001612,
    });
  });

  it('0xFFFFFFFF indices read as null (scene type without ambient sound, empty terrain slot)', () => {
    const g = parseRegion(writeRegion(fullRegion()));
    expect(g.sceneTypes[0]!.stbIndex).toBeNull();
    expect(g.terrainTypes[0]!.sceneTypes).toEqual([0, null]);
  });

  it('absent SoundDesc and SceneDesc read as [] (TerrainDesc is always present)', () => {
    const g: Region = {
      ...minimalRegion(),
      partsMask: 0,
      ambientSets: [],
      terrainTypes: [{ name: 'Snow', color: 1, sceneTypes: [null] }],
    };
    const back = parseRegion(writeRegion(g));
    expect(back.ambientSets).toEqual([]);
    expect(back.sceneTypes).toEqual([]);
    expect(back.terrainTypes).toEqual(g.terrainTypes);
  });

  it('lists the ambient SoundTables ascending and distinct', () => {
    expect(
      regionSoundTableIds({ ...fullRegion(), ambientSets: [set(0x2000000a), set(0x20000009), set(0x2000000a)] }),
    ).toEqual([0x20000009, 0x2000000a]);
  });

  it('writer rejects parts that disagree with partsMask', () => {
    expect(() => writeRegion({ ...minimalRegion(), partsMask: 0 })).toThrow(RangeError);
    expect(() => writeRegion({ ...fullRegion(), sky: null })).toThrow(RangeError);
  });
});

describe('legacy PString (code page 1252, align4)', () => {
  it('round-trips code page 1252 text, including 0x80–0x9F characters', () => {
    const s = 'Crème brûlée — “AC” €';
    expect(decodeCp1252(encodeCp1252(s))).toBe(s);
    expect(encodeCp1252('€')).toEqual(Uint8Array.of(0x80));
    expect(() => encodeCp1252('雪')).toThrow(RangeError);
  });

  it('u16 length, bytes, then padding to 4 from the object start; 0xFFFF introduces a u32 length', () => {
    const w = new ByteWriter();
    writeLegacyString(w, 'abc');
    writeLegacyString(w, 'x'.repeat(0x10000));
    const b = w.finish();
    expect(Array.from(b.subarray(0, 8))).toEqual([3, 0, 0x61, 0x62, 0x63, 0, 0, 0]);
    expect(Array.from(b.subarray(8, 14))).toEqual([0xff, 0xff, 0, 0, 1, 0]);
    const r = new ObjectReader(b, 1);
    expect(readLegacyString(r, 'a')).toBe('abc');
    expect(readLegacyString(r, 'b')).toHaveLength(0x10000);
    expect(r.remaining).toBe(0);
  });
});

describe('Region bad input', () => {
  it('version ≠ 3 is an error at offset 8', () => {
    for (const version of [2, 4]) {
      const e = errorOf(() => parseRegion(writeRegion({ ...minimalRegion(), version })));
      expect(e.offset).toBe(8);
      expect(e.message).toContain(`Region version ${version} is not 3`);
    }
  });

  it('a SceneType ambient-set index ≥ the number of sets is an error naming the scene type', () => {
    const g = fullRegion();
    g.sceneTypes[5] = { stbIndex: 3, scenes: [] };
    const e = errorOf(() => parseRegion(writeRegion(g)));
    expect(e.objectId).toBe(0x13000000);
    expect(e.message).toMatch(/scene type 5 ambient-set index = 3 is out of range \(the Region has 3 ambient sets\)/);
  });

  it('a SceneType ambient-set index with SoundDesc absent is an error (the client would fault)', () => {
    const g: Region = {
      ...fullRegion(),
      partsMask: REGION_PARTS.Scene,
      sky: null,
      misc: null,
      ambientSets: [],
      sceneTypes: [{ stbIndex: 0, scenes: [] }],
      terrainTypes: [],
    };
    expect(() => parseRegion(writeRegion(g))).toThrow(
      /ambient-set index = 0 is out of range \(the Region has 0 ambient sets\)/,
    );
  });

  it('a terrain scene-type index ≥ the number of scene types is an error naming the terrain type and slot', () => {
    const g = fullRegion();
    g.terrainTypes[1] = { ...g.terrainTypes[1]!, sceneTypes: [0, 8] };
    const b = writeRegion(g);
    const e = errorOf(() => parseRegion(b));
    expect(e.message).toMatch(/terrain type 1 scene slot 1 = 8 is out of range \(the Region has 8 scene types\)/);
    expect(new DataView(b.buffer).getUint32(e.offset, true)).toBe(8); // the offset points at the bad index
  });

  it('a LandSurf other than TexMerge is an error', () => {
    const b = writeRegion(minimalRegion());
    const surfAt = MINIMAL_MASK_AT + 4 + 4 + 48 + 4; // mask, set count, set, terrain count
    new DataView(b.buffer).setUint32(surfAt, 1, true);
    expect(errorOf(() => parseRegion(b)).message).toContain('LandSurf type 1 (PalShift) is not supported');
  });

  it('huge counts fail before allocating, at the count', () => {
    const b = writeRegion(minimalRegion());
    for (const [at, what] of [
      [GAME_TIME_AT + 24, 'time of day'],
      [MINIMAL_MASK_AT + 4, 'ambient set'],
      [MINIMAL_MASK_AT + 12, 'ambient set 0 sound'],
      [MINIMAL_MASK_AT + 56, 'terrain type'],
    ] as const) {
      const c = b.slice();
      new DataView(c.buffer).setUint32(at, 0x7ffffff0, true);
      const e = errorOf(() => parseRegion(c));
      expect(e.offset).toBe(at);
      expect(e.message).toContain(`${what} count 2147483632 needs at least`);
    }
  });

  it('every truncation is an ObjectFormatError; trailing bytes are an error', () => {
    const b = writeRegion(fullRegion());
    for (let n = 0; n < b.length; n += n < 40 || n > b.length - 200 ? 1 : 7) {
      expect(() => parseRegion(b.subarray(0, n))).toThrow(ObjectFormatError);
    }
    const longer = new Uint8Array(b.length + 4);
    longer.set(b);
    expect(() => parseRegion(longer)).toThrow(/4 trailing bytes after the Region/);
  });
});
