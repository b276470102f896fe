/**
 * The settings of one soundscape run (issue 8): which terrain the 3×3 ring holds, how long it
 * runs, its seed and the engine preferences — the one parser every door uses: `acsound ambient`
 * (`--terrain`, `--scene`, `--seconds`, `--seed`, `--ambient-volume`), the service's soundscape
 * export and the renderer's Soundscape view. The preferences and mode go through core/engine
 * `parseSettings` (one set of slider ranges). The world and its rules: docs/ambient.md.
 *
 * A bad value is a {@link SettingsError} whose message names the field as the door's user knows
 * it: the key (`terrain: "Lava" is not a terrain type of the Region (valid: 0 Quiet, 1 Grass)`)
 * or the CLI flag (`--terrain: …`).
 */
import { hex8, SettingsError } from '../../errors';
import { SEED_RANGE, seedProblem } from '../random';
import { NOT_USABLE, numberTextProblem, parseSettings, typedNumber, type FieldNaming } from '../settings';
import { DEFAULT_SETTINGS, type EngineMode, type EnginePrefs } from '../types';
import { resolveAmbientSet, type AmbientRegion } from './resolve';
import { RING_BLOCKS, type RingCell } from './ring';

/** The longest run, seconds (an hour; a render of it is 22050·3600 stereo frames, ~318 MB as WAV). */
export const SOUNDSCAPE_MAX_SECONDS = 3600;
/** The default run, seconds. */
export const SOUNDSCAPE_DEFAULT_SECONDS = 60;
/** The default seed of Ran2 and srand (as `acsound play-table`). */
export const SOUNDSCAPE_DEFAULT_SEED = 1;
/** Seeds accepted: the one seed range of every door (core/engine/random.ts `SEED_RANGE`, 0..2^32−1). */
export const SOUNDSCAPE_SEED_RANGE = SEED_RANGE;
/** Scene values are 5 bits of the terrain word (sound-sources §6.7): 0..31. */
export const SCENE_MAX = 31;

/** A soundscape run, checked. */
export interface SoundscapeSettings {
  /** One value for the whole ring, or nine: the landblocks in row order, north-west first. */
  landblocks: RingCell[];
  /** Length of the run, seconds (0 < s ≤ {@link SOUNDSCAPE_MAX_SECONDS}). */
  seconds: number;
  /** Seeds Ran2 and srand (`SeededRandom`). */
  seed: number;
  mode: EngineMode;
  /** The ambient slider and its enabled flag apply (the slider counts twice in retail mode). */
  prefs: EnginePrefs;
}

/**
 * What arrives from a door, unchecked:
 * - `terrain`: a comma-separated string (`"Grass,Water"`, `"1"`), or an array of names / indices,
 *   or an array of `{terrainType, scene}` (the renderer's painted landblocks); 1 or 9 items;
 * - `scene`: the scene value for names and indices (default 0);
 * - `seconds` (default 60), `seed` (default 1): numbers or decimal strings;
 * - `mode`, `prefs`: as `parseSettings` takes them (defaults: retail, DEFAULT_PREFS).
 */
export interface SoundscapeInput {
  terrain?: unknown;
  scene?: unknown;
  seconds?: unknown;
  seed?: unknown;
  mode?: unknown;
  prefs?: unknown;
}

/** The CLI flag of each soundscape field. */
const FLAGS: Record<string, string> = { terrain: '--terrain', scene: '--scene', seconds: '--seconds', seed: '--seed' };

function fail(field: string, problem: string, naming: FieldNaming): never {
  throw new SettingsError(field, problem, naming === 'flag' ? (FLAGS[field] ?? field) : field);
}

/** What each field counts, for the message of a number in another notation (`--seconds 0x10`). */
const UNITS: Record<string, string> = { seconds: 'seconds', seed: 'the seed', scene: 'the scene value' };

/** A number from a number or decimal text (the one rule, core/engine/settings `numberTextProblem`). */
function toNumber(field: string, raw: unknown, naming: FieldNaming): number {
  const problem = numberTextProblem(raw, UNITS[field]);
  if (problem !== null) fail(field, problem, naming);
  return typeof raw === 'number' ? raw : Number((raw as string).trim());
}

function show(raw: unknown): string {
  return typeof raw === 'string' ? JSON.stringify(raw) : String(raw);
}

/**
 * A scene value: any integer here; whether the terrain type has it is {@link sceneProblem}'s to say
 * (so `--scene 99` and `--scene 3` get the same message naming the valid range).
 */
function sceneInteger(raw: unknown, naming: FieldNaming): number {
  const n = toNumber('scene', raw, naming);
  if (!Number.isInteger(n)) fail('scene', `${typedNumber(raw as string | number)} is not an integer`, naming);
  return n + 0;
}

/** A seed: a number in {@link SOUNDSCAPE_SEED_RANGE}, by the one seed test (core/engine/random.ts `seedProblem`). */
function seedOf(raw: unknown, naming: FieldNaming): number {
  const n = toNumber('seed', raw, naming);
  // a text seed (a flag, a request) is echoed as typed: `1e308`, not the parsed `1e+308`
  const problem = seedProblem(n, typedNumber(raw as string | number));
  if (problem !== null) fail('seed', problem, naming);
  return n + 0;
}

/** The Region's terrain types as the messages list them: `0 Quiet, 1 Grass, 2 Water`. */
export function terrainTypeList(region: Pick<AmbientRegion, 'terrainTypes'>): string {
  return region.terrainTypes.map((t, i) => `${i} ${t.name}`).join(', ');
}

/**
 * A terrain type by the Region's own name (any case, surrounding spaces ignored) or by its index.
 * @throws SettingsError naming the valid terrain types when neither matches
 */
export function terrainTypeIndex(
  region: Pick<AmbientRegion, 'terrainTypes'>,
  token: string | number,
  naming: FieldNaming = 'key',
): number {
  const n = region.terrainTypes.length;
  const text = String(token).trim();
  if (/^\d+$/.test(text)) {
    const i = Number(text);
    if (i < n) return i;
    fail('terrain', `${i} is not a terrain type index of the Region (valid: ${terrainTypeList(region)})`, naming);
  }
  const lower = text.toLowerCase();
  const i = region.terrainTypes.findIndex((t) => t.name.trim().toLowerCase() === lower);
  if (i >= 0) return i;
  fail(
    'terrain',
    `${JSON.stringify(text)} is not a terrain type of the Region (valid: ${n ? terrainTypeList(region) : 'none: the Region has no terrain types'})`,
    naming,
  );
}

/**
 * The scene values of terrain type `terrainType` as the messages give them: `0–2`, `only 0`, or
 * `none: it has no scene slots` (a terrain type has `sceneTypes.length` slots, 0..n−1).
 */
export function sceneRangeText(region: Pick<AmbientRegion, 'terrainTypes'>, terrainType: number): string {
  const n = region.terrainTypes[terrainType]?.sceneTypes.length ?? 0;
  return n === 0 ? 'none: it has no scene slots' : n === 1 ? 'only 0' : `0–${n - 1}`;
}

/**
 * Why `scene` is not a scene value of terrain type `terrainType`, or null when it is: a scene past
 * the terrain type's slots (sound-sources §6.7; docs/ambient.md) resolves to no ambient set and
 * plays nothing, so every door refuses it — `acsound ambient --scene`, the soundscape export and
 * the Soundscape view's Scene field. E.g. `3 is not a scene of terrain type 16 WaterRunning (valid: 0–2)`.
 * `typed`: the scene as the user typed it, which the message echoes (core/engine/settings
 * `typedNumber`: `--scene 3.0` says `"3.0" is not a scene …`); default the number.
 */
export function sceneProblem(
  region: Pick<AmbientRegion, 'terrainTypes'>,
  terrainType: number,
  scene: number,
  typed: string = String(scene),
): string | null {
  const t = region.terrainTypes[terrainType];
  const n = t?.sceneTypes.length ?? 0;
  if (!Number.isFinite(scene)) return `${typed} ${NOT_USABLE}`;
  if (!Number.isInteger(scene)) return `${typed} is not an integer`;
  if (scene >= 0 && scene < n) return null;
  const name = t ? ` ${t.name}` : '';
  return `${typed} is not a scene of terrain type ${terrainType}${name} (valid: ${sceneRangeText(region, terrainType)})`;
}

/**
 * Why a run over `landblocks` makes no ambient sound, one line per distinct terrain type and scene
 * value that has none, or [] when one of them has some (docs/ambient.md): the chain terrain type →
 * scene slot → scene type → ambient set (core/engine/ambient `resolveAmbientSet`) ends early, or the
 * set's SoundTable is not in the dat (`tableExists`), or the set lists no sounds. E.g.
 * `ObsidianPlain (type 6) scene 0 has no ambient sounds in this Region: its scene slot 0 holds no
 * scene type`. `acsound ambient` prints it when a run has no events, so an empty log is explained.
 */
export function silentLandblocksText(
  region: AmbientRegion,
  landblocks: readonly RingCell[],
  tableExists: (soundTableId: number) => boolean,
): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const { terrainType: t, scene } of landblocks) {
    const key = `${t}:${scene}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const r = resolveAmbientSet(region, t, scene);
    let why: string | null;
    if (r.set === null) {
      switch (r.reason) {
        case 'terrain-type':
          why = 'the Region has no such terrain type';
          break;
        case 'scene':
          why = `the terrain type has no scene slot ${scene} (valid: ${sceneRangeText(region, t)})`;
          break;
        case 'scene-type':
          why =
            r.sceneType === null
              ? `its scene slot ${scene} holds no scene type`
              : `its scene slot ${scene} names scene type ${r.sceneType}, which the Region does not have`;
          break;
        case 'stb-index':
          why = `its scene type ${r.sceneType} has no ambient set`;
          break;
      }
    } else if (!tableExists(r.set.soundTableId >>> 0)) {
      why = `its ambient set ${r.setIndex} plays SoundTable ${hex8(r.set.soundTableId)}, which is not in the dat`;
    } else if (r.set.sounds.length === 0) {
      why = `its ambient set ${r.setIndex} lists no sounds`;
    } else {
      return [];
    }
    const name = region.terrainTypes[t]?.name;
    lines.push(
      `${name === undefined ? '' : `${name} `}(type ${t}) scene ${scene} has no ambient sounds in this Region: ${why}`,
    );
  }
  return lines;
}

function landblocksOf(
  region: Pick<AmbientRegion, 'terrainTypes'>,
  raw: unknown,
  scene: number,
  sceneGiven: boolean,
  sceneTyped: string,
  naming: FieldNaming,
): RingCell[] {
  if (raw === undefined)
    fail('terrain', 'is missing (one terrain type, or nine: the landblocks in row order, north-west first)', naming);
  const items: unknown[] =
    typeof raw === 'string'
      ? raw.split(',')
      : Array.isArray(raw)
        ? raw
        : fail('terrain', 'must be a list of terrain types', naming);
  const count = RING_BLOCKS * RING_BLOCKS;
  if (items.length !== 1 && items.length !== count)
    fail('terrain', `takes 1 or ${count} terrain types, got ${items.length}`, naming);
  // A scene value given (for the ring, or a landblock's own) must be one the terrain type has;
  // the message echoes it as given (`typed`, the ring's scene by default)
  const checked = (cell: RingCell, given: boolean, typed = sceneTyped): RingCell => {
    const problem = given ? sceneProblem(region, cell.terrainType, cell.scene, typed) : null;
    return problem === null ? cell : fail('scene', problem, naming);
  };
  return items.map((item) => {
    if (typeof item === 'string' || typeof item === 'number')
      return checked({ terrainType: terrainTypeIndex(region, item, naming), scene }, sceneGiven);
    if (typeof item === 'object' && item !== null) {
      const c = item as { terrainType?: unknown; scene?: unknown };
      const t =
        typeof c.terrainType === 'number' || typeof c.terrainType === 'string'
          ? terrainTypeIndex(region, c.terrainType, naming)
          : fail('terrain', 'a landblock needs a terrainType', naming);
      if (c.scene === undefined) return checked({ terrainType: t, scene }, sceneGiven);
      return checked(
        { terrainType: t, scene: sceneInteger(c.scene, naming) },
        true,
        typedNumber(c.scene as string | number),
      );
    }
    return fail('terrain', `${show(item)} is not a terrain type`, naming);
  });
}

/**
 * Checks a soundscape run's settings against the Region's terrain types.
 * @throws SettingsError for the first bad field (an unknown terrain name lists the valid ones; a
 *   scene value given that the terrain type does not have names the valid range, {@link sceneProblem})
 */
export function parseSoundscapeSettings(
  input: SoundscapeInput,
  region: Pick<AmbientRegion, 'terrainTypes'>,
  naming: FieldNaming = 'key',
): SoundscapeSettings {
  const scene = input.scene === undefined ? 0 : sceneInteger(input.scene, naming);
  const sceneTyped = input.scene === undefined ? String(scene) : typedNumber(input.scene as string | number);
  const landblocks = landblocksOf(region, input.terrain, scene, input.scene !== undefined, sceneTyped, naming);
  let seconds = SOUNDSCAPE_DEFAULT_SECONDS;
  if (input.seconds !== undefined) {
    seconds = toNumber('seconds', input.seconds, naming);
    const typed = typedNumber(input.seconds as string | number); // `--seconds 1e4`: `"1e4" is above 3600`
    if (!(seconds > 0)) fail('seconds', `${typed} is not above 0`, naming);
    if (seconds > SOUNDSCAPE_MAX_SECONDS) fail('seconds', `${typed} is above ${SOUNDSCAPE_MAX_SECONDS}`, naming);
  }
  const seed = input.seed === undefined ? SOUNDSCAPE_DEFAULT_SEED : seedOf(input.seed, naming);
  const engine = parseSettings({ mode: input.mode, prefs: input.prefs }, { defaults: DEFAULT_SETTINGS, naming });
  return { landblocks, seconds, seed, mode: engine.mode, prefs: engine.prefs };
}
