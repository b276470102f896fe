/**
 * The preload's logic, free of `electron` imports so it is unit-tested with fakes.
 *
 * Why two layers: `contextBridge` copies an `Error` thrown (or a rejection) from the isolated
 * world into the page as a *new* plain `Error` carrying only `message` — `name` and `code` are
 * lost. So the isolated world exposes envelope-returning functions ({@link RawApi}) and the
 * envelopes are unwrapped *in the page's own world* by {@link installAcsound}, which is run there
 * with `contextBridge.executeInMainWorld`. Errors are then rebuilt where they are caught, with
 * their `name` intact. If `executeInMainWorld` is unavailable, {@link envelopeApi} and
 * {@link fallbackShell} are exposed instead: the renderer's bridge accepts and unwraps envelopes
 * itself, and the few functions typed as plain values keep the error name in the message.
 */
import { SOUND_SERVICE_METHODS, type Envelope, type ExportProgress, type SoundServiceMethod, type SoundServiceMethods } from '../../core/contract';
import { errorToData } from '../../core/errors';
import { EVENT_CHANNELS, HOST_CHANNELS, serviceChannel, type MenuCommand } from '../shared/channels';
import type { AcSoundShell, Unsubscribe } from './api';

/** The part of `ipcRenderer` the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Result<M extends SoundServiceMethod> = Awaited<ReturnType<SoundServiceMethods[M]>>;

/** Isolated-world functions: one per contract method, each resolving to an envelope (never rejecting). */
export type RawServiceApi = { [M in SoundServiceMethod]: (...args: Parameters<SoundServiceMethods[M]>) => Promise<Envelope<Result<M>>> };

export interface RawApi {
  service: RawServiceApi;
  host: {
    chooseFolder(): Promise<Envelope<string | null>>;
    chooseDat(): Promise<Envelope<string | null>>;
    getInitialPath(): Promise<Envelope<string | null>>;
  };
  onExportProgress(cb: (progress: ExportProgress) => void): Unsubscribe;
  onMenuCommand(cb: (command: MenuCommand) => void): Unsubscribe;
}

function isEnvelope(x: unknown): x is Envelope<unknown> {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as { ok?: unknown; error?: unknown };
  return e.ok === true ? 'result' in e : e.ok === false && typeof e.error === 'object' && e.error !== null;
}

/** Invokes a channel; a transport failure (no handler, bad reply) also comes back as an envelope. */
async function invokeEnvelope<T>(ipc: IpcRendererLike, channel: string, args: unknown[]): Promise<Envelope<T>> {
  try {
    const reply = await ipc.invoke(channel, ...args);
    if (isEnvelope(reply)) return reply as Envelope<T>;
    return { ok: false, error: { name: 'TransportError', message: `${channel}: malformed reply from the main process` } };
  } catch (e) {
    return { ok: false, error: errorToData(e) };
  }
}

function subscribe<T>(ipc: IpcRendererLike, channel: string, cb: (payload: T) => void): Unsubscribe {
  if (typeof cb !== 'function') throw new TypeError(`${channel}: callback must be a function`);
  const listener = (_event: unknown, payload: unknown): void => cb(payload as T);
  ipc.on(channel, listener);
  return () => {
    ipc.removeListener(channel, listener);
  };
}

/** Builds the isolated-world API over `ipcRenderer`. Only our channels are reachable through it. */
export function createRawApi(ipc: IpcRendererLike): RawApi {
  const service = {} as Record<SoundServiceMethod, (...args: unknown[]) => Promise<Envelope<unknown>>>;
  for (const method of SOUND_SERVICE_METHODS) {
    service[method] = (...args: unknown[]) => invokeEnvelope(ipc, serviceChannel(method), args);
  }
  return {
    service: Object.freeze(service) as unknown as RawServiceApi,
    host: Object.freeze({
      chooseFolder: () => invokeEnvelope<string | null>(ipc, HOST_CHANNELS.chooseFolder, []),
      chooseDat: () => invokeEnvelope<string | null>(ipc, HOST_CHANNELS.chooseDat, []),
      getInitialPath: () => invokeEnvelope<string | null>(ipc, HOST_CHANNELS.getInitialPath, []),
    }),
    onExportProgress: (cb) => subscribe<ExportProgress>(ipc, EVENT_CHANNELS.exportProgress, cb),
    onMenuCommand: (cb) => subscribe<MenuCommand>(ipc, EVENT_CHANNELS.menuCommand, cb),
  };
}

/**
 * Unwraps an envelope in the ISOLATED world for a function whose page-side caller expects a plain
 * value (the fallback's dialogs and `acsoundShell.getInitialPath`). contextBridge copies a
 * rejection into the page as a plain `Error` with only its message, so the error is thrown in the
 * form Electron's own `ipcRenderer.invoke` rejections take — `Error invoking remote method
 * '<channel>': <Name>: <message>` — which the renderer's bridge parses back into the named error
 * (renderer/src/bridge/errors.ts `rebuildIpcError`); the name is never lost.
 */
export async function unwrapAcrossBridge<T>(channel: string, p: Promise<Envelope<T>>): Promise<T> {
  const env = await p;
  if (env.ok) return env.result;
  throw new Error(`Error invoking remote method '${channel}': ${env.error.name}: ${env.error.message}`);
}

/**
 * Fallback when `executeInMainWorld` is unavailable. Service methods keep their names and resolve
 * to envelopes (renderer/src/bridge/electronBridge.ts unwraps them and rebuilds errors with their
 * name); the dialogs resolve to their value as the `AcSoundApi` type says, failing with a
 * message that carries the error's name ({@link unwrapAcrossBridge}).
 */
export function envelopeApi(raw: RawApi): Record<string, unknown> {
  return {
    ...raw.service,
    onExportProgress: raw.onExportProgress,
    host: {
      kind: 'electron',
      chooseFolder: () => unwrapAcrossBridge(HOST_CHANNELS.chooseFolder, raw.host.chooseFolder()),
      chooseDat: () => unwrapAcrossBridge(HOST_CHANNELS.chooseDat, raw.host.chooseDat()),
    },
  };
}

/** The fallback's `window.acsoundShell` (see {@link envelopeApi}). */
export function fallbackShell(raw: RawApi, pathForFile: (file: File) => string): AcSoundShell {
  return {
    getInitialPath: () => unwrapAcrossBridge(HOST_CHANNELS.getInitialPath, raw.host.getInitialPath()),
    onMenuCommand: raw.onMenuCommand,
    pathForFile,
  };
}

/**
 * Runs in the page's main world (serialized by `contextBridge.executeInMainWorld`), so it must be
 * self-contained: no imports, no outer variables, no helpers. Defines read-only, frozen
 * `window.acsound` and `window.acsoundShell` whose functions unwrap the envelopes the proxied
 * `raw` functions resolve to and rebuild errors with their original `name` and `code` (the same
 * rule as core/errors `rebuildError`).
 */
export function installAcsound(raw: RawApi, methods: readonly string[], pathForFile: (file: File) => string): boolean {
  const rebuild = (data: { name?: unknown; message?: unknown; code?: unknown }): Error => {
    const e = new Error(typeof data.message === 'string' ? data.message : 'unknown error') as Error & { code?: string };
    e.name = typeof data.name === 'string' ? data.name : 'Error';
    if (typeof data.code === 'string') e.code = data.code;
    return e;
  };
  const unwrapReply = async (p: Promise<unknown>): Promise<unknown> => {
    const env = (await p) as { ok?: unknown; result?: unknown; error?: { name?: unknown; message?: unknown; code?: unknown } } | null;
    if (env && env.ok === true) return env.result;
    if (env && env.ok === false && env.error) throw rebuild(env.error);
    throw rebuild({ name: 'TransportError', message: 'malformed reply from the preload' });
  };
  const service = raw.service as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const api: Record<string, unknown> = {};
  for (const method of methods) {
    const fn = service[method];
    if (typeof fn === 'function') api[method] = (...args: unknown[]) => unwrapReply(fn(...args));
  }
  api['onExportProgress'] = (cb: (p: unknown) => void) => raw.onExportProgress(cb as (p: ExportProgress) => void);
  api['host'] = Object.freeze({
    kind: 'electron',
    chooseFolder: () => unwrapReply(raw.host.chooseFolder()),
    chooseDat: () => unwrapReply(raw.host.chooseDat()),
  });
  const shell = Object.freeze({
    getInitialPath: () => unwrapReply(raw.host.getInitialPath()),
    onMenuCommand: (cb: (c: unknown) => void) => raw.onMenuCommand(cb as (c: MenuCommand) => void),
    pathForFile: (file: File) => pathForFile(file),
  });
  const define = (key: string, value: unknown): void => {
    Object.defineProperty(globalThis, key, { value, enumerable: true, configurable: false, writable: false });
  };
  define('acsound', Object.freeze(api));
  define('acsoundShell', shell);
  return true;
}
