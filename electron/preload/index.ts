/**
 * The preload (sandboxed: bundled by electron-vite into one CommonJS file, out/preload/index.cjs,
 * whose only `require` is `electron`). It installs a narrow, named API in the page's own world —
 * one function per contract method, plus export progress, the native dialogs and the app-shell
 * helpers — and never `ipcRenderer` itself. See bridge.ts for why the envelopes are unwrapped in
 * the page's world. `contextBridge.executeInMainWorld` is part of the pinned Electron (45), so
 * there is no other way in: if it fails, the preload fails loudly instead of exposing a second
 * error shape.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { SOUND_SERVICE_METHODS } from '../../core/contract';
import { createRawApi, installAcsound, type IpcRendererLike } from './bridge';

const raw = createRawApi(ipcRenderer as unknown as IpcRendererLike);
const pathForFile = (file: File): string => {
  try {
    return webUtils.getPathForFile(file);
  } catch {
    return '';
  }
};

function expose(): 'main-world' {
  const ok: unknown = contextBridge.executeInMainWorld({
    func: installAcsound,
    args: [raw, [...SOUND_SERVICE_METHODS], pathForFile],
  });
  if (ok !== true) throw new Error('[acsound] installing window.acsound in the page failed');
  return 'main-world';
}

export const exposedAs = expose();
