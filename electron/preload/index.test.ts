import vm, { type Context } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOUND_SERVICE_METHODS } from '../../core/contract';

// The real `electron` module would start a binary download and throw: fake the three preload APIs.
const state = vi.hoisted(() => ({
  withExecute: true,
  world: null as unknown as Context,
  exposed: new Map<string, unknown>(),
  invokes: [] as { channel: string; args: unknown[] }[],
}));

vi.mock('electron', () => ({
  contextBridge: {
    get executeInMainWorld() {
      if (!state.withExecute) return undefined;
      // Like Electron: serialize the function and run it in the page's (another) world.
      return ({ func, args }: { func: (...a: unknown[]) => unknown; args: unknown[] }) => {
        const fn = vm.runInContext(`(${func.toString()})`, state.world) as (...a: unknown[]) => unknown;
        return fn(...args);
      };
    },
    exposeInMainWorld: (key: string, api: unknown) => state.exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: async (channel: string, ...args: unknown[]) => {
      state.invokes.push({ channel, args });
      return channel === 'service:getWaveBytes'
        ? { ok: false, error: { name: 'NotFoundError', message: 'Wave 0x0A00FFFF is not in the dat' } }
        : { ok: true, result: channel };
    },
    on: () => undefined,
    removeListener: () => undefined,
  },
  webUtils: { getPathForFile: () => '/dropped.dat' },
}));

async function loadPreload(withExecute: boolean): Promise<{ exposedAs: string }> {
  vi.resetModules();
  state.withExecute = withExecute;
  state.world = vm.createContext({});
  state.exposed.clear();
  state.invokes.length = 0;
  return (await import('./index')) as { exposedAs: string };
}

afterEach(() => vi.resetModules());

describe('preload', () => {
  it('installs window.acsound in the main world, one named function per contract method', async () => {
    const { exposedAs } = await loadPreload(true);
    expect(exposedAs).toBe('main-world');
    expect(state.exposed.size).toBe(0);
    const api = state.world['acsound'] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...SOUND_SERVICE_METHODS, 'host', 'onExportProgress'].sort());
    for (const k of ['ipcRenderer', 'invoke', 'send']) expect(api).not.toHaveProperty(k);
    const getSummary = api['getSummary'] as () => Promise<unknown>;
    await expect(getSummary()).resolves.toBe('service:getSummary');
    const getWaveBytes = api['getWaveBytes'] as (id: number) => Promise<unknown>;
    await expect(getWaveBytes(0x0a00ffff)).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(state.invokes.map((c) => c.channel)).toEqual(['service:getSummary', 'service:getWaveBytes']);
    const shell = state.world['acsoundShell'] as { pathForFile(f: unknown): string };
    expect(shell.pathForFile({})).toBe('/dropped.dat');
  });

  it('falls back to exposeInMainWorld with envelope-returning functions', async () => {
    const { exposedAs } = await loadPreload(false);
    expect(exposedAs).toBe('envelopes');
    const api = state.exposed.get('acsound') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...SOUND_SERVICE_METHODS, 'host', 'onExportProgress'].sort());
    const getSummary = api['getSummary'] as () => Promise<unknown>;
    await expect(getSummary()).resolves.toEqual({ ok: true, result: 'service:getSummary' });
    expect(state.exposed.has('acsoundShell')).toBe(true);
  });
});
