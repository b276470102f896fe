/** Picks the transport: the Electron preload's `window.acsound` when present, else the browser host over HTTP. */
import { createElectronBridge } from './electronBridge';
import { createHttpBridge } from './httpBridge';
import type { ServiceBridge } from './types';

export type { ServiceBridge, BridgeHost, AcSoundApi, MenuCommand } from './types';
export { describeError } from './errors';

let bridge: ServiceBridge | null = null;

export function getBridge(): ServiceBridge {
  if (!bridge) {
    const w = typeof window !== 'undefined' ? window : null;
    bridge = w?.acsound ? createElectronBridge(w.acsound, w.acsoundShell ?? null) : createHttpBridge();
  }
  return bridge;
}

/** Tests: inject a fake bridge. */
export function setBridge(b: ServiceBridge | null): void {
  bridge = b;
}
