import vm from 'node:vm';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { SOUND_SERVICE_METHODS, type Envelope, type SoundServiceMethods } from '../../core/contract';
import {
  DatFormatError,
  DecodeError,
  NotFoundError,
  ObjectFormatError,
  WavFormatError,
  errorToData,
  rebuildError,
  type ErrorData,
} from '../../core/errors';
import { IoError, notADatFile } from '../../node/errors';
import { EVENT_CHANNELS, HOST_CHANNELS } from '../shared/channels';
import type { AcSoundApi, AcSoundShell } from './api';
import { createRawApi, installAcsound, type IpcRendererLike, type RawApi } from './bridge';

vi.mock('electron', () => {
  throw new Error('bridge.ts must not import electron');
});

type Listener = (event: unknown, ...args: unknown[]) => void;

/** A fake ipcRenderer whose invoke answers like electron/main/ipc.ts: envelopes. */
function fakeIpc(answer: (channel: string, args: unknown[]) => unknown) {
  const listeners = new Map<string, Set<Listener>>();
  const calls: { channel: string; args: unknown[] }[] = [];
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      calls.push({ channel, args });
      return answer(channel, args);
    },
    on: (channel, l) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(l);
    },
    removeListener: (channel, l) => listeners.get(channel)?.delete(l),
  };
  const emit = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: 'main' }, payload);
  };
  return { ipc, calls, listeners, emit };
}

const notFound = errorToData(new NotFoundError(0x20000009, 'SoundTable'));

function serviceAnswer(channel: string, args: unknown[]): Envelope<unknown> {
  if (channel === 'service:getSoundTable') return { ok: false, error: notFound };
  if (channel === 'service:openDat')
    return {
      ok: false,
      error: { name: 'IoError', message: 'cannot open dat "/x": no such file (ENOENT)', code: 'ENOENT' },
    };
  if (channel === HOST_CHANNELS.chooseFolder) return { ok: true, result: '/picked' };
  return { ok: true, result: { channel, args } };
}

describe('createRawApi', () => {
  it('has one function per contract method, each invoking service:<method> with its arguments', async () => {
    const f = fakeIpc(serviceAnswer);
    const raw = createRawApi(f.ipc);
    expect(Object.keys(raw.service).sort()).toEqual([...SOUND_SERVICE_METHODS].sort());
    await raw.service.getWaveBytes(0x0a000001);
    await raw.service.exportWaves({ ids: [1], dir: '/out', format: 'decoded', force: false });
    expect(f.calls).toEqual([
      { channel: 'service:getWaveBytes', args: [0x0a000001] },
      { channel: 'service:exportWaves', args: [{ ids: [1], dir: '/out', format: 'decoded', force: false }] },
    ]);
  });

  it('never rejects: a failed invoke or a malformed reply becomes an error envelope', async () => {
    const failing: IpcRendererLike = {
      invoke: async () => {
        throw new Error("No handler registered for 'service:listWaves'");
      },
      on: () => undefined,
      removeListener: () => undefined,
    };
    expect(await createRawApi(failing).service.listWaves()).toEqual({
      ok: false,
      error: { name: 'Error', message: "No handler registered for 'service:listWaves'" },
    });
    const weird = createRawApi(fakeIpc(() => 42).ipc);
    const env = await weird.service.listWaves();
    expect(!env.ok && env.error.name).toBe('TransportError');
  });

  it('forwards export progress and menu commands, and unsubscribes', () => {
    const f = fakeIpc(serviceAnswer);
    const raw = createRawApi(f.ipc);
    const progress = vi.fn();
    const off = raw.onExportProgress(progress);
    f.emit(EVENT_CHANNELS.exportProgress, { done: 1, total: 3, id: 0x0a000001 });
    expect(progress).toHaveBeenCalledWith({ done: 1, total: 3, id: 0x0a000001 });
    off();
    f.emit(EVENT_CHANNELS.exportProgress, { done: 2, total: 3, id: 0x0a000002 });
    expect(progress).toHaveBeenCalledTimes(1);
    expect(f.listeners.get(EVENT_CHANNELS.exportProgress)?.size).toBe(0);

    const menu = vi.fn();
    raw.onMenuCommand(menu);
    f.emit(EVENT_CHANNELS.menuCommand, { command: 'export' });
    expect(menu).toHaveBeenCalledWith({ command: 'export' });
    expect(() => raw.onExportProgress('nope' as never)).toThrow(TypeError);
  });
});

describe('the page-facing API type', () => {
  it('is typed as the contract (a wrong argument fails to compile)', () => {
    expectTypeOf<AcSoundApi>().toMatchTypeOf<SoundServiceMethods>();
    expectTypeOf<AcSoundApi['getWaveBytes']>().parameters.toEqualTypeOf<[id: number]>();
    expectTypeOf<AcSoundApi['getWaveBytes']>().returns.toEqualTypeOf<Promise<Uint8Array>>();
    expectTypeOf<RawApi['service']['getSummary']>().returns.toEqualTypeOf<
      Promise<Envelope<Awaited<ReturnType<SoundServiceMethods['getSummary']>>>>
    >();
  });
});

/**
 * `contextBridge.executeInMainWorld` serializes `func` and runs it in the page's world. Do the
 * same here: compile its source text in a fresh V8 context (another realm with its own
 * globalThis and Error), so a reference to anything outside the function fails this test.
 */
function runInFreshWorld(raw: RawApi): { world: vm.Context; returned: unknown } {
  const world = vm.createContext({});
  const func = vm.runInContext(`(${installAcsound.toString()})`, world) as typeof installAcsound;
  const returned = func(raw, [...SOUND_SERVICE_METHODS], () => '/dropped/client_portal.dat');
  return { world, returned };
}

describe('installAcsound (runs in the main world)', () => {
  it('is self-contained: it runs from its source text alone', () => {
    const { world, returned } = runInFreshWorld(createRawApi(fakeIpc(serviceAnswer).ipc));
    expect(returned).toBe(true);
    expect(Object.keys(world['acsound'] as object).sort()).toEqual(
      [...SOUND_SERVICE_METHODS, 'host', 'onExportProgress'].sort(),
    );
  });

  it("rebuilds errors in the page's own realm with name, message and code", async () => {
    const { world } = runInFreshWorld(createRawApi(fakeIpc(serviceAnswer).ipc));
    const api = world['acsound'] as AcSoundApi;
    const pageError = vm.runInContext('Error', world) as ErrorConstructor;
    const e = await api.getSoundTable(0x20000009).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(pageError);
    expect(e).toMatchObject({ name: 'NotFoundError', message: 'SoundTable 0x20000009 is not in the dat' });
    await expect(api.openDat('/x')).rejects.toMatchObject({ name: 'IoError', code: 'ENOENT' });
    await expect(api.listSoundTables()).resolves.toEqual({ channel: 'service:listSoundTables', args: [] });
    await expect(api.host.chooseFolder()).resolves.toBe('/picked');
  });

  it('defines frozen, read-only window.acsound and window.acsoundShell', async () => {
    const f = fakeIpc((channel) =>
      channel === HOST_CHANNELS.getInitialPath
        ? { ok: true, result: '/d/client_portal.dat' }
        : { ok: true, result: null },
    );
    const { world } = runInFreshWorld(createRawApi(f.ipc));
    expect(
      vm.runInContext(
        'Object.isFrozen(acsound) && Object.isFrozen(acsound.host) && Object.isFrozen(acsoundShell)',
        world,
      ),
    ).toBe(true);
    expect(vm.runInContext('"use strict"; try { acsound = {}; "replaced" } catch (e) { e.name }', world)).toBe(
      'TypeError',
    );
    const shell = world['acsoundShell'] as AcSoundShell;
    await expect(shell.getInitialPath()).resolves.toBe('/d/client_portal.dat');
    expect(shell.pathForFile({} as File)).toBe('/dropped/client_portal.dat');
    const cmd = vi.fn();
    const off = shell.onMenuCommand(cmd);
    f.emit(EVENT_CHANNELS.menuCommand, { command: 'export' });
    off();
    f.emit(EVENT_CHANNELS.menuCommand, { command: 'export' });
    expect(cmd).toHaveBeenCalledTimes(1);
  });
});

describe('one error shape from the main process to the page', () => {
  const samples: ErrorData[] = [
    errorToData(new DatFormatError('block chain of 0x0A000012', 0x1f400, 'loops')),
    errorToData(new ObjectFormatError(0x0a000004, 16, 'format block size H = 5 is below 16', 'Wave')),
    errorToData(new DecodeError(0x0a000006, 'unsupported format 0x0002')),
    errorToData(new WavFormatError(12, 'no fmt chunk')),
    errorToData(new NotFoundError(0x20000009, 'SoundTable')),
    errorToData(new IoError((q) => `cannot open dat ${q('/x')}: no such file or directory (ENOENT)`, 'ENOENT', '/x')),
    errorToData(notADatFile((q) => `cannot open ${q('/d')}: is a directory (EISDIR)`, 'EISDIR', '/d')),
    { name: 'TransportError', message: 'no answer' },
  ];

  it('installAcsound rebuilds every error exactly as core/errors rebuildError does (name, message, code, details, kind)', async () => {
    const byChannel = new Map(samples.map((e, i) => [`service:${SOUND_SERVICE_METHODS[i]!}`, e]));
    const { world } = runInFreshWorld(
      createRawApi(fakeIpc((channel) => ({ ok: false, error: byChannel.get(channel) })).ipc),
    );
    const api = world['acsound'] as unknown as Record<string, () => Promise<unknown>>;
    for (const [i, data] of samples.entries()) {
      const got = (await api[SOUND_SERVICE_METHODS[i]!]!().catch((e: unknown) => e)) as Error & {
        code?: string;
        details?: unknown;
        kind?: unknown;
      };
      const want = rebuildError(data);
      const fields = (e: Error & { code?: string; details?: unknown; kind?: unknown }) => ({
        name: e.name,
        message: e.message,
        code: e.code,
        details: e.details,
        kind: e.kind,
      });
      expect(fields(got), data.name).toEqual(fields(want));
    }
    expect(samples.some((d) => d.kind === 'not-a-dat-file')).toBe(true);
  });
});
