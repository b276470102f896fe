import { describe, expect, it } from 'vitest';
import { checkWavFileName } from './wavTarget';
import { UsageError } from './usage';

describe('checkWavFileName (the one .wav check of render --out and ambient --render)', () => {
  it('accepts a name ending in .wav, any case, with folders', () => {
    expect(() => checkWavFileName('a.wav', '--out', 'render')).not.toThrow();
    expect(() => checkWavFileName('dir/B.WAV', '--render', 'ambient')).not.toThrow();
  });
  it('refuses another extension, no extension and an empty name as a usage error naming the option', () => {
    for (const name of ['x.txt', 'x', 'x.wav.json', 'wav']) {
      let e: unknown;
      try {
        checkWavFileName(name, '--out', 'render');
      } catch (err) {
        e = err;
      }
      expect(e).toBeInstanceOf(UsageError);
      expect((e as UsageError).message).toMatch(
        new RegExp(`^--out: "${name.replace(/\./g, '\\.')}" is not a \\.wav file name`),
      );
      expect((e as UsageError).command).toBe('render');
    }
    expect(() => checkWavFileName('', '--render', 'ambient')).toThrow('--render needs a file name');
  });
});
