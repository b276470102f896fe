/**
 * The renderer's view of the service: the contract methods plus progress events and host
 * capabilities. Components never use this directly; stores' actions do (renderer/src/state).
 *
 * `AcSoundApi` is the shape the Electron preload must expose as `window.acsound` via
 * `contextBridge.exposeInMainWorld('acsound', api)`.
 */
import type { ExportProgress, HostCapabilities, SoundServiceMethods } from '../../../core/contract';

export type Unsubscribe = () => void;

/** Host facts and capabilities as the renderer sees them. */
export interface BridgeHost extends HostCapabilities {
  /** The dat path given at startup (browser host: the server's argument; Electron: the command line); null = demo. */
  initialPath?: string | null;
  /** Electron: the file-system path of a dropped File ("" when it has none). */
  pathForFile?: (file: File) => string;
}

/** Menu commands the Electron main process forwards to the renderer. */
export type MenuCommand = { command: 'open'; path: string } | { command: 'export' };

/** What every transport offers the renderer. Methods reject with an Error whose `name` is the service's. */
export interface ServiceBridge extends SoundServiceMethods {
  onExportProgress(cb: (progress: ExportProgress) => void): Unsubscribe;
  /** Resolves the host kind and capabilities (the HTTP bridge asks `GET /api/host`). */
  getHost(): Promise<BridgeHost>;
  /** Electron menu commands (File ▸ Open…, File ▸ Export…); a no-op elsewhere. */
  onMenuCommand(cb: (command: MenuCommand) => void): Unsubscribe;
}

/** `window.acsoundShell` from the Electron preload: app-shell helpers beside the service. */
export interface AcSoundShellLike {
  getInitialPath(): Promise<string | null>;
  onMenuCommand(cb: (command: MenuCommand) => void): Unsubscribe;
  pathForFile(file: File): string;
}

/**
 * `window.acsound` as exposed by electron/preload. Every method resolves to its result or
 * rejects with an Error whose `name` is the original (e.g. "DatFormatError"); resolving to an
 * `Envelope` (`{ok, result | error}`) is also accepted and unwrapped by the Electron bridge.
 */
export interface AcSoundApi extends SoundServiceMethods {
  onExportProgress(cb: (progress: ExportProgress) => void): Unsubscribe;
  host: {
    kind: 'electron';
    chooseFolder(): Promise<string | null>;
    chooseDat(): Promise<string | null>;
  };
}

declare global {
  interface Window {
    /** Present only inside the Electron app (preload). */
    acsound?: AcSoundApi;
  }
}
