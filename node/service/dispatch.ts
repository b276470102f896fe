/**
 * The one argument validator of the service's transports (HTTP host, Electron IPC): arguments
 * arrive as data (JSON, structured clone) from an untrusted renderer or client, so each contract
 * method has a parser that checks the arity and the types and returns the typed arguments. The
 * service itself ({@link SoundService}) keeps only the domain checks (id ranges, "no dat open",
 * what an export may write).
 */
import {
  SOUND_SERVICE_METHODS,
  type DirectoryShow,
  type ExportRequest,
  type SoundscapeExportRequest,
  type SoundServiceMethod,
  type SoundServiceMethods,
  type TimelineRequest,
} from '../../core/contract';
import { RequestError } from '../errors';
import { parseExportRequest } from './export';
import { SettingsError, type ErrorName } from '../../core/errors';
import { parseSettings } from '../../core/engine';

/** A method's argument check: how many arguments it takes and how they are turned into its parameters. */
export interface ArgParser<M extends SoundServiceMethod> {
  arity: number;
  /** @throws RequestError naming the method and the bad argument */
  parse: (args: readonly unknown[]) => Parameters<SoundServiceMethods[M]>;
}

/** One parser per contract method (the mapped type makes a missing method a compile error). */
export type ArgParsers = { [M in SoundServiceMethod]: ArgParser<M> };

function u32(method: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
    throw new RequestError(`${method}: id must be a u32 number, got ${JSON.stringify(v)}`);
  }
  return v;
}

function pathOrNull(method: string, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || v.length === 0 || v.includes('\0'))
    throw new RequestError(`${method}: path must be a file path or null (the demo dat)`);
  return v;
}

function exportRequest(v: unknown): ExportRequest {
  return parseExportRequest(v);
}

/**
 * The shape of a {@link TimelineRequest}: setupId (u32), optional motion/style (u32 or null), speed
 * (a number), seed, settings. Each range is checked once, where the rule is used: the speed's
 * (|speed| 0.1–4, negative = reverse) by core/graph `motionTimeline` (core/graph/motionSpeed.ts),
 * which the service turns into the RequestError `getTimeline: speed … is too fast: …`; the seed's
 * (0…4294967295) by the service's `checkSeed` (./seed.ts), for every caller.
 */
function timelineRequest(v: unknown): TimelineRequest {
  const m = 'getTimeline';
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new RequestError(`${m}: the request must be an object {setupId, motion?, style?, speed?, seed?, settings?}`);
  const r = v as Record<string, unknown>;
  const known = new Set(['setupId', 'motion', 'style', 'speed', 'seed', 'settings']);
  for (const k of Object.keys(r)) if (!known.has(k)) throw new RequestError(`${m}: unknown field "${k}"`);
  const out: TimelineRequest = { setupId: u32(m, r.setupId) };
  if (r.motion !== undefined) out.motion = r.motion === null ? null : u32(m, r.motion);
  if (r.style !== undefined) out.style = r.style === null ? null : u32(m, r.style);
  if (r.speed !== undefined) {
    if (typeof r.speed !== 'number')
      throw new RequestError(`${m}: speed must be a number, got ${JSON.stringify(r.speed)}`);
    out.speed = r.speed;
  }
  if (r.seed !== undefined) out.seed = r.seed as number; // checked by the service (./seed.ts)
  if (r.settings !== undefined) {
    try {
      out.settings = parseSettings(r.settings); // the one settings parser; the message names the request
    } catch (e) {
      if (e instanceof SettingsError) throw new RequestError(`${m}: settings.${e.message}`);
      throw e;
    }
  }
  return out;
}

/**
 * The shape of a soundscape export request (strings, booleans, numbers, a landblock list of 1 or
 * 9 `{terrainType, scene}`); the values are checked by the service: the seed by `checkSeed`
 * (./seed.ts), the rest against the Region (core/engine `parseSoundscapeSettings`).
 */
function soundscapeExportRequest(v: unknown): SoundscapeExportRequest {
  const m = 'exportSoundscape';
  if (typeof v !== 'object' || v === null) throw new RequestError(`${m}: the request must be an object`);
  const r = v as Record<string, unknown>;
  if (typeof r.dir !== 'string' || r.dir.length === 0 || r.dir.includes('\0'))
    throw new RequestError(`${m}: dir must be a folder path`);
  if (typeof r.force !== 'boolean') throw new RequestError(`${m}: force must be true or false`);
  const blocks = r.landblocks;
  if (
    !Array.isArray(blocks) ||
    !blocks.every(
      (b) =>
        typeof b === 'object' &&
        b !== null &&
        typeof (b as Record<string, unknown>).terrainType === 'number' &&
        typeof (b as Record<string, unknown>).scene === 'number',
    )
  ) {
    throw new RequestError(`${m}: landblocks must be a list of {terrainType, scene} numbers`);
  }
  if (typeof r.seconds !== 'number') throw new RequestError(`${m}: seconds must be a number`);
  if (typeof r.mode !== 'string' || typeof r.prefs !== 'object' || r.prefs === null)
    throw new RequestError(`${m}: mode must be a string and prefs an object`);
  return v as SoundscapeExportRequest;
}

const none = { arity: 0, parse: () => [] as [] } as const;

function directoryShow(v: unknown): DirectoryShow {
  if (v !== 'dat' && v !== 'folders') throw new RequestError(`listDirectory: show must be "dat" or "folders"`);
  return v;
}

export const ARG_PARSERS: ArgParsers = {
  openDat: { arity: 1, parse: (a) => [pathOrNull('openDat', a[0])] },
  getSummary: none,
  listWaves: none,
  listSoundTables: none,
  getSoundTable: { arity: 1, parse: (a) => [u32('getSoundTable', a[0])] },
  listSoundTableDetails: none,
  getWaveUsage: { arity: 1, parse: (a) => [u32('getWaveUsage', a[0])] },
  getWaveBytes: { arity: 1, parse: (a) => [u32('getWaveBytes', a[0])] },
  exportWaves: { arity: 1, parse: (a) => [exportRequest(a[0])] },
  cancelExport: none,
  defaultExportDir: none,
  listDirectory: { arity: 2, parse: (a) => [pathOrNull('listDirectory', a[0]), directoryShow(a[1])] },
  getCensus: none,
  startGraph: none,
  getGraphStatus: none,
  cancelGraph: none,
  getSoundGraph: none,
  getReferences: { arity: 1, parse: (a) => [u32('getReferences', a[0])] },
  getUsedByCounts: none,
  listCreatures: none,
  listEffects: none,
  getCreature: { arity: 1, parse: (a) => [u32('getCreature', a[0])] },
  getTimeline: { arity: 1, parse: (a) => [timelineRequest(a[0])] },
  getSoundscape: none,
  exportSoundscape: { arity: 1, parse: (a) => [soundscapeExportRequest(a[0])] },
};

/** How many arguments each contract method takes (a transport passes no more than this), from {@link ARG_PARSERS}. */
export const METHOD_ARITY: Readonly<Record<SoundServiceMethod, number>> = Object.fromEntries(
  SOUND_SERVICE_METHODS.map((m) => [m, ARG_PARSERS[m].arity]),
) as Record<SoundServiceMethod, number>;

/** A method name that is not in the contract (`SOUND_SERVICE_METHODS`). */
export class UnknownMethodError extends Error {
  override name: ErrorName = 'UnknownMethodError';
  readonly code = 'ENOMETHOD';
  constructor(readonly method: string) {
    super(`unknown service method "${method}" (known: ${SOUND_SERVICE_METHODS.join(', ')})`);
  }
}

/** True when `name` is one of the contract's methods (an own list: never `constructor`, `__proto__`…). */
export function isServiceMethod(name: string): name is SoundServiceMethod {
  return (SOUND_SERVICE_METHODS as readonly string[]).includes(name);
}

/**
 * Checks the arguments of one call as they arrived (JSON array, IPC rest arguments).
 * @throws RequestError when `args` is not an array, has more items than the method takes, or an
 *   argument has the wrong type
 */
export function parseServiceArgs<M extends SoundServiceMethod>(
  method: M,
  args: unknown,
): Parameters<SoundServiceMethods[M]> {
  if (!Array.isArray(args)) throw new RequestError(`${method}: the arguments must be a JSON array`);
  const p = ARG_PARSERS[method] as ArgParser<M>;
  if (args.length > p.arity) throw new RequestError(`${method} takes ${p.arity} argument(s), got ${args.length}`);
  return p.parse(args);
}

/**
 * Calls a contract method by name with arguments that arrived as data, after
 * {@link parseServiceArgs}. Generic over `SOUND_SERVICE_METHODS`: every transport uses it.
 * @throws UnknownMethodError for a name outside the contract; RequestError for bad arguments;
 *   otherwise whatever the method throws
 */
export async function invokeService(service: SoundServiceMethods, method: string, args: unknown): Promise<unknown> {
  if (!isServiceMethod(method)) throw new UnknownMethodError(method);
  const parsed = parseServiceArgs(method, args);
  const fn = service[method] as (...a: unknown[]) => Promise<unknown>;
  return fn.apply(service, parsed);
}
