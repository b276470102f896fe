import { describe, expect, it } from 'vitest';
import { ambientRegion } from '../../test/ambientFixtures';
import { Octant } from './octant';
import { AMBIENT_MIN_VOLUME, AmbientRegistry, canHear } from './registry';

const region = ambientRegion();
const setA = region.ambientSets[0]!; // continuous 0.5 + intermittent base 0.2
const setW = region.ambientSets[2]!; // intermittent base 1
const at = (x: number, y: number) => ({ x, y, z: 0 });

describe('§5.3 play chance = base_chance × Σweight / Σall weights', () => {
  it('mixed terrain: 3 cells of set 0 and 1 of set 2, all weight 1 → 0.2·3/4 and 1·1/4', () => {
    const r = new AmbientRegistry();
    r.addCell(setA, 0, at(1, 0));
    r.addCell(setA, 0, at(0, 1));
    r.addCell(setA, 0, at(-1, 0));
    r.addCell(setW, 2, at(0, -1));
    r.update();
    expect(r.totalWeight).toBe(4);
    const [cont, inter, water] = r.sounds;
    expect(inter!.chance).toBe(Math.fround((Math.fround(0.2) / 4) * 3));
    expect(water!.chance).toBe(0.25);
    expect(cont!.volume).toBe(Math.fround((0.5 / 4) * 3));
  });

  it('distance weighting: a set-2 cell at 40 m (weight 0.25) against a set-0 cell at 10 m (1)', () => {
    const r = new AmbientRegistry();
    r.addCell(setA, 0, at(10, 0));
    r.addCell(setW, 2, at(0, 40));
    r.update();
    expect(r.totalWeight).toBe(1.25);
    expect(r.sounds[2]!.chance).toBe(Math.fround(0.25 / 1.25));
  });

  it('cells beyond 120 m neither register nor count in the total', () => {
    const r = new AmbientRegistry();
    r.addCell(setA, 0, at(10, 0));
    expect(r.addCell(setW, 2, at(121, 0))).toBe(0);
    r.update();
    expect(r.totalWeight).toBe(1);
    expect(r.sounds).toHaveLength(2);
  });

  it('a rebuild zeroes counts but keeps the sounds; a sound without cells can no longer be heard', () => {
    const r = new AmbientRegistry();
    r.addCell(setW, 2, at(30, 0));
    r.update();
    expect(canHear(r.sounds[0]!)).toBe(true);
    r.reset();
    r.addCell(setA, 0, at(30, 0));
    r.update();
    expect(r.sounds.map((s) => s.setIndex)).toEqual([2, 0, 0]);
    expect(canHear(r.sounds[0]!)).toBe(false);
    expect(r.sounds[0]!.directions).toEqual([]);
  });
});

describe('§5.3 continuous sounds play only at ≥ 0.03', () => {
  it('the weighted volume at exactly float32 0.03 is heard, just below is not', () => {
    const r = new AmbientRegistry();
    const set = {
      soundTableId: 1,
      sounds: [{ soundType: 0x46, volume: AMBIENT_MIN_VOLUME, baseChance: 0, minRate: 1, maxRate: 1 }],
    };
    r.addCell(set, 0, at(1, 0));
    r.update();
    expect(r.sounds[0]!.volume).toBe(AMBIENT_MIN_VOLUME);
    expect(canHear(r.sounds[0]!)).toBe(true);
    r.sounds[0]!.desc = { ...set.sounds[0]!, volume: Math.fround(0.0299) };
    r.update();
    expect(canHear(r.sounds[0]!)).toBe(false);
  });

  it('volume 0.06 over half the weight is 0.03 (heard); 0.059 is not', () => {
    const other = { soundTableId: 2, sounds: [] };
    for (const [vol, heard] of [
      [0.06, true],
      [0.059, false],
    ] as const) {
      const r = new AmbientRegistry();
      r.addCell(
        {
          soundTableId: 1,
          sounds: [{ soundType: 0x46, volume: Math.fround(vol), baseChance: 0, minRate: 1, maxRate: 1 }],
        },
        0,
        at(1, 0),
      );
      r.addCell(other, 1, at(0, 1));
      r.update();
      expect(canHear(r.sounds[0]!)).toBe(heard);
    }
  });
});

describe('IntermitSound directions (AddTo / AddDir)', () => {
  it('a cell at 50 m east registers East with [40, 60]; a second east cell at 70 m widens it to [40, 80]', () => {
    const r = new AmbientRegistry();
    r.addCell(setW, 2, at(50, 0));
    r.addCell(setW, 2, at(70, 0));
    expect(r.sounds[0]!.directions).toEqual([{ dir: Octant.East, min: 40, max: 80 }]);
  });

  it('a cell within 14.14 m registers all eight octants at [4, 10], in the client’s order', () => {
    const r = new AmbientRegistry();
    r.addCell(setW, 2, at(0, 0));
    expect(r.sounds[0]!.directions.map((d) => d.dir)).toEqual([1, 2, 3, 4, 5, 7, 6, 8]);
    expect(r.sounds[0]!.directions.every((d) => d.min === 4 && d.max === 10)).toBe(true);
  });

  it('continuous sounds register no directions', () => {
    const r = new AmbientRegistry();
    r.addCell(setA, 0, at(50, 0));
    expect(r.sounds[0]!.continuous).toBe(true);
    expect(r.sounds[0]!.directions).toEqual([]);
  });
});
