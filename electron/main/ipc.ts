/**
 * The Electron transport of the sound service, main-process side.
 *
 * One `ipcMain.handle('service:<method>')` per method of {@link SOUND_SERVICE_METHODS}. Every
 * handler returns an {@link Envelope} (core/envelope.ts `toEnvelope`): the result, or the error in
 * its wire shape (name, message, code, details), which the preload rebuilds in the page. Arguments coming from the renderer are checked
 * at this boundary (the renderer is sandboxed but still untrusted input), and calls from any
 * frame other than our own renderer are refused.
 *
 * The module takes `ipcMain`, `dialog` and friends as parameters instead of importing
 * `electron`, so it is unit-tested with plain fakes.
 */
import type { BrowserWindow, Dialog, IpcMain, IpcMainInvokeEvent, OpenDialogOptions } from 'electron';
import { SOUND_SERVICE_METHODS, type SoundServiceMethod, type SoundServiceMethods } from '../../core/contract';
import { toEnvelope, type Envelope } from '../../core/envelope';
import { errorToData } from '../../core/errors';
import { parseServiceArgs } from '../../node/service/dispatch';
import { HOST_CHANNELS, serviceChannel } from '../shared/channels';
import type { ErrorName } from '../../core/errors';

/** The result type of a service method, unwrapped from its promise. */
export type ServiceResult<M extends SoundServiceMethod> = Awaited<ReturnType<SoundServiceMethods[M]>>;

/** The part of `ipcMain` this module uses. */
export type IpcRegistrar = Pick<IpcMain, 'handle' | 'removeHandler'>;

/** Decides whether an invoke comes from our own renderer (see `isTrustedSender` in window.ts). */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** Thrown (and sent back as data) when an invoke comes from a frame that is not ours. */
export class UntrustedSenderError extends Error {
  override name: ErrorName = 'UntrustedSenderError';
}

/**
 * Calls one service method with arguments checked at this boundary by the transports' one
 * validator (node/service/dispatch.ts `parseServiceArgs`, which the HTTP host uses too).
 */
export function callService<M extends SoundServiceMethod>(
  service: SoundServiceMethods,
  method: M,
  args: readonly unknown[],
): Promise<Envelope<ServiceResult<M>>> {
  return toEnvelope(() => {
    const parsed = parseServiceArgs(method, args);
    const fn = service[method] as (...a: Parameters<SoundServiceMethods[M]>) => Promise<ServiceResult<M>>;
    return fn.apply(service, parsed);
  });
}

/**
 * Registers one handler per contract method. Returns a function that removes them all
 * (used on window re-creation in tests and on quit).
 */
export function registerServiceHandlers(
  ipc: IpcRegistrar,
  service: SoundServiceMethods,
  isTrusted: SenderCheck,
): () => void {
  const channels: string[] = [];
  for (const method of SOUND_SERVICE_METHODS) {
    const channel = serviceChannel(method);
    ipc.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrusted(event))
        return { ok: false, error: errorToData(new UntrustedSenderError(`${channel} refused: not our renderer`)) };
      return callService(service, method, args);
    });
    channels.push(channel);
  }
  return () => {
    for (const c of channels) ipc.removeHandler(c);
  };
}

/** What the host handlers need from the app. */
export interface HostDeps {
  dialog: Pick<Dialog, 'showOpenDialog'>;
  /** The window dialogs are modal to (the sender's window). */
  windowFor: (event: IpcMainInvokeEvent) => BrowserWindow | null;
  /** The dat path the app was started with (argv) or last opened from the menu; null = demo. */
  initialPath: () => string | null;
  /** Where the folder chooser starts. */
  defaultExportDir: () => Promise<string>;
  /** Told of every path the user chose in these dialogs (main grants it to the renderer: grants.ts). */
  onChosen?: (kind: 'dat' | 'folder', path: string) => void;
}

/** The Open dialog for a dat (menu File ▸ Open… and `host:chooseDat`). */
export const DAT_DIALOG: OpenDialogOptions = {
  title: 'Open client_portal.dat',
  properties: ['openFile'],
  filters: [
    { name: "Asheron's Call portal dat", extensions: ['dat'] },
    { name: 'All files', extensions: ['*'] },
  ],
};

/** Shows an Open dialog (modal to `win` when there is one); the first chosen path, or null when cancelled. */
export async function showOpen(
  dialog: Pick<Dialog, 'showOpenDialog'>,
  win: BrowserWindow | null,
  options: OpenDialogOptions,
): Promise<string | null> {
  const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return r.canceled ? null : (r.filePaths[0] ?? null);
}

/** Registers `host:chooseFolder`, `host:chooseDat` and `host:getInitialPath` (envelopes too). */
export function registerHostHandlers(ipc: IpcRegistrar, deps: HostDeps, isTrusted: SenderCheck): () => void {
  const chosen = (kind: 'dat' | 'folder', path: string | null): string | null => {
    if (path !== null) deps.onChosen?.(kind, path);
    return path;
  };
  const handlers: Record<string, (event: IpcMainInvokeEvent) => Promise<string | null> | string | null> = {
    [HOST_CHANNELS.chooseFolder]: async (event) =>
      chosen(
        'folder',
        await showOpen(deps.dialog, deps.windowFor(event), {
          title: 'Export Waves to folder',
          defaultPath: await deps.defaultExportDir().catch(() => undefined),
          properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
        }),
      ),
    [HOST_CHANNELS.chooseDat]: async (event) =>
      chosen('dat', await showOpen(deps.dialog, deps.windowFor(event), DAT_DIALOG)),
    [HOST_CHANNELS.getInitialPath]: () => deps.initialPath(),
  };
  for (const [channel, handler] of Object.entries(handlers)) {
    ipc.handle(channel, (event: IpcMainInvokeEvent) => {
      if (!isTrusted(event))
        return { ok: false, error: errorToData(new UntrustedSenderError(`${channel} refused: not our renderer`)) };
      return toEnvelope(() => handler(event));
    });
  }
  return () => {
    for (const c of Object.keys(handlers)) ipc.removeHandler(c);
  };
}

/**
 * Makes every service call wait for `startup` (opening the dat given on the command line), so
 * the renderer's first `getSummary` already sees it. A failed startup does not block calls.
 */
export function gateService(service: SoundServiceMethods, startup: Promise<unknown>): SoundServiceMethods {
  const ready = startup.then(
    () => undefined,
    () => undefined,
  );
  const gated = {} as Record<SoundServiceMethod, (...args: unknown[]) => Promise<unknown>>;
  for (const method of SOUND_SERVICE_METHODS) {
    const fn = service[method] as (...args: unknown[]) => Promise<unknown>;
    gated[method] = async (...args: unknown[]) => {
      await ready;
      return fn.apply(service, args);
    };
  }
  return gated as unknown as SoundServiceMethods;
}
