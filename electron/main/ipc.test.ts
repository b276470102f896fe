import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { computeCensus } from '../../core/census';
import { SOUND_SERVICE_METHODS, type Envelope, type SoundServiceMethods } from '../../core/contract';
import { toEnvelope } from '../../core/envelope';
import { DatFormatError, describeError, NotFoundError, userMessage } from '../../core/errors';
import { IoError } from '../../node/errors';
import { ARG_PARSERS, METHOD_ARITY } from '../../node/service/dispatch';
import { HOST_CHANNELS, serviceChannel } from '../shared/channels';
import {
  callService,
  gateService,
  registerHostHandlers,
  registerServiceHandlers,
  type HostDeps,
  type IpcRegistrar,
} from './ipc';

vi.mock('electron', () => {
  throw new Error('ipc.ts must not import electron at run time (it would start the binary download)');
});

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

function fakeIpc(): IpcRegistrar & { handlers: Map<string, Handler> } {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: (channel: string, handler: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel: string) => {
      handlers.delete(channel);
    },
  } as unknown as IpcRegistrar & { handlers: Map<string, Handler> };
}

const event = {
  senderFrame: { url: 'file:///app/out/renderer/index.html', parent: null },
} as unknown as IpcMainInvokeEvent;
const trusted = () => true;

const summary = {
  path: '/x/client_portal.dat',
  demo: false,
  format: 'eor' as const,
  blockSize: 1024,
  fileSize: 4096,
  dataSet: 1,
  entryCount: 3,
  iteration: 7,
  waveCount: 2,
  soundTableCount: 1,
  openMs: 1,
  warnings: [],
};

function fakeService(): SoundServiceMethods {
  return {
    openDat: vi.fn(async () => summary),
    getSummary: vi.fn(async () => summary),
    listWaves: vi.fn(async () => []),
    listSoundTables: vi.fn(async () => []),
    getSoundTable: vi.fn(async (id: number) => {
      throw new NotFoundError(id, 'SoundTable');
    }),
    listSoundTableDetails: vi.fn(async () => []),
    getWaveUsage: vi.fn(async () => []),
    getWaveBytes: vi.fn(async () => new Uint8Array([1, 2, 3])),
    exportWaves: vi.fn(async (r) => ({
      dir: r.dir,
      written: [],
      skipped: [],
      failed: [],
      notAttempted: [],
      cancelled: false,
    })),
    cancelExport: vi.fn(async () => undefined),
    defaultExportDir: vi.fn(async () => '/home/u/AC Sound Browser export'),
    listDirectory: vi.fn(async () => ({
      path: '/home/u',
      parent: '/home',
      home: '/home/u',
      entries: [],
      truncated: false,
    })),
    getCensus: vi.fn(async () => computeCensus([], [])),
    startGraph: vi.fn(async () => {
      throw new Error('not used');
    }),
    getGraphStatus: vi.fn(async () => {
      throw new Error('not used');
    }),
    cancelGraph: vi.fn(async () => {
      throw new Error('not used');
    }),
    getSoundGraph: vi.fn(async () => {
      throw new Error('not used');
    }),
    getReferences: vi.fn(async () => {
      throw new Error('not used');
    }),
    getUsedByCounts: vi.fn(async () => {
      throw new Error('not used');
    }),
    listCreatures: vi.fn(async () => {
      throw new Error('not used');
    }),
    listEffects: vi.fn(async () => {
      throw new Error('not used');
    }),
    getCreature: vi.fn(async () => {
      throw new Error('not used');
    }),
    getTimeline: vi.fn(async () => {
      throw new Error('not used');
    }),
    getSoundscape: vi.fn(async () => null),
    exportSoundscape: vi.fn(async (r) => ({
      dir: r.dir,
      outcome: 'exists' as const,
      existing: 'a.wav',
      wav: 'a.wav',
      sidecar: 'a.json',
      events: 0,
      played: 0,
      peak: 0,
      peakDb: null,
      gain: 1,
      missingWaves: [],
    })),
  };
}

async function invoke(
  ipc: ReturnType<typeof fakeIpc>,
  channel: string,
  ...args: unknown[]
): Promise<Envelope<unknown>> {
  const h = ipc.handlers.get(channel);
  if (!h) throw new Error(`no handler for ${channel}`);
  return (await h(event, ...args)) as Envelope<unknown>;
}

describe('registerServiceHandlers', () => {
  it('registers exactly one service:<method> handler per contract method', () => {
    const ipc = fakeIpc();
    registerServiceHandlers(ipc, fakeService(), trusted);
    expect([...ipc.handlers.keys()].sort()).toEqual(SOUND_SERVICE_METHODS.map((m) => `service:${m}`).sort());
  });

  it('has an argument check for every contract method (the one shared with the HTTP host)', () => {
    expect(Object.keys(ARG_PARSERS).sort()).toEqual([...SOUND_SERVICE_METHODS].sort());
    // the arity table is derived from the parsers, not kept by hand
    for (const m of SOUND_SERVICE_METHODS) expect(METHOD_ARITY[m]).toBe(ARG_PARSERS[m].arity);
    expect(METHOD_ARITY).toMatchObject({
      openDat: 1,
      getSummary: 0,
      getWaveBytes: 1,
      exportWaves: 1,
      getCensus: 0,
      listSoundTableDetails: 0,
    });
  });

  it('wraps results in an ok envelope and passes the arguments through', async () => {
    const ipc = fakeIpc();
    const service = fakeService();
    registerServiceHandlers(ipc, service, trusted);
    expect(await invoke(ipc, serviceChannel('openDat'), '/x/client_portal.dat')).toEqual({ ok: true, result: summary });
    expect(service.openDat).toHaveBeenCalledWith('/x/client_portal.dat');
    expect(await invoke(ipc, serviceChannel('openDat'), null)).toEqual({ ok: true, result: summary });
    expect(service.openDat).toHaveBeenLastCalledWith(null);
    const bytes = await invoke(ipc, serviceChannel('getWaveBytes'), 0x0a000001);
    expect(bytes).toEqual({ ok: true, result: new Uint8Array([1, 2, 3]) });
  });

  it('turns a thrown error into data that keeps its name (errors as data, never a rejected invoke)', async () => {
    const ipc = fakeIpc();
    registerServiceHandlers(ipc, fakeService(), trusted);
    const env = await invoke(ipc, serviceChannel('getSoundTable'), 0x20000009);
    expect(env).toEqual({
      ok: false,
      error: { name: 'NotFoundError', message: 'SoundTable 0x20000009 is not in the dat' },
    });
  });

  it('keeps the code of node errors (IoError ENOENT)', async () => {
    const service = fakeService();
    service.openDat = async () => {
      throw new IoError(
        (q) => `cannot open dat ${q('/nope.dat')}: no such file or directory (ENOENT)`,
        'ENOENT',
        '/nope.dat',
      );
    };
    const env = await callService(service, 'openDat', ['/nope.dat']);
    expect(env).toEqual({
      ok: false,
      error: {
        name: 'IoError',
        message: 'cannot open dat "/nope.dat": no such file or directory (ENOENT)',
        code: 'ENOENT',
      },
    });
  });

  it('refuses calls from frames that are not our renderer, without calling the service', async () => {
    const ipc = fakeIpc();
    const service = fakeService();
    registerServiceHandlers(ipc, service, () => false);
    const env = await invoke(ipc, serviceChannel('listWaves'));
    expect(env.ok).toBe(false);
    expect(!env.ok && env.error.name).toBe('UntrustedSenderError');
    expect(service.listWaves).not.toHaveBeenCalled();
  });

  it('checks arguments at the boundary with the service RequestError', async () => {
    const service = fakeService();
    for (const [method, args] of [
      ['getSoundTable', ['0x20000001']],
      ['getWaveBytes', [-1]],
      ['getWaveUsage', [2 ** 32]],
      ['openDat', [42]],
      ['listWaves', ['extra']],
      ['getCensus', [1]],
      ['listSoundTableDetails', [1]],
      ['exportWaves', [{ ids: [1], dir: '', format: 'decoded', force: false }]],
      ['exportWaves', [{ ids: [1], dir: '/abs', format: 'flac', force: false }]],
      ['exportWaves', [null]],
    ] as const) {
      const env = await callService(service, method, args);
      expect(env.ok, `${method}(${JSON.stringify(args)})`).toBe(false);
      expect(!env.ok && env.error.name).toBe('RequestError');
    }
    expect(service.getSoundTable).not.toHaveBeenCalled();
    expect(service.exportWaves).not.toHaveBeenCalled();
  });

  it('removes every handler it registered', () => {
    const ipc = fakeIpc();
    const dispose = registerServiceHandlers(ipc, fakeService(), trusted);
    dispose();
    expect(ipc.handlers.size).toBe(0);
  });
});

describe('toEnvelope / describeError / userMessage', () => {
  it('never throws', async () => {
    expect(await toEnvelope(() => 5)).toEqual({ ok: true, result: 5 });
    expect(await toEnvelope(() => Promise.reject(new DatFormatError('header', 0x140, 'bad magic')))).toEqual({
      ok: false,
      error: {
        name: 'DatFormatError',
        message: 'header bad magic at offset 0x00000140',
        details: { objectId: null, offset: 0x140, structure: 'header' },
      },
    });
    expect(await toEnvelope(() => Promise.reject('plain string'))).toEqual({
      ok: false,
      error: { name: 'Error', message: 'plain string' },
    });
  });

  it('names the error in dialogs', () => {
    expect(describeError(new NotFoundError(1))).toBe('NotFoundError: object 0x00000001 is not in the dat');
    expect(describeError(new Error('plain'))).toBe('plain');
    // people see the message alone (the main process's dialogs, issue #10 defect 7)
    expect(userMessage(new NotFoundError(1))).toBe('object 0x00000001 is not in the dat');
  });
});

describe('gateService', () => {
  it('holds every call until startup settles, even when startup fails', async () => {
    const service = fakeService();
    let fail!: (e: Error) => void;
    const startup = new Promise<void>((_resolve, reject) => (fail = reject));
    const gated = gateService(service, startup);
    expect(Object.keys(gated).sort()).toEqual([...SOUND_SERVICE_METHODS].sort());
    const pending = gated.getSummary();
    await Promise.resolve();
    expect(service.getSummary).not.toHaveBeenCalled();
    fail(new Error('argv dat missing'));
    await expect(pending).resolves.toEqual(summary);
  });
});

describe('registerHostHandlers', () => {
  function deps(result: { canceled: boolean; filePaths: string[] }): HostDeps & { calls: unknown[][] } {
    const calls: unknown[][] = [];
    return {
      calls,
      dialog: {
        showOpenDialog: (async (...args: unknown[]) => {
          calls.push(args);
          return result;
        }) as HostDeps['dialog']['showOpenDialog'],
      },
      windowFor: () => null,
      initialPath: () => '/dats/client_portal.dat',
      defaultExportDir: async () => '/home/u/export',
    };
  }

  it('chooses a folder (starting at the default export folder) and a dat, null when cancelled', async () => {
    const ipc = fakeIpc();
    const d = deps({ canceled: false, filePaths: ['/picked'] });
    registerHostHandlers(ipc, d, trusted);
    expect(await invoke(ipc, HOST_CHANNELS.chooseFolder)).toEqual({ ok: true, result: '/picked' });
    expect(d.calls[0]?.[0]).toMatchObject({
      defaultPath: '/home/u/export',
      properties: expect.arrayContaining(['openDirectory']),
    });
    expect(await invoke(ipc, HOST_CHANNELS.chooseDat)).toEqual({ ok: true, result: '/picked' });
    expect(d.calls[1]?.[0]).toMatchObject({ properties: ['openFile'] });
    expect(await invoke(ipc, HOST_CHANNELS.getInitialPath)).toEqual({ ok: true, result: '/dats/client_portal.dat' });

    const ipc2 = fakeIpc();
    registerHostHandlers(ipc2, deps({ canceled: true, filePaths: [] }), trusted);
    expect(await invoke(ipc2, HOST_CHANNELS.chooseDat)).toEqual({ ok: true, result: null });
  });

  it('refuses untrusted senders', async () => {
    const ipc = fakeIpc();
    const d = deps({ canceled: false, filePaths: ['/picked'] });
    registerHostHandlers(ipc, d, () => false);
    const env = await invoke(ipc, HOST_CHANNELS.chooseFolder);
    expect(!env.ok && env.error.name).toBe('UntrustedSenderError');
    expect(d.calls).toHaveLength(0);
  });
});
