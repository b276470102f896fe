/**
 * The preload (sandboxed: bundled by electron-vite into one CommonJS file, out/preload/index.cjs,
 * whose only `require` is `electron`). It exposes a narrow, named API — one function per
 * contract method, plus export progress, the native dialogs and the app-shell helpers — and
 * never `ipcRenderer` itself. See bridge.ts for why the envelopes are unwrapped in the page's
 * world.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { SOUND_SERVICE_METHODS } from '../../core/contract';
import { createRawApi, envelopeApi, fallbackShell, installAcsound, type IpcRendererLike } from './bridge';

const raw = createRawApi(ipcRenderer as unknown as IpcRendererLike);
const pathForFile = (file: File): string => {
  try {
    return webUtils.getPathForFile(file);
  } catch {
    return '';
  }
};

function expose(): 'main-world' | 'envelopes' {
  try {
    if (typeof contextBridge.executeInMainWorld === 'function') {
      const ok: unknown = contextBridge.executeInMainWorld({ func: installAcsound, args: [raw, [...SOUND_SERVICE_METHODS], pathForFile] });
      if (ok === true) return 'main-world';
    }
  } catch (e) {
    console.warn('[acsound] executeInMainWorld failed; exposing envelope-returning functions instead', e);
  }
  contextBridge.exposeInMainWorld('acsound', envelopeApi(raw));
  contextBridge.exposeInMainWorld('acsoundShell', fallbackShell(raw, pathForFile));
  return 'envelopes';
}

export const exposedAs = expose();
