import { describe, expect, it } from 'vitest';
import { soundscapeFileName } from '../../exportNames';
import { ambientRegion } from '../../test/ambientFixtures';
import { DEFAULT_PREFS } from '../types';
import { parseSoundscapeSettings, sceneProblem, sceneRangeText, SOUNDSCAPE_MAX_SECONDS } from './soundscape';

const region = ambientRegion();

describe('parseSoundscapeSettings (issue 8: the one parser of acsound ambient, the service and the view)', () => {
  it("terrain: the Region's own names in any case, or indices; one or nine; scene for each", () => {
    expect(parseSoundscapeSettings({ terrain: ' grass ' }, region)).toEqual({
      landblocks: [{ terrainType: 1, scene: 0 }],
      seconds: 60,
      seed: 1,
      mode: 'retail',
      prefs: DEFAULT_PREFS,
    });
    const nine = parseSoundscapeSettings({ terrain: 'Grass,1,1,1,1,1,1,1,GRASS', scene: '1' }, region);
    expect(nine.landblocks.map((b) => b.terrainType)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(parseSoundscapeSettings({ terrain: 'Water,1,1,1,1,1,1,1,Quiet' }, region).landblocks[0]).toEqual({
      terrainType: 2,
      scene: 0,
    });
    expect(nine.landblocks.every((b) => b.scene === 1)).toBe(true);
    expect(parseSoundscapeSettings({ terrain: [{ terrainType: 1, scene: 1 }] }, region).landblocks).toEqual([
      { terrainType: 1, scene: 1 },
    ]);
  });

  it('sceneProblem: a scene value the terrain type does not have is refused naming the valid range, at every door', () => {
    expect(sceneProblem(region, 1, 1)).toBeNull();
    expect(sceneRangeText(region, 1)).toBe('0–1');
    expect(sceneRangeText(region, 0)).toBe('only 0');
    expect(sceneProblem(region, 1, 2)).toBe('2 is not a scene of terrain type 1 Grass (valid: 0–1)');
    expect(sceneProblem(region, 1, -1)).toBe('-1 is not a scene of terrain type 1 Grass (valid: 0–1)');
    expect(sceneProblem(region, 0, 99)).toBe('99 is not a scene of terrain type 0 Quiet (valid: only 0)');
    expect(sceneProblem(region, 1, 0.5)).toBe('0.5 is not an integer');
    // the parser of the CLI, the service's export and the view applies it to every scene given
    expect(() => parseSoundscapeSettings({ terrain: 'Grass', scene: 2 }, region, 'flag')).toThrow(
      '--scene: 2 is not a scene of terrain type 1 Grass (valid: 0–1)',
    );
    expect(() => parseSoundscapeSettings({ terrain: [{ terrainType: 0, scene: 1 }] }, region)).toThrow(
      'scene: 1 is not a scene of terrain type 0 Quiet (valid: only 0)',
    );
    // no scene given: scene 0 (the default) is not checked
    expect(parseSoundscapeSettings({ terrain: 'Quiet' }, region).landblocks).toEqual([{ terrainType: 0, scene: 0 }]);
  });

  it('an unknown terrain lists the valid ones, named as the door names the field', () => {
    expect(() => parseSoundscapeSettings({ terrain: 'Lava' }, region, 'flag')).toThrow(
      '--terrain: "Lava" is not a terrain type of the Region (valid: 0 Quiet, 1 Grass, 2 Water)',
    );
    expect(() => parseSoundscapeSettings({ terrain: '3' }, region)).toThrow(
      'terrain: 3 is not a terrain type index of the Region (valid: 0 Quiet, 1 Grass, 2 Water)',
    );
    expect(() => parseSoundscapeSettings({ terrain: 'Grass,Water' }, region)).toThrow(
      'terrain: takes 1 or 9 terrain types, got 2',
    );
    expect(() => parseSoundscapeSettings({}, region, 'flag')).toThrow(/^--terrain: is missing/);
  });

  it('seconds in (0, 3600], seed an unsigned 32-bit integer, scene 0..31, sliders through parseSettings', () => {
    expect(parseSoundscapeSettings({ terrain: '1', seconds: '2.5', seed: '7' }, region)).toMatchObject({
      seconds: 2.5,
      seed: 7,
    });
    expect(() => parseSoundscapeSettings({ terrain: '1', seed: '-7' }, region, 'flag')).toThrow(
      '--seed: "-7" is below 0',
    );
    expect(() => parseSoundscapeSettings({ terrain: '1', seconds: 0 }, region)).toThrow('seconds: 0 is not above 0');
    expect(() => parseSoundscapeSettings({ terrain: '1', seconds: SOUNDSCAPE_MAX_SECONDS + 1 }, region)).toThrow(
      'seconds: 3601 is above 3600',
    );
    expect(() => parseSoundscapeSettings({ terrain: '1', seed: 1.5 }, region, 'flag')).toThrow(
      '--seed: 1.5 is not an integer',
    );
    expect(() => parseSoundscapeSettings({ terrain: '1', scene: 32 }, region, 'flag')).toThrow(
      '--scene: 32 is not a scene of terrain type 1 Grass (valid: 0–1)',
    );
    expect(() => parseSoundscapeSettings({ terrain: '1', prefs: { ambientVolume: '7' } }, region, 'flag')).toThrow(
      '--ambient-volume: "7" is above 1',
    );
    expect(
      parseSoundscapeSettings({ terrain: '1', prefs: { ambientVolume: 0.25, ambientEnabled: false } }, region).prefs,
    ).toEqual({ ...DEFAULT_PREFS, ambientVolume: 0.25, ambientEnabled: false });
  });

  it('soundscapeFileName names the run by its settings (defaults left out)', () => {
    const s = parseSoundscapeSettings(
      { terrain: 'Grass', seconds: 30, seed: 7, prefs: { ambientVolume: 0.5 } },
      region,
    );
    expect(soundscapeFileName(s)).toBe('soundscape_t1s0_seed7_30s_amb0.5.wav');
    expect(soundscapeFileName(parseSoundscapeSettings({ terrain: '2,1,1,1,1,1,1,1,0' }, region))).toBe(
      'soundscape_t2s0-t1s0-t1s0-t1s0-t1s0-t1s0-t1s0-t1s0-t0s0_seed1_60s.wav',
    );
  });
});
