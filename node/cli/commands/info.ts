import { errorRecord } from '../../../core/envelope';
import { hex8 } from '../../../core/errors';
import { readDatHeaderInfo, readDatInfo, type DatHeaderInfo, type DatInfo } from '../../service/datInfo';
import { EntryCountCache } from '../../service/entryCountCache';
import { resolveUserPath } from '../../userPath';
import type { Flags } from '../args';
import { exitCodeFor, oneLine, reportError } from '../exitCodes';
import type { CliIo } from '../io';
import { formatTable } from '../table';

/**
 * `acsound info <dat> [--json]`: the header summary (format, header offset, block size, file size,
 * data set, versions, B-tree root, free list, entry count, iteration, Wave and SoundTable counts),
 * read as the SoundService reads it (node/service/datInfo.ts `readDatInfo`: its open, checks,
 * errors and entry-count cache) without indexing the Waves and SoundTables it only counts.
 *
 * A dat whose header reads but which cannot be opened past it (a truncated or corrupt B-tree, an
 * invalid header field) still shows its header: the fields as stored, what needs the B-tree
 * (entries, iteration, Waves, SoundTables) unknown — `?` in the table, null in JSON —, and the
 * error beside them (an `Error` row; `--json` adds `"error"`, the wire shape of every `--json`
 * error). The error's one line is on stderr and the exit code is the error's (2 for a corrupt dat),
 * as for any failed command. A file with no readable header is the plain error, as before.
 */
export async function infoCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  let info: DatInfo;
  let file: string | null = null;
  try {
    file = resolveUserPath(path!, { base: io.cwd }).path;
    info = await readDatInfo(file, EntryCountCache.forUser());
  } catch (e) {
    const header = file === null ? null : await readDatHeaderInfo(file).catch(() => null);
    if (header === null) throw e;
    if (flags.json) io.out(JSON.stringify({ ...header, error: errorRecord(e) }) + '\n');
    else io.out(infoTable(header, oneLine(e)));
    reportError(io, e);
    return exitCodeFor(e);
  }
  if (flags.json) io.out(JSON.stringify(info) + '\n');
  else io.out(infoTable(info, null));
  return 0;
}

/** The Field/Value table of `info`; `error` (the open's one line) is its last row. */
function infoTable(info: DatInfo | DatHeaderInfo, error: string | null): string {
  const opt = (v: number | null): string => (v === null ? '-' : String(v));
  const count = (v: number | null): string => (v === null ? '?' : String(v));
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
    ['Entries', count(info.entryCount)],
    // unknown is `?`, one marker for every value only the B-tree gives (README "info")
    ['Iteration', count(info.iteration)],
    ['Waves', count(info.waveCount)],
    ['SoundTables', count(info.soundTableCount)],
  ];
  for (const w of info.warnings) rows.push(['Warning', w]);
  if (error !== null) rows.push(['Error', `cannot be read past the header: ${error}`]);
  return formatTable(['Field', 'Value'], rows).split('\n').slice(2).join('\n') + '\n';
}
