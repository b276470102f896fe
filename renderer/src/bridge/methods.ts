/** The bridges' service methods, generated from the contract's one list of method names. */
import { SOUND_SERVICE_METHODS, type SoundServiceMethod, type WireServiceMethods } from '../../../core/contract';

/**
 * One function per method of `SOUND_SERVICE_METHODS` (core/contract.ts), each `call(method, args)`:
 * a transport writes how to call one method, never the list of methods.
 */
export function forwardMethods(
  call: (method: SoundServiceMethod, args: unknown[]) => Promise<unknown>,
): WireServiceMethods {
  const out = {} as Record<SoundServiceMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const method of SOUND_SERVICE_METHODS) out[method] = (...args: unknown[]) => call(method, args);
  return out as unknown as WireServiceMethods;
}
