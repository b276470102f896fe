import { SOUND_TABLE_RANGE, WAVE_RANGE } from '../../../core/dat';
import { hex8 } from '../../../core/errors';
import { bestEffort } from '../../../core/index';
import type { Flags } from '../args';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { withDat } from './openDat';

/**
 * `acsound info <dat> [--json]`: the header summary (format, header offset, block size, file size,
 * data set, versions, B-tree root, free list, entry count, iteration, Wave and SoundTable counts).
 * Reads the header, the directory and the iteration record only.
 */
export async function infoCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  await withDat(path!, io.cwd, async (dat, file) => {
    const h = dat.header;
    // Best effort (core/index `bestEffort`, as when the service opens a dat): a corrupt node
    // outside the sound ranges or a malformed iteration record gives null and a warning, not a failure.
    const late: string[] = [];
    const [entryCount, iteration, waves, tables] = await Promise.all([
      bestEffort(() => dat.countEntries(), 'entry count unavailable', late),
      bestEffort(() => dat.readIteration(), 'iteration unavailable', late),
      dat.entriesInRange(WAVE_RANGE.min, WAVE_RANGE.max),
      dat.entriesInRange(SOUND_TABLE_RANGE.min, SOUND_TABLE_RANGE.max),
    ]);
    const info = {
      path: file,
      format: h.format,
      headerOffset: h.headerOffset,
      blockSize: h.blockSize,
      fileSize: dat.source.size,
      headerFileSize: h.fileSize,
      dataSet: h.dataSet,
      dataSubset: h.dataSubset,
      engineVersion: h.engineVersion,
      gameVersion: h.gameVersion,
      minorVersion: h.minorVersion,
      btreeRoot: h.btreeRoot,
      freeBlocks: h.freeBlocks,
      firstFree: h.firstFree,
      finalFree: h.finalFree,
      entryCount,
      iteration,
      waveCount: waves.length,
      soundTableCount: tables.length,
      warnings: [...dat.warnings, ...late, ...dat.readWarnings],
    };
    if (flags.json) {
      io.out(JSON.stringify(info) + '\n');
      return;
    }
    const opt = (v: number | null): string => (v === null ? '-' : String(v));
    const rows: string[][] = [
      ['File', file],
      [
        'Format',
        `${h.format === 'eor' ? 'end of retail (eor)' : 'pre-Throne-of-Destiny (pre-tod)'}, header at ${hex8(h.headerOffset)}`,
      ],
      ['Block size', `${h.blockSize} bytes`],
      ['File size', `${dat.source.size} bytes${h.fileSize !== dat.source.size ? ` (header says ${h.fileSize})` : ''}`],
      [
        'Data set',
        h.dataSet === null ? '-' : `${h.dataSet}${h.dataSet === 1 ? ' (portal)' : ''}, subset ${opt(h.dataSubset)}`,
      ],
      ['Versions', `engine ${opt(h.engineVersion)}, game ${opt(h.gameVersion)}, minor ${opt(h.minorVersion)}`],
      ['B-tree root', hex8(h.btreeRoot)],
      ['Free blocks', `${h.freeBlocks} (first ${hex8(h.firstFree)}, last ${hex8(h.finalFree)})`],
      ['Entries', entryCount === null ? '?' : String(entryCount)],
      ['Iteration', opt(iteration)],
      ['Waves', String(waves.length)],
      ['SoundTables', String(tables.length)],
    ];
    for (const w of info.warnings) rows.push(['Warning', w]);
    io.out(formatTable(['Field', 'Value'], rows).split('\n').slice(2).join('\n'));
  });
  return 0;
}
