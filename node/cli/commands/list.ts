import { hex8, userMessage } from '../../../core/errors';
// the modules, not the core/objects, core/codecs and core/index barrels: `list` loads only what it runs (issue #9)
import { bitsText, formatTagName } from '../../../core/codecs/registry';
import { dataSizeText, lengthKnown, secondsText } from '../../../core/index/waveListing';
import { SoundService } from '../../service/SoundService';
import { resolveUserPath } from '../../userPath';
import type { Flags } from '../args';
import { printDatWarnings } from '../datWarnings';
import type { CliIo } from '../io';
import { datJson, soundTableJson, waveJson, type ListJson } from '../listJson';
import { formatTable } from '../table';

/**
 * `acsound list <dat> [--json]`: every Wave and SoundTable of the dat. With --json, one line of
 * JSON in the exact shape of issue 2 §3 (see ../listJson.ts); otherwise two aligned tables.
 * Objects that fail to parse are listed with their error (JSON: an extra `error` key) and
 * counted on stderr; the exit code stays 0.
 */
export async function listCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  // ./openDat.ts `withService`, written out: list.cjs holds only the modules `list` runs (issue #9)
  const service = new SoundService();
  try {
    await service.openDat(resolveUserPath(path!, { base: io.cwd }).path);
    // the entry count (which openDat leaves out) is asked for with the lists, never before them
    const [summary, waves, tables] = await Promise.all([
      service.getSummary().then((s) => s!),
      service.listWaves(),
      service.listSoundTables(),
    ]);
    if (flags.json) {
      const soundTables = [];
      for (const t of tables) {
        if (t.error !== null) soundTables.push(soundTableJson(t.id, [], t.error));
        else soundTables.push(soundTableJson(t.id, (await service.getSoundTable(t.id)).sounds));
      }
      const json: ListJson = {
        dat: datJson(summary),
        waves: waves.map(waveJson),
        soundTables,
        warnings: [...summary.warnings],
      };
      io.out(JSON.stringify(json) + '\n');
    } else {
      io.out(
        `${summary.path}: ${summary.format}, ${summary.entryCount ?? '?'} entries, iteration ${summary.iteration ?? '?'}\n\n`,
      );
      io.out(`Waves (${waves.length})\n`);
      io.out(
        formatTable(
          ['id', 'format', 'rate', 'ch', 'bits', 'duration', 'frames', 'bytes', 'z', 'notes'],
          waves.map((w) => [
            hex8(w.id),
            w.error !== null ? '?' : formatTagName(w.formatTag),
            w.error !== null ? '' : String(w.sampleRate),
            w.error !== null ? '' : String(w.channels),
            w.error !== null ? '' : bitsText(w.formatTag, w.bitsPerSample),
            w.error !== null ? '' : lengthKnown(w) ? secondsText(w.durationSec) : '-',
            w.error !== null ? '' : lengthKnown(w) ? String(w.frames) : '-',
            w.error !== null ? '' : dataSizeText(w),
            w.compressed ? 'z' : '',
            w.error !== null ? `ERROR: ${userMessage(w.error)}` : w.warnings.join('; '),
          ]),
          new Set([2, 3, 4, 5, 6, 7]),
        ),
      );
      io.out(`\nSoundTables (${tables.length})\n`);
      io.out(
        formatTable(
          ['id', 'types', 'entries', 'label'],
          tables.map((t) => [
            hex8(t.id),
            t.error !== null ? '?' : String(t.soundTypeCount),
            t.error !== null ? '?' : String(t.entryCount),
            t.error !== null
              ? `ERROR: ${userMessage(t.error)}`
              : [t.label ?? '', ...t.warnings].filter(Boolean).join('; '),
          ]),
          new Set([1, 2]),
        ),
      );
    }
    const bad = waves.filter((w) => w.error !== null).length + tables.filter((t) => t.error !== null).length;
    printDatWarnings(io, summary.warnings, bad);
    return 0;
  } finally {
    await service.close();
  }
}
