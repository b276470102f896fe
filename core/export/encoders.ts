/**
 * The list of export encoders (the "how"). Adding an encoder (FLAC, Ogg…) is one file in
 * `encoders/` implementing {@link Encoder} plus one entry here; the contract's `EncoderName`, the
 * service's request check and the file names follow from this list.
 */
import { wavEncoder } from './encoders/wav';
import type { Encoder } from './types';

export const ENCODERS = [wavEncoder] as const satisfies readonly Encoder[];

/** An encoder's name as a request gives it (`ExportRequest.encoder`): `'wav'`. */
export type EncoderName = (typeof ENCODERS)[number]['name'];

/** The encoder of a request that names none. */
export const DEFAULT_ENCODER: EncoderName = 'wav';

/** The encoder names, in {@link ENCODERS} order (request checks, help texts). */
export const ENCODER_NAMES: readonly EncoderName[] = ENCODERS.map((e) => e.name);

/** Whether `name` is one of {@link ENCODER_NAMES}. */
export function isEncoderName(name: unknown): name is EncoderName {
  return (ENCODER_NAMES as readonly unknown[]).includes(name);
}

/** The encoder called `name`. @throws RangeError for a name not in {@link ENCODERS} */
export function encoderFor(name: EncoderName = DEFAULT_ENCODER): Encoder {
  const e = ENCODERS.find((x) => x.name === name);
  if (!e) throw new RangeError(`unknown encoder ${JSON.stringify(name)} (known: ${ENCODER_NAMES.join(', ')})`);
  return e;
}
