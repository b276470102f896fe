import { describe, expect, it } from 'vitest';
import { SOUND_SERVICE_METHODS, type SoundServiceMethods } from '../../../core/contract';
import { createElectronBridge } from './electronBridge';
import type { AcSoundApi } from './types';

function fakeApi(over: Partial<Record<keyof SoundServiceMethods, (...a: unknown[]) => Promise<unknown>>>): AcSoundApi {
  const notImpl = () => Promise.reject(new Error('not implemented'));
  const base: Record<string, unknown> = {};
  for (const m of SOUND_SERVICE_METHODS) base[m] = notImpl;
  return {
    ...(base as unknown as SoundServiceMethods),
    ...(over as unknown as Partial<SoundServiceMethods>),
    onExportProgress: () => () => undefined,
    host: { kind: 'electron', chooseFolder: () => Promise.resolve('/tmp/out'), chooseDat: () => Promise.resolve(null) },
  };
}

describe('electron bridge', () => {
  it('passes results through', async () => {
    const bridge = createElectronBridge(fakeApi({ defaultExportDir: () => Promise.resolve('/home/u/Music') }));
    await expect(bridge.defaultExportDir()).resolves.toBe('/home/u/Music');
  });
  it('listSoundTableDetails goes through the preload API with no arguments', async () => {
    const seen: unknown[][] = [];
    const bridge = createElectronBridge(
      fakeApi({ listSoundTableDetails: (...a) => (seen.push(a), Promise.resolve([])) }),
    );
    await expect(bridge.listSoundTableDetails()).resolves.toEqual([]);
    expect(seen).toEqual([[]]);
  });
  it('has one method per contract method (generated from SOUND_SERVICE_METHODS)', () => {
    const bridge = createElectronBridge(fakeApi({}));
    for (const m of SOUND_SERVICE_METHODS) expect(typeof bridge[m], m).toBe('function');
  });
  it('keeps the name of a rejected error', async () => {
    const err = new Error('object 0x0A000001 is not in the dat');
    err.name = 'NotFoundError';
    const bridge = createElectronBridge(fakeApi({ getWaveBytes: () => Promise.reject(err) }));
    await expect(bridge.getWaveBytes(1)).rejects.toMatchObject({ name: 'NotFoundError' });
  });
  it('describes the host with its dialogs and the shell initial path', async () => {
    const shell = {
      getInitialPath: () => Promise.resolve('/d/client_portal.dat'),
      onMenuCommand: () => () => undefined,
      pathForFile: () => '/p',
    };
    const host = await createElectronBridge(fakeApi({}), shell).getHost();
    expect(host.kind).toBe('electron');
    expect(host.initialPath).toBe('/d/client_portal.dat');
    await expect(host.chooseFolder!()).resolves.toBe('/tmp/out');
    expect(host.pathForFile!({} as File)).toBe('/p');
  });
});
