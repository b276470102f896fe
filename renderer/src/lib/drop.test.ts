import { describe, expect, it } from 'vitest';
import { pathFromDrop, planDrop } from './drop';

const file = (name: string): File => ({ name }) as File;

describe('drop', () => {
  it('file URLs become paths', () => {
    expect(pathFromDrop('file:///home/u/client_portal.dat\r\n')).toBe('/home/u/client_portal.dat');
    expect(pathFromDrop('file:///C:/AC/client%20portal.dat')).toBe('C:/AC/client portal.dat');
    expect(pathFromDrop(' /data/x.dat ')).toBe('/data/x.dat');
  });

  it('Electron: the dropped .dat file opens by the path the preload gives (webUtils.getPathForFile)', () => {
    const asked: string[] = [];
    const host = {
      kind: 'electron' as const,
      pathForFile: (f: File) => {
        asked.push(f.name);
        return f.name === 'client_portal.dat' ? '/ac/client_portal.dat' : '';
      },
    };
    expect(planDrop({ files: [file('notes.txt'), file('client_portal.dat')], uriText: '' }, host)).toEqual({
      kind: 'open',
      path: '/ac/client_portal.dat',
    });
    expect(asked).toEqual(['client_portal.dat']);
    // no real path (dragged out of a web page): nothing happens, the URL text is not trusted
    expect(
      planDrop({ files: [file('x.dat')], uriText: 'file:///tmp/x.dat' }, { kind: 'electron', pathForFile: () => '' }),
    ).toEqual({ kind: 'none' });
  });

  it('browser host: a URL opens; a bare File asks for its path', () => {
    const host = { kind: 'browser' as const };
    expect(planDrop({ files: [], uriText: 'file:///d/client_portal.dat' }, host)).toEqual({
      kind: 'open',
      path: '/d/client_portal.dat',
    });
    expect(planDrop({ files: [file('client_portal.dat')], uriText: '' }, host)).toEqual({
      kind: 'hint',
      name: 'client_portal.dat',
    });
    expect(planDrop({ files: [], uriText: '' }, host)).toEqual({ kind: 'none' });
  });
});
