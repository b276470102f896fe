/**
 * IPC channel names shared by the main process and the preload. Every name is `area:verb`.
 * Service channels are derived from the contract's method list, so a method added to
 * core/contract.ts gets a channel (and, in main, a handler) without touching this file.
 */
import type { SoundServiceMethod } from '../../core/contract';

export type ServiceChannel = `service:${SoundServiceMethod}`;

export function serviceChannel<M extends SoundServiceMethod>(method: M): `service:${M}` {
  return `service:${method}`;
}

/** Renderer → main invocations that are not part of the service (native dialogs, startup facts). */
export const HOST_CHANNELS = {
  chooseFolder: 'host:chooseFolder',
  chooseDat: 'host:chooseDat',
  getInitialPath: 'host:getInitialPath',
} as const;

/** Main → renderer events (webContents.send). */
export const EVENT_CHANNELS = {
  exportProgress: 'event:exportProgress',
  /** A menu item the renderer carries out (payload: {@link MenuCommand}). */
  menuCommand: 'event:menuCommand',
} as const;

/** Menu commands forwarded to the renderer. `open` carries the chosen dat path. */
export type MenuCommand = { command: 'open'; path: string } | { command: 'export' };
