/**
 * Electron transport: wraps `window.acsound` from the preload (never ipcRenderer). The preload
 * already rebuilds errors in the page with their name, code and details (core/errors.ts wire
 * shape), so a call's rejection passes through as it is. The service methods are generated from
 * the contract's list (core/contract.ts `SOUND_SERVICE_METHODS`).
 */
import { forwardMethods } from './methods';
import type { AcSoundApi, AcSoundShell, BridgeHost, ServiceBridge } from './types';

export function createElectronBridge(api: AcSoundApi, shell: AcSoundShell | null = null): ServiceBridge {
  return {
    ...forwardMethods((method, args) => (api[method] as (...a: unknown[]) => Promise<unknown>)(...args)),
    onExportProgress: (cb) => api.onExportProgress(cb),
    async getHost(): Promise<BridgeHost> {
      let initialPath: string | null = null;
      if (shell) {
        try {
          initialPath = await shell.getInitialPath();
        } catch {
          initialPath = null;
        }
      }
      return {
        kind: 'electron',
        initialPath,
        chooseFolder: () => api.host.chooseFolder(),
        chooseDat: () => api.host.chooseDat(),
        ...(shell ? { pathForFile: (file: File) => shell.pathForFile(file) } : {}),
      };
    },
    onMenuCommand: (cb) => (shell ? shell.onMenuCommand(cb) : () => undefined),
  };
}
