/** Picks the transport: the Electron preload's `window.acsound` when present, else the browser host over HTTP. */
import { createElectronBridge } from './electronBridge';
import { createHttpBridge } from './httpBridge';
import type { ServiceBridge } from './types';

export type { ServiceBridge, BridgeHost, AcSoundApi, MenuCommand } from './types';
export { userError, type UserError } from '../../../core/errors';

let bridge: ServiceBridge | null = null;

/** The transport for this page: the Electron preload's `window.acsound` when present, else HTTP. */
export function createBridge(w: Pick<Window, 'acsound' | 'acsoundShell'> | null): ServiceBridge {
  return w?.acsound ? createElectronBridge(w.acsound, w.acsoundShell ?? null) : createHttpBridge();
}

/** The bridge the composition root installed (renderer/src/app/compose.ts); the stores' actions use it. */
export function getBridge(): ServiceBridge {
  if (!bridge) throw new Error('no service bridge: the renderer is not composed (renderer/src/app/compose.ts)');
  return bridge;
}

/** Installs the bridge (the composition root; tests inject a fake). */
export function setBridge(b: ServiceBridge | null): void {
  bridge = b;
}
