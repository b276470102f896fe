/**
 * The one envelope of every transport (Electron IPC, the HTTP host, the preload, the renderer's
 * bridges): a call's result, or its error as data in the wire shape of core/errors.ts
 * ({@link ErrorData}). A handler never throws across a boundary: it answers an envelope
 * ({@link toEnvelope}); the caller unwraps it, rebuilding the error with its name, code and
 * details ({@link unwrapEnvelope}).
 */
import { errorToData, isErrorData, rebuildError, type ErrorData, type ErrorDetails, type ErrorName } from './errors';

/** A result or an error as data. A void result travels as `null` (JSON and IPC have no undefined). */
export type Envelope<T> = { ok: true; result: T } | { ok: false; error: ErrorData };

/**
 * Runs `fn` and wraps its outcome: never throws, errors become data ({@link errorToData}). A void
 * method's `undefined` travels as `null`, so the envelope always carries a `result` key.
 */
export async function toEnvelope<T>(fn: () => Promise<T> | T): Promise<Envelope<T>> {
  try {
    const result = await fn();
    return { ok: true, result: (result === undefined ? null : result) as T };
  } catch (e) {
    return { ok: false, error: errorToData(e) };
  }
}

/** An error envelope with a name and message of the caller's (e.g. a malformed reply: `TransportError`). */
export function failure(name: ErrorName, message: string, code?: string): Envelope<never> {
  return { ok: false, error: { name, message, ...(code !== undefined ? { code } : {}) } };
}

/** True when `x` is an envelope: `{ok: true, result}` or `{ok: false, error}` with the wire shape. */
export function isEnvelope(x: unknown): x is Envelope<unknown> {
  if (typeof x !== 'object' || x === null || !('ok' in x)) return false;
  const e = x as { ok: unknown; result?: unknown; error?: unknown };
  if (e.ok === true) return 'result' in e;
  if (e.ok === false) return isErrorData(e.error);
  return false;
}

/** The result, or throws the error rebuilt with its name, code and details. */
export function unwrapEnvelope<T>(env: Envelope<T>): T {
  if (env.ok) return env.result;
  throw rebuildError(env.error);
}

/**
 * An error as a `--json` answer states it (README "Command line":
 * `{"error":{"name","message","code","details"}}`): the wire shape ({@link errorToData}) with
 * every key always there, `code` and `details` null when the error has none — so a script reads
 * `error.code` of a DatFormatError or `error.details` of an IoError without testing for the key.
 */
export interface ErrorRecord {
  name: ErrorName;
  message: string;
  code: string | null;
  details: ErrorDetails | null;
}

/** {@link ErrorRecord} of any thrown value. */
export function errorRecord(e: unknown): ErrorRecord {
  return recordOfData(errorToData(e));
}

/** {@link ErrorRecord} of an error already in the wire shape (a listing row's `error`). */
export function recordOfData(d: ErrorData): ErrorRecord {
  return { name: d.name, message: d.message, code: d.code ?? null, details: d.details ?? null };
}
