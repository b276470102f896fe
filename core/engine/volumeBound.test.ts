/**
 * The Volume setting (a row, hook, wire or ambient descriptor volume: retail-engine §3.3, §5) is a
 * float32 in the client, so no door accepts more than the largest float32 (core/engine/settings.ts
 * `MAX_VOLUME`); `--volume 1e308` used to give an audible radius of Infinity, which `acsound
 * explain` printed as `null`. For every accepted input, explain's JSON holds only finite numbers,
 * and `null` only where the format says so (README "The CLI", core/engine/explain.ts).
 */
import { describe, expect, it } from 'vitest';
import { SettingsError } from '../errors';
import { isCentrePath } from './decide';
import { explain, type ExplainResult } from './explain';
import { clampSetting, ENGINE_MODES, MAX_VOLUME, parseSettings, SETTING_RANGES } from './settings';
import { DEFAULT_SETTINGS, SOUND_PATHS, type EngineSettings } from './types';

const FLT_MAX = 3.4028234663852886e38;

describe('the Volume bound: the largest float32', () => {
  it('is the shortest decimal of FLT_MAX, one definition for every door', () => {
    expect(MAX_VOLUME).toBe(3.4028235e38);
    expect(Math.fround(MAX_VOLUME)).toBe(FLT_MAX);
    expect(SETTING_RANGES.volume).toEqual({ min: 0, max: MAX_VOLUME, wraps: false, unit: '' });
    for (const r of Object.values(SETTING_RANGES)) expect(Number.isFinite(r.max)).toBe(true);
  });

  it('a larger volume is refused by the one parser, echoed as typed; the bound itself is accepted', () => {
    const volume = (v: unknown) => parseSettings({ volume: v }, { defaults: DEFAULT_SETTINGS }).volume;
    expect(() => volume(1e308)).toThrow(new SettingsError('volume', '1e+308 is above 3.4028235e+38'));
    expect(() => volume('1e308')).toThrow(/^volume: "1e308" is above 3\.4028235e\+38$/);
    expect(() => volume('3.4028236e38')).toThrow(/is above 3\.4028235e\+38$/);
    expect(() => parseSettings({ volume: '1e39' }, { defaults: DEFAULT_SETTINGS, naming: 'flag' })).toThrow(
      /^--volume: "1e39" is above 3\.4028235e\+38$/,
    );
    expect(volume(MAX_VOLUME)).toBe(MAX_VOLUME);
    expect(volume('3.4028235e38')).toBe(MAX_VOLUME);
    expect(volume(FLT_MAX)).toBe(FLT_MAX);
  });

  it('the app clamps to the same bound', () => {
    expect(clampSetting('volume', 1e308)).toBe(MAX_VOLUME);
    expect(clampSetting('volume', MAX_VOLUME)).toBe(MAX_VOLUME);
  });
});

/** Every number of explain's JSON is finite; `null` only where the JSON format puts it. */
function expectWellFormed(out: ExplainResult, what: string): void {
  const json = JSON.stringify(out);
  const back = JSON.parse(json) as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'number') expect(Number.isFinite(v), `${what}: ${k} = ${v}`).toBe(true);
  }
  const centre = isCentrePath(out.path);
  for (const k of ['g', 'left', 'right', 'volume', 'slider', 'distance', 'pan'] as const)
    expect(typeof back[k], `${what}: ${k} in ${json}`).toBe('number');
  expect(back.audibleRadius === null, `${what}: audibleRadius in ${json}`).toBe(centre);
  expect(back.bearing === null, `${what}: bearing in ${json}`).toBe(centre);
  expect(back.dB === null, `${what}: dB in ${json}`).toBe(!out.played);
  expect(back.setVolume === null, `${what}: setVolume in ${json}`).toBe(!out.played);
  expect(back.setPan === null, `${what}: setPan in ${json}`).toBe(!out.played || out.pan === 0);
}

describe('explain over the extreme accepted values: finite numbers, never Infinity or a stray null', () => {
  const volumes = [
    0,
    5e-324, // the smallest double: float32 0
    1e-45, // the smallest float32 (denormal)
    0.0028183832, // the audible floor's gain
    1,
    4.51, // about 200 m of radius
    1600, // a flat 0 dB out to 200 m
    1e30,
    FLT_MAX,
    MAX_VOLUME,
  ];
  const sliders = [0, 5e-324, 1e-45, 1];
  const places = [
    { distance: 0, bearingDeg: 0 },
    { distance: 4.999, bearingDeg: -179.999 },
    { distance: 5, bearingDeg: 90 },
    { distance: 94.19, bearingDeg: 180 },
    { distance: 200, bearingDeg: -90 },
  ];

  it('every path and mode, the volume and the sliders from 0 to their bounds, 0 m to 200 m', () => {
    let runs = 0;
    for (const path of SOUND_PATHS)
      for (const mode of ENGINE_MODES)
        for (const volume of volumes)
          for (const slider of sliders)
            for (const place of places) {
              const input = {
                path,
                mode,
                volume,
                ...place,
                prefs: { effectVolume: slider, ambientVolume: slider, interfaceVolume: slider },
              };
              const settings: EngineSettings = parseSettings(input, { defaults: DEFAULT_SETTINGS });
              expectWellFormed(explain(settings), JSON.stringify(input));
              runs++;
            }
    expect(runs).toBe(SOUND_PATHS.length * 2 * volumes.length * sliders.length * places.length);
  });

  it('at the bound, a positional path hears everything within 200 m and says a finite radius', () => {
    const out = explain(parseSettings({ volume: MAX_VOLUME, distance: 200 }, { defaults: DEFAULT_SETTINGS }));
    expect(out).toMatchObject({ played: true, dB: 0, volume: 3.40282e38 });
    expect(Number.isFinite(out.audibleRadius)).toBe(true);
    expect(out.audibleRadius! / (94.18245 * Math.sqrt(FLT_MAX))).toBeCloseTo(1, 6);
  });
});
