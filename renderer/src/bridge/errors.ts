/** Rebuilding service errors on the renderer side, for every transport. */
import { rebuildError, type ErrorData } from '../../../core/errors';
import type { Envelope } from '../../../core/contract';

export function isErrorData(x: unknown): x is ErrorData {
  return typeof x === 'object' && x !== null && typeof (x as ErrorData).name === 'string' && typeof (x as ErrorData).message === 'string';
}

export function isEnvelope(x: unknown): x is Envelope<unknown> {
  if (typeof x !== 'object' || x === null || !('ok' in x)) return false;
  const e = x as { ok: unknown; result?: unknown; error?: unknown };
  if (e.ok === true) return 'result' in e;
  if (e.ok === false) return isErrorData(e.error);
  return false;
}

/** Unwraps an envelope: returns the result or throws the rebuilt error. */
export function unwrapEnvelope<T>(env: Envelope<T>): T {
  if (env.ok) return env.result;
  throw rebuildError(env.error);
}

/**
 * Electron's ipcRenderer.invoke rejects with "Error invoking remote method 'service:x': Name: message".
 * Recover the original name and message so callers can branch on `name`.
 */
export function rebuildIpcError(e: unknown): Error {
  if (!(e instanceof Error)) return rebuildError({ name: 'Error', message: String(e) });
  const m = /^Error invoking remote method '[^']*': (?:([A-Za-z]*Error): )?([\s\S]*)$/.exec(e.message);
  if (m) {
    const err = rebuildError({ name: m[1] ?? 'Error', message: m[2] ?? e.message });
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') (err as Error & { code?: string }).code = code;
    return err;
  }
  return e;
}

/** A one-line message for the UI: "DatFormatError: block chain … at offset 0x…". */
export function describeError(e: unknown): string {
  if (e instanceof Error) {
    if (!e.name || e.name === 'Error') return e.message;
    return `${e.name}: ${e.message}`;
  }
  if (isErrorData(e)) return `${e.name}: ${e.message}`;
  return String(e);
}
