import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ExportRequest, SoundscapeExportRequest, SoundServiceMethods } from '../../core/contract';
import { DEFAULT_PREFS } from '../../core/engine/types';
import { guardPaths, PathGrants, PathNotGrantedError } from './grants';

vi.mock('electron', () => {
  throw new Error('grants.ts must not import electron at run time');
});

/** A service that records what reached it. */
function fakeService(): { service: SoundServiceMethods; opened: (string | null)[]; exported: string[] } {
  const opened: (string | null)[] = [];
  const exported: string[] = [];
  const service = {
    openDat: async (p: string | null) => (opened.push(p), { path: p }),
    exportWaves: async (r: ExportRequest) => (exported.push(r.dir), { dir: r.dir }),
    exportSoundscape: async (r: { dir: string }) => (exported.push(`soundscape ${r.dir}`), { dir: r.dir }),
    getSummary: async () => null,
  } as unknown as SoundServiceMethods;
  return { service, opened, exported };
}

const req = (dir: string): ExportRequest => ({ ids: [0x0a000001], dir, format: 'decoded', force: false });

describe('paths the renderer may use: only those chosen in a dialog (issue #11, Electron d)', () => {
  it('a dat chosen in the Open dialog opens; a typed one is confirmed first (then granted) or refused', async () => {
    const f = fakeService();
    const grants = new PathGrants();
    const answers = [false, true];
    const asked: string[] = [];
    const g = guardPaths(
      f.service,
      grants,
      async (kind, p) => (asked.push(`${kind} ${p}`), answers.shift() ?? false),
      '/home/u',
    );
    grants.grantFile('/data/client_portal.dat');
    await g.openDat('/data/client_portal.dat');
    await g.openDat(null); // the demo dat
    expect(asked).toEqual([]);
    await expect(g.openDat('/etc/shadow')).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(g.openDat('/etc/shadow')).resolves.toEqual({ path: '/etc/shadow' }); // confirmed
    await g.openDat('/etc/shadow'); // granted now: not asked again
    expect(asked).toEqual(['open /etc/shadow', 'open /etc/shadow']);
    expect(f.opened).toEqual(['/data/client_portal.dat', null, '/etc/shadow', '/etc/shadow']);
  });

  it('exports only into a chosen folder (or inside it); a relative or typed folder is resolved and confirmed', async () => {
    const f = fakeService();
    const grants = new PathGrants();
    grants.grantFolder('/home/u/out');
    const asked: string[] = [];
    const g = guardPaths(f.service, grants, async (_k, p) => (asked.push(p), false), '/home/u');
    await g.exportWaves(req('/home/u/out'));
    await g.exportWaves(req('/home/u/out/sub'));
    await g.exportWaves(req('out'));
    const err = await g.exportWaves(req('/home/u/outside')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PathNotGrantedError);
    expect((err as PathNotGrantedError).code).toBe('EPERM');
    await expect(g.exportWaves(req('../../tmp/x'))).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(g.exportWaves(req('/home/u/out/../../../etc'))).rejects.toBeInstanceOf(PathNotGrantedError);
    expect(asked).toEqual(['/home/u/outside', resolve('/home/u', '../../tmp/x'), '/etc']);
    expect(f.exported).toEqual(['/home/u/out', '/home/u/out/sub', 'out']);
  });

  it('a soundscape export is held to the same folders (chosen, or confirmed)', async () => {
    const f = fakeService();
    const grants = new PathGrants();
    grants.grantFolder('/home/u/out');
    const g = guardPaths(f.service, grants, async () => false, '/home/u');
    const ss = (dir: string): SoundscapeExportRequest => ({
      dir,
      force: false,
      landblocks: [{ terrainType: 1, scene: 0 }],
      seconds: 5,
      seed: 1,
      mode: 'retail',
      prefs: DEFAULT_PREFS,
    });
    await g.exportSoundscape(ss('/home/u/out/sub'));
    await expect(g.exportSoundscape(ss('/tmp'))).rejects.toBeInstanceOf(PathNotGrantedError);
    expect(f.exported).toEqual(['soundscape /home/u/out/sub']);
  });

  it('other methods pass through untouched', async () => {
    const f = fakeService();
    const g = guardPaths(f.service, new PathGrants(), async () => false, join('/'));
    await expect(g.getSummary()).resolves.toBeNull();
  });
  it('the page never lists folders in the desktop app (its native dialogs pick and grant paths)', async () => {
    const f = fakeService();
    const listed: unknown[] = [];
    (f.service as { listDirectory: unknown }).listDirectory = async (p: unknown) => (listed.push(p), { path: p });
    const g = guardPaths(f.service, new PathGrants(), async () => true, '/home/u');
    await expect(g.listDirectory('/home/u', 'dat')).rejects.toBeInstanceOf(PathNotGrantedError);
    expect(listed).toEqual([]);
  });
});
