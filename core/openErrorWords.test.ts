import { describe, expect, it } from 'vitest';
import { openErrorWords, withoutPath } from './openErrorWords';

describe('a failed open names the dat path once', () => {
  const path = '/home/me/ac/client_portal.dat';
  it('the file system\'s "cannot open "<path>": " goes: the head names the path', () => {
    expect(openErrorWords({ text: `cannot open "${path}": no such file or directory (ENOENT)` }, path).head).toBe(
      `Could not open the dat ${path}: no such file or directory (ENOENT)`,
    );
    expect(openErrorWords({ text: `cannot open "${path}": permission denied (EACCES)` }, path).head).toBe(
      `Could not open the dat ${path}: permission denied (EACCES)`,
    );
  });
  it('any other quote of the path is "it"; other paths and the demo dat (no path) keep their words', () => {
    expect(withoutPath(`cannot read the size of "${path}": input/output error (EIO)`, path)).toBe(
      'cannot read the size of it: input/output error (EIO)',
    );
    expect(withoutPath('cannot open "/other.dat": no such file or directory (ENOENT)', path)).toBe(
      'cannot open "/other.dat": no such file or directory (ENOENT)',
    );
    expect(openErrorWords({ text: "not an Asheron's Call dat" }, path).head).toBe(
      `Could not open the dat ${path}: not an Asheron's Call dat`,
    );
    expect(openErrorWords({ text: `cannot open "${path}": x` }, null).head).toBe(
      `Could not open the dat: cannot open "${path}": x`,
    );
  });
  it('a long path the message shortened around "…" is still the path', () => {
    const long = `/${'d'.repeat(150)}/client_portal.dat`;
    const shown = `${long.slice(0, 59)}…${long.slice(long.length - 60)}`;
    expect(openErrorWords({ text: `cannot open "${shown}": no such file or directory (ENOENT)` }, long).head).toBe(
      `Could not open the dat ${long}: no such file or directory (ENOENT)`,
    );
  });
  it('a folder keeps its own words and hint', () => {
    expect(
      openErrorWords({ text: 'cannot open "/x": is a directory (EISDIR)', kind: 'not-a-dat-file' }, '/x').head,
    ).toBe("This is not an Asheron's Call dat file: /x");
  });
});
