import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveUserPath, unquotePath } from './userPath';

const opts = { base: '/srv/work', home: '/home/ac' };

describe('resolveUserPath (issue #10 defect 4)', () => {
  it('expands a leading ~ to the home folder, never a folder named "~"', () => {
    expect(resolveUserPath('~/x', opts)).toEqual({ path: '/home/ac/x', relativeTo: null });
    expect(resolveUserPath('~', opts)).toEqual({ path: '/home/ac', relativeTo: null });
    // "~user" and "a/~" are names, not the home folder
    expect(resolveUserPath('a/~', opts).path).toBe('/srv/work/a/~');
  });

  it('drops the quotes of "Copy as path" and surrounding whitespace', () => {
    expect(unquotePath('  "/dats/client_portal.dat" ')).toBe('/dats/client_portal.dat');
    expect(unquotePath("'/dats/a b.dat'")).toBe('/dats/a b.dat');
    expect(resolveUserPath('"/dats/client_portal.dat"', opts).path).toBe('/dats/client_portal.dat');
    // unmatched quotes stay
    expect(unquotePath('"/dats/x')).toBe('"/dats/x');
  });

  it('turns a file:// URL into its path, escapes decoded', () => {
    expect(resolveUserPath('file:///dats/my%20portal.dat', opts)).toEqual({
      path: '/dats/my portal.dat',
      relativeTo: null,
    });
  });

  it('resolves a relative path against the base and says so', () => {
    expect(resolveUserPath('exports/x', opts)).toEqual({
      path: join('/srv/work', 'exports/x'),
      relativeTo: '/srv/work',
    });
  });

  it('keeps an absolute path and refuses an empty one', () => {
    expect(resolveUserPath('/a/b/../c', opts)).toEqual({ path: '/a/c', relativeTo: null });
    expect(() => resolveUserPath('  ""  ', opts)).toThrow(TypeError);
  });
});
