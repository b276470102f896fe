/**
 * The CLI's dat commands that list, read or export objects go through the SoundService (its
 * index, checks and errors, as the app gets them), never a DatFile of their own
 * (docs/architecture.md, "The CLI goes through SoundService"), `info` and `ambient` included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const commands = join(import.meta.dirname, 'commands');
const THROUGH_SERVICE = ['export', 'render', 'list', 'census', 'playTable', 'graph', 'info', 'ambient'];

describe('dat commands open the dat through the SoundService', () => {
  for (const name of THROUGH_SERVICE) {
    it(`${name}: no withDat, DatFile or FileByteSource of its own`, () => {
      const src = readFileSync(join(commands, `${name}.ts`), 'utf8');
      expect(src).not.toMatch(/\bwithDat\b|\bDatFile\b|\bFileByteSource\b|\.readEntry\(/);
      expect(src).toMatch(/\bSoundService\b|\bwithService\b/);
    });
  }
});
