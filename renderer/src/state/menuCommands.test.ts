import { describe, expect, it, vi } from 'vitest';
import type { DatSummary } from '../../../core/contract';
import { composeApp } from '../app/compose';
import type { MenuCommand, ServiceBridge } from '../bridge';
import { useDat } from './datStore';
import { useExport } from './exportStore';

const summary = (path: string | null): DatSummary => ({
  path,
  demo: path === null,
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
});

describe('Electron menu commands reach the stores through the bridge (wired by the composition root)', () => {
  it('"open" runs the open-dat flow with the chosen path; "export" opens the Export dialog', async () => {
    let menu: ((c: MenuCommand) => void) | null = null;
    const openDat = vi.fn(async (path: string | null) => summary(path));
    const app = composeApp({
      window: null,
      storage: null,
      bridge: {
        getHost: async () => ({ kind: 'electron', initialPath: null }),
        onMenuCommand: (cb: (c: MenuCommand) => void) => {
          menu = cb;
          return () => undefined;
        },
        getSummary: async () => null,
        openDat,
        listWaves: async () => [],
        listSoundTables: async () => [],
        listSoundTableDetails: async () => [],
        onExportProgress: () => () => undefined,
        defaultExportDir: async () => '/home/u/export',
      } as unknown as ServiceBridge,
    });
    await app.start();
    expect(openDat).toHaveBeenLastCalledWith(null); // nothing open, no initial path: the demo
    expect(menu).not.toBeNull();

    menu!({ command: 'open', path: '/ac/client_portal.dat' });
    await vi.waitFor(() => expect(useDat.getState().summary?.path).toBe('/ac/client_portal.dat'));
    expect(openDat).toHaveBeenLastCalledWith('/ac/client_portal.dat');

    expect(useExport.getState().open).toBe(false);
    menu!({ command: 'export' });
    expect(useExport.getState().open).toBe(true);
    await vi.waitFor(() => expect(useExport.getState().folder).toBe('/home/u/export'));
    app.dispose();
  });
});
