/**
 * The preload's logic, free of `electron` imports so it is unit-tested with fakes.
 *
 * Why two layers: `contextBridge` copies an `Error` thrown (or a rejection) from the isolated
 * world into the page as a *new* plain `Error` carrying only `message` — `name`, `code` and
 * `details` are lost. So the isolated world has envelope-returning functions ({@link RawApi}, the
 * envelope of core/envelope.ts, which crosses contextBridge as plain data) and the envelopes are
 * unwrapped *in the page's own world* by {@link installAcsound}, run there with
 * `contextBridge.executeInMainWorld` (always present in the pinned Electron 45). Errors are
 * rebuilt where they are caught, with their name, code and details intact: one error shape from
 * the main process to the renderer.
 */
import {
  SOUND_SERVICE_METHODS,
  type ExportProgress,
  type SoundServiceMethod,
  type SoundServiceMethods,
} from '../../core/contract';
import { failure, isEnvelope, type Envelope } from '../../core/envelope';
import { errorToData } from '../../core/errors';
import { EVENT_CHANNELS, HOST_CHANNELS, serviceChannel, type MenuCommand } from '../shared/channels';
import type { Unsubscribe } from './api';

/** The part of `ipcRenderer` the preload uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Result<M extends SoundServiceMethod> = Awaited<ReturnType<SoundServiceMethods[M]>>;

/** Isolated-world functions: one per contract method, each resolving to an envelope (never rejecting). */
export type RawServiceApi = {
  [M in SoundServiceMethod]: (...args: Parameters<SoundServiceMethods[M]>) => Promise<Envelope<Result<M>>>;
};

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

/** Invokes a channel; a transport failure (no handler, bad reply) also comes back as an envelope. */
async function invokeEnvelope<T>(ipc: IpcRendererLike, channel: string, args: unknown[]): Promise<Envelope<T>> {
  try {
    const reply = await ipc.invoke(channel, ...args);
    if (isEnvelope(reply)) return reply as Envelope<T>;
    return failure('TransportError', `${channel}: malformed reply from the main process`);
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
 * Runs in the page's main world (serialized by `contextBridge.executeInMainWorld`), so it must be
 * self-contained: no imports, no outer variables, no helpers. Defines read-only, frozen
 * `window.acsound` and `window.acsoundShell` whose functions unwrap the envelopes the proxied
 * `raw` functions resolve to and rebuild errors with their `name`, `code` and `details`: the rule
 * of core/errors `rebuildError`, written out here because a serialized function cannot import
 * (bridge.test.ts checks that both rebuild every error alike).
 */
export function installAcsound(raw: RawApi, methods: readonly string[], pathForFile: (file: File) => string): boolean {
  const rebuild = (data: {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    details?: unknown;
    kind?: unknown;
  }): Error => {
    const e = new Error(typeof data.message === 'string' ? data.message : 'unknown error') as Error & {
      code?: string;
      details?: unknown;
      kind?: string;
    };
    e.name = typeof data.name === 'string' ? data.name : 'Error'; // the main process sends only core/errors ERROR_NAMES
    if (typeof data.code === 'string') e.code = data.code;
    const d = data.details as { objectId?: unknown; offset?: unknown; structure?: unknown } | null | undefined;
    if (typeof d === 'object' && d !== null) {
      const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      const details = {
        objectId: num(d.objectId),
        offset: num(d.offset),
        structure: typeof d.structure === 'string' ? d.structure : null,
      };
      if (details.objectId !== null || details.offset !== null || details.structure !== null) e.details = details;
    }
    // core/errors ERROR_KINDS, written out (no imports here)
    if (data.kind === 'not-a-dat-file') e.kind = data.kind;
    return e;
  };
  const unwrapReply = async (p: Promise<unknown>): Promise<unknown> => {
    const env = (await p) as {
      ok?: unknown;
      result?: unknown;
      error?: { name?: unknown; message?: unknown; code?: unknown; details?: unknown; kind?: unknown };
    } | null;
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
