/**
 * The renderer's view of the service: the contract methods plus progress events and host
 * capabilities. Components never use this directly; stores' actions do (renderer/src/state).
 */
import type { ExportProgress, HostCapabilities, WireServiceMethods } from '../../../core/contract';
import type { MenuCommand, Unsubscribe } from '../../../electron/preload/api';

/** Host facts and capabilities as the renderer sees them. */
export interface BridgeHost extends HostCapabilities {
  /** The dat path given at startup (browser host: the server's argument; Electron: the command line); null = demo. */
  initialPath?: string | null;
  /** The folder relative paths (dat, export folder) resolve against: the service's working folder. */
  workingDir?: string;
  /** Browser host on loopback: it lists folders for the page's own file and folder picker (`listDirectory`). */
  directoryPicker?: boolean;
  /** Electron: the file-system path of a dropped File ("" when it has none). */
  pathForFile?: (file: File) => string;
}

/** What every transport offers the renderer. Methods reject with an Error carrying the service's name, code and details (core/errors `RebuiltError`). */
export interface ServiceBridge extends WireServiceMethods {
  onExportProgress(cb: (progress: ExportProgress) => void): Unsubscribe;
  /** Resolves the host kind and capabilities (the HTTP bridge asks `GET /api/host`). */
  getHost(): Promise<BridgeHost>;
  /** Electron menu commands (File ▸ Open…, File ▸ Export…); a no-op elsewhere. */
  onMenuCommand(cb: (command: MenuCommand) => void): Unsubscribe;
}

/**
 * The Electron preload's globals, declared ONCE in electron/preload/api.d.ts (which also adds
 * `Window.acsound` / `Window.acsoundShell`): `AcSoundApi` is `window.acsound` (every method
 * resolves to its result or rejects with an Error carrying the service's name, code and
 * details), `AcSoundShell` is
 * `window.acsoundShell` (menu commands, the initial path, dropped files' paths).
 */
export type { AcSoundApi, AcSoundShell, MenuCommand, Unsubscribe } from '../../../electron/preload/api';
