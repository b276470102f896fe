/**
 * What the preload puts on `window` (see electron/preload/index.ts) — the ONE declaration of
 * `Window.acsound` and `Window.acsoundShell`. Included by tsconfig.web.json; the renderer's
 * bridge (renderer/src/bridge/types.ts) re-exports these types instead of declaring its own.
 *
 * `window.acsound` is the service (one named function per method of core/contract.ts) plus
 * export progress and the native dialogs. Methods resolve to their result or reject with an
 * `Error` whose `name` is the service's (e.g. "DatFormatError", "NotFoundError", "IoError").
 */
import type { ExportProgress, SoundServiceMethods } from '../../core/contract';
import type { MenuCommand } from '../shared/channels';

export type { MenuCommand };

export type Unsubscribe = () => void;

export interface AcSoundApi extends SoundServiceMethods {
  onExportProgress(cb: (progress: ExportProgress) => void): Unsubscribe;
  host: {
    kind: 'electron';
    chooseFolder(): Promise<string | null>;
    chooseDat(): Promise<string | null>;
  };
}

/** Electron-only app-shell capabilities, beside the service. */
export interface AcSoundShell {
  /** The dat path given on the command line (or last opened from File ▸ Open…); null = demo. */
  getInitialPath(): Promise<string | null>;
  /** Menu items the renderer carries out (File ▸ Export… opens the Export dialog). */
  onMenuCommand(cb: (command: MenuCommand) => void): Unsubscribe;
  /** The file-system path of a `File` dropped on the window ("" when it has none). */
  pathForFile(file: File): string;
}

declare global {
  interface Window {
    /** Present only inside the Electron app (preload). */
    acsound?: AcSoundApi;
    /** Present only inside the Electron app (preload). */
    acsoundShell?: AcSoundShell;
  }
}
