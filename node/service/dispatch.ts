import { SOUND_SERVICE_METHODS, type SoundServiceMethod, type SoundServiceMethods } from '../../core/contract';
import { RequestError } from '../errors';

/** How many arguments each contract method takes (a transport passes no more than this). */
export const METHOD_ARITY: Readonly<Record<SoundServiceMethod, number>> = {
  openDat: 1,
  getSummary: 0,
  listWaves: 0,
  listSoundTables: 0,
  getSoundTable: 1,
  getWaveUsage: 1,
  getWaveBytes: 1,
  exportWaves: 1,
  cancelExport: 0,
  defaultExportDir: 0,
  getCensus: 0,
};

/** A method name that is not in the contract (`SOUND_SERVICE_METHODS`). */
export class UnknownMethodError extends Error {
  override name = 'UnknownMethodError';
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
 * Calls a contract method by name with arguments that arrived as data (JSON, IPC). Generic over
 * `SOUND_SERVICE_METHODS`: any transport can use it.
 * @throws UnknownMethodError for a name outside the contract; RequestError when `args` is not an
 *   array or has more items than the method takes; otherwise whatever the method throws
 */
export async function invokeService(service: SoundServiceMethods, method: string, args: unknown): Promise<unknown> {
  if (!isServiceMethod(method)) throw new UnknownMethodError(method);
  if (!Array.isArray(args)) throw new RequestError(`${method}: the arguments must be a JSON array`);
  if (args.length > METHOD_ARITY[method]) {
    throw new RequestError(`${method} takes ${METHOD_ARITY[method]} argument(s), got ${args.length}`);
  }
  const fn = service[method] as (...a: unknown[]) => Promise<unknown>;
  return fn.apply(service, args);
}
