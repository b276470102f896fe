import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportProgress } from '../../../core/contract';
import { getBridge, type ServiceBridge } from '../bridge';
import { openDat } from '../state/datStore';
import { useExport } from '../state/exportStore';
import { setDistance } from '../state/listenerStore';
import { addRollLog, useRolls } from '../state/rollsStore';
import { composeApp, type ComposedApp } from './compose';

function fakeBridge() {
  const progress = new Set<(p: ExportProgress) => void>();
  const bridge = {
    openDat: async (path: string) => ({
      path,
      demo: false,
      format: 'eor',
      blockSize: 1024,
      fileSize: 1,
      dataSet: 1,
      entryCount: 0,
      iteration: 1,
      waveCount: 0,
      soundTableCount: 0,
      openMs: 0,
      warnings: [],
    }),
    getSummary: async () => null,
    listWaves: async () => [],
    listSoundTables: async () => [],
    onMenuCommand: () => () => undefined,
    onExportProgress: (cb: (p: ExportProgress) => void) => {
      progress.add(cb);
      return () => progress.delete(cb);
    },
  } as unknown as ServiceBridge;
  return { bridge, emit: (p: ExportProgress) => progress.forEach((cb) => cb(p)), listeners: () => progress.size };
}

let app: ComposedApp | null = null;
afterEach(() => {
  app?.dispose();
  app = null;
});

describe('composition root (renderer/src/app/compose.ts)', () => {
  it('installs the bridge: the stores use it; before composing there is none', async () => {
    expect(() => getBridge()).toThrow(/not composed/);
    const fake = fakeBridge();
    app = composeApp({ bridge: fake.bridge, window: null, storage: null });
    // the stores use the bridge as the composition root installs it (watched for a stopped host),
    // and its calls reach the given one
    expect(getBridge()).toBe(app.bridge);
    await expect(getBridge().openDat('x.dat')).resolves.toMatchObject({ path: 'x.dat' });
  });

  it('a newly opened dat resets the Player and clears the roll logs; Listener changes reach the Player', async () => {
    const fake = fakeBridge();
    app = composeApp({ bridge: fake.bridge, window: null, storage: null });
    const reset = vi.spyOn(app.player, 'reset');
    const apply = vi.spyOn(app.player, 'applySettings');
    addRollLog('1:2', { played: false } as never);
    await openDat('a.dat');
    expect(reset).toHaveBeenCalledTimes(1);
    expect(useRolls.getState().logs).toEqual({});
    setDistance(12);
    expect(apply).toHaveBeenLastCalledWith(expect.objectContaining({ distance: 12 }));
  });

  it('export progress events reach the export store; dispose undoes every subscription', async () => {
    const fake = fakeBridge();
    app = composeApp({ bridge: fake.bridge, window: null, storage: null });
    fake.emit({ done: 2, total: 5, id: 7 });
    expect(useExport.getState().progress).toEqual({ done: 2, total: 5, id: 7 });
    const reset = vi.spyOn(app.player, 'reset');
    app.dispose();
    app = null;
    expect(fake.listeners()).toBe(0);
    expect(() => getBridge()).toThrow(/not composed/);
    setDistance(20); // no Player connected: nothing throws, nothing is called
    expect(reset).not.toHaveBeenCalled();
  });
});
