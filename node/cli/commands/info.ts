import { hex8 } from '../../../core/errors';
import type { Flags } from '../args';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { withService } from './openDat';

/**
 * `acsound info <dat> [--json]`: the header summary (format, header offset, block size, file size,
 * data set, versions, B-tree root, free list, entry count, iteration, Wave and SoundTable counts),
 * from the SoundService that opened the dat (its one open path: node/service/datInfo.ts).
 */
export async function infoCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  await withService(path!, io.cwd, async (service) => {
    const info = await service.getDatInfo();
    if (flags.json) {
      io.out(JSON.stringify(info) + '\n');
      return;
    }
    const opt = (v: number | null): string => (v === null ? '-' : String(v));
    const rows: string[][] = [
      ['File', info.path ?? '-'],
      [
        'Format',
        `${info.format === 'eor' ? 'end of retail (eor)' : 'pre-Throne-of-Destiny (pre-tod)'}, header at ${hex8(info.headerOffset)}`,
      ],
      ['Block size', `${info.blockSize} bytes`],
      [
        'File size',
        `${info.fileSize} bytes${info.headerFileSize !== info.fileSize ? ` (header says ${info.headerFileSize})` : ''}`,
      ],
      [
        'Data set',
        info.dataSet === null
          ? '-'
          : `${info.dataSet}${info.dataSet === 1 ? ' (portal)' : ''}, subset ${opt(info.dataSubset)}`,
      ],
      ['Versions', `engine ${opt(info.engineVersion)}, game ${opt(info.gameVersion)}, minor ${opt(info.minorVersion)}`],
      ['B-tree root', hex8(info.btreeRoot)],
      ['Free blocks', `${info.freeBlocks} (first ${hex8(info.firstFree)}, last ${hex8(info.finalFree)})`],
      ['Entries', info.entryCount === null ? '?' : String(info.entryCount)],
      ['Iteration', opt(info.iteration)],
      ['Waves', String(info.waveCount)],
      ['SoundTables', String(info.soundTableCount)],
    ];
    for (const w of info.warnings) rows.push(['Warning', w]);
    io.out(formatTable(['Field', 'Value'], rows).split('\n').slice(2).join('\n'));
  });
  return 0;
}
