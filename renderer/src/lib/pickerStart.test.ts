/** Rule: "Browse…" opens at the folder typed in "Dat path" (or the typed path's folder), else the open dat's folder. */
import { describe, expect, it } from 'vitest';
import { folderOf, pickerStarts } from './pickerStart';

describe('Browse… starts at the folder typed in "Dat path"', () => {
  it('a typed folder comes first, then its parent, then the open dat folder', () => {
    expect(pickerStarts('/tmp/somefolder/', '/dats/demo_portal.dat')).toEqual(['/tmp/somefolder/', '/tmp', '/dats']);
    expect(pickerStarts('  /tmp/somefolder  ', '/dats/demo_portal.dat')).toEqual(['/tmp/somefolder', '/tmp', '/dats']);
  });

  it('a mistyped dat is tried, then its folder', () => {
    expect(pickerStarts('/tmp/x/client_portl.dat', '/dats/demo_portal.dat')).toEqual([
      '/tmp/x/client_portl.dat',
      '/tmp/x',
      '/dats',
    ]);
  });

  it('nothing typed (or the open dat path shown) keeps the open dat folder', () => {
    expect(pickerStarts('', '/dats/demo_portal.dat')).toEqual(['/dats']);
    expect(pickerStarts('/dats/demo_portal.dat', '/dats/demo_portal.dat')).toEqual(['/dats']);
    expect(pickerStarts('', null)).toEqual([]);
  });

  it('folderOf: either separator, the root, a trailing separator', () => {
    expect(folderOf('C:\\AC\\client_portal.dat')).toBe('C:\\AC');
    expect(folderOf('/client_portal.dat')).toBe('/');
    expect(folderOf('/tmp/somefolder/')).toBe('/tmp');
    expect(folderOf('client_portal.dat')).toBeNull();
    expect(folderOf(null)).toBeNull();
  });
});
