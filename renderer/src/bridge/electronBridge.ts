/** Electron transport: wraps `window.acsound` from the preload (never ipcRenderer). */
import type { SoundServiceMethods } from '../../../core/contract';
import { isEnvelope, rebuildIpcError, unwrapEnvelope } from './errors';
import type { AcSoundApi, AcSoundShell, BridgeHost, ServiceBridge } from './types';

export function createElectronBridge(api: AcSoundApi, shell: AcSoundShell | null = null): ServiceBridge {
  const call = async <K extends keyof SoundServiceMethods>(
    method: K,
    ...args: Parameters<SoundServiceMethods[K]>
  ): Promise<Awaited<ReturnType<SoundServiceMethods[K]>>> => {
    const fn = api[method] as (...a: unknown[]) => Promise<unknown>;
    let value: unknown;
    try {
      value = await fn(...args);
    } catch (e) {
      throw rebuildIpcError(e);
    }
    if (isEnvelope(value)) value = unwrapEnvelope(value);
    return value as Awaited<ReturnType<SoundServiceMethods[K]>>;
  };
  return {
    openDat: (path) => call('openDat', path),
    getSummary: () => call('getSummary'),
    listWaves: () => call('listWaves'),
    listSoundTables: () => call('listSoundTables'),
    getSoundTable: (id) => call('getSoundTable', id),
    listSoundTableDetails: () => call('listSoundTableDetails'),
    getWaveUsage: (id) => call('getWaveUsage', id),
    getWaveBytes: (id) => call('getWaveBytes', id),
    exportWaves: (request) => call('exportWaves', request),
    cancelExport: () => call('cancelExport'),
    defaultExportDir: () => call('defaultExportDir'),
    getCensus: () => call('getCensus'),
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
