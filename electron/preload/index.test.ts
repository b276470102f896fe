import vm, { type Context } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOUND_SERVICE_METHODS } from '../../core/contract';
import { DatFormatError, errorToData, ObjectFormatError } from '../../core/errors';

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
      if (channel === 'service:listWaves')
        return { ok: false, error: errorToData(new DatFormatError('block chain of 0x0A000012', 0x1f400, 'loops')) };
      if (channel === 'service:getSoundTable')
        return {
          ok: false,
          error: errorToData(
            new ObjectFormatError(0x20000002, 12, 'root entry count 9999 exceeds the 40 bytes left', 'SoundTable'),
          ),
        };
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

  it('error details (objectId, offset, structure) survive IPC into the page world', async () => {
    await loadPreload(true);
    const api = state.world['acsound'] as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const dat = (await api['listWaves']!().catch((e: unknown) => e)) as Error & { code?: string; details?: unknown };
    expect(dat.name).toBe('DatFormatError');
    expect(dat.message).toBe('block chain of 0x0A000012 loops at offset 0x0001F400');
    expect(dat.details).toEqual({ objectId: null, offset: 0x1f400, structure: 'block chain of 0x0A000012' });
    const obj = (await api['getSoundTable']!(0x20000002).catch((e: unknown) => e)) as Error & { details?: unknown };
    expect(obj.name).toBe('ObjectFormatError');
    expect(obj.details).toEqual({ objectId: 0x20000002, offset: 12, structure: 'SoundTable' });
  });

  it('has no fallback: without executeInMainWorld the preload fails instead of exposing another error shape', async () => {
    await expect(loadPreload(false)).rejects.toThrow();
    expect(state.exposed.size).toBe(0);
  });
});
