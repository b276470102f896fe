import type { Census, CensusBucket, CensusValue } from '../../../core/contract';
import { hex8, withName } from '../../../core/errors';
import { secondsText } from '../../../core/index/waveListing';
import { bitsBucketText } from '../../../core/codecs/registry';
import { formatTagHex, formatTagName } from '../../../core/objects';
import type { Flags } from '../args';
import { shortestFloat32 } from '../float32';
import { printDatWarnings } from '../datWarnings';
import type { CliIo } from '../io';
import { formatTable } from '../table';
import { withService } from './openDat';

/** Seconds for JSON: rounded to microseconds so sums print the same everywhere. */
function sec(s: number): number;
function sec(s: number | null): number | null;
function sec(s: number | null): number | null {
  return s === null ? null : Math.round(s * 1e6) / 1e6;
}

/** A duration for the table: "-" when unknown (core/index `lengthKnown`), as `acsound list`. */
const secText = (s: number | null): string => (s === null ? '-' : secondsText(s));

/**
 * `acsound census --json`: the census with ids as `0x` + 8 hex digits, float32 row values as
 * their shortest decimal and durations in seconds (6 decimals). Keys are those of the contract's
 * `Census`, in its order, then `warnings`: the dat's warnings, always present (`[]` when none),
 * as `list --json` and `graph --json` carry them (the lines stderr gives as `warning: …`).
 */
export function censusJson(c: Census, warnings: readonly string[] = []): unknown {
  const bucket = (b: CensusBucket) => ({
    value: b.value,
    waves: b.waves,
    durationSec: sec(b.durationSec),
    bytes: b.bytes,
  });
  const value = (v: CensusValue) => ({ value: shortestFloat32(v.value), rows: v.rows });
  const ids = (list: number[]) => list.map(hex8);
  const w = c.waves;
  const t = c.soundTables;
  return {
    waves: {
      count: w.count,
      byFormatTag: w.byFormatTag.map(bucket),
      bySampleRate: w.bySampleRate.map(bucket),
      byChannels: w.byChannels.map(bucket),
      byBitsPerSample: w.byBitsPerSample.map(bucket),
      byHeaderSize: w.byHeaderSize.map(bucket),
      headerSize18: w.headerSize18,
      headerSize30: w.headerSize30,
      headerSizeOther: w.headerSizeOther,
      compressed: w.compressed,
      withWarnings: w.withWarnings,
      withErrors: w.withErrors,
      totalDurationSec: sec(w.totalDurationSec),
      totalBytes: w.totalBytes,
      unused: w.unused,
      warningIds: ids(w.warningIds),
      errorIds: ids(w.errorIds),
      unusedIds: ids(w.unusedIds),
    },
    soundTables: {
      count: t.count,
      withErrors: t.withErrors,
      soundTypes: t.soundTypes,
      soundTypesPerTable: t.soundTypesPerTable.map((x) => ({ value: x.value, tables: x.tables })),
      bySoundType: t.bySoundType.map((x) => ({ soundType: x.soundType, name: x.name, tables: x.tables, rows: x.rows })),
      rows: t.rows,
      rootRows: t.rootRows,
      multiVariantSoundTypes: t.multiVariantSoundTypes,
      multiVariantRows: t.multiVariantRows,
      unreachableInRetail: t.unreachableInRetail,
      probabilityBelow1: t.probabilityBelow1,
      volumeNot1: t.volumeNot1,
      priorityNot0: t.priorityNot0,
      waveIdZero: t.waveIdZero,
      missingWave: t.missingWave,
      missingWaveIds: ids(t.missingWaveIds),
      byPriority: t.byPriority.map(value),
      byProbability: t.byProbability.map(value),
      byVolume: t.byVolume.map(value),
    },
    warnings: [...warnings],
  };
}

/** At most 12 ids, then "… and N more". */
function idList(ids: number[]): string {
  if (ids.length === 0) return '';
  const shown = ids.slice(0, 12).map(hex8).join(', ');
  return ids.length > 12 ? `${shown} … and ${ids.length - 12} more` : shown;
}

/** Human-readable census: aligned tables, one per question. */
export function censusText(c: Census): string {
  const w = c.waves;
  const t = c.soundTables;
  const out: string[] = [];
  const bucketTable = (title: string, label: (v: number) => string, list: CensusBucket[]): void => {
    out.push(`${title}\n`);
    out.push(
      formatTable(
        ['value', 'waves', 'duration', 'bytes'],
        list.map((b) => [label(b.value), String(b.waves), secText(b.durationSec), String(b.bytes)]),
        new Set([1, 2, 3]),
      ),
    );
    out.push('\n');
  };
  const facts = (title: string, rows: [string, string, string?][]): void => {
    out.push(`${title}\n`);
    out.push(
      formatTable(
        ['', 'count', 'ids / notes'],
        rows.map(([k, v, n]) => [k, v, n ?? '']),
        new Set([1]),
      )
        .split('\n')
        .slice(2)
        .join('\n'),
    );
    out.push('\n');
  };
  const valueTable = (title: string, list: CensusValue[]): void => {
    out.push(`${title}\n`);
    out.push(
      formatTable(
        ['value', 'rows'],
        list.map((v) => [String(shortestFloat32(v.value)), String(v.rows)]),
        new Set([0, 1]),
      ),
    );
    out.push('\n');
  };

  facts(`Waves (${w.count})`, [
    ['total duration', secText(w.totalDurationSec)],
    ['total sample bytes', String(w.totalBytes)],
    ['header 18 bytes', String(w.headerSize18), 'WAVEFORMATEX (PCM)'],
    ['header 30 bytes', String(w.headerSize30), 'MPEGLAYER3WAVEFORMAT'],
    ['header other', String(w.headerSizeOther)],
    ['compressed entries', String(w.compressed)],
    ['with lint warnings', String(w.withWarnings), idList(w.warningIds)],
    ['not parsed (errors)', String(w.withErrors), idList(w.errorIds)],
    ['used by no SoundTable', String(w.unused), idList(w.unusedIds)],
  ]);
  bucketTable('By format tag', (v) => withName(formatTagName(v), formatTagHex(v)), w.byFormatTag);
  bucketTable('By sample rate', (v) => `${v} Hz`, w.bySampleRate);
  bucketTable('By channels', (v) => (v === 1 ? '1 (mono)' : v === 2 ? '2 (stereo)' : String(v)), w.byChannels);
  bucketTable('By bits per sample', (v) => bitsBucketText(v), w.byBitsPerSample);
  bucketTable('By header size (H)', (v) => `${v} bytes`, w.byHeaderSize);

  facts(`SoundTables (${t.count + t.withErrors})`, [
    ['parsed', String(t.count)],
    ['not parsed (errors)', String(t.withErrors)],
    ['sound types', String(t.soundTypes), `${t.bySoundType.length} distinct`],
    ['rows', String(t.rows), t.rootRows > 0 ? `+ ${t.rootRows} root entries` : ''],
    ['multi-variant sound types', String(t.multiVariantSoundTypes), `${t.multiVariantRows} rows (n >= 2)`],
    ['rows unreachable in retail', String(t.unreachableInRetail), 'the last row of each n >= 2: trunc((n-1)*U)'],
    ['rows with probability < 1', String(t.probabilityBelow1)],
    ['rows with volume != 1', String(t.volumeNot1)],
    ['rows with priority != 0', String(t.priorityNot0)],
    ['rows with Wave id 0', String(t.waveIdZero)],
    ['rows naming a missing Wave', String(t.missingWave), idList(t.missingWaveIds)],
  ]);
  out.push('Sound types per table\n');
  out.push(
    formatTable(
      ['types', 'tables'],
      t.soundTypesPerTable.map((x) => [String(x.value), String(x.tables)]),
      new Set([0, 1]),
    ),
  );
  out.push('\n');
  valueTable('Row priority', t.byPriority);
  valueTable('Row probability', t.byProbability);
  valueTable('Row volume', t.byVolume);
  out.push('Sound types (cues)\n');
  out.push(
    formatTable(
      ['name', 'value', 'tables', 'rows'],
      t.bySoundType.map((x) => [
        x.name,
        `0x${x.soundType.toString(16).toUpperCase().padStart(2, '0')}`,
        String(x.tables),
        String(x.rows),
      ]),
      new Set([2, 3]),
    ),
  );
  return out.join('');
}

/**
 * `acsound census <dat> [--json]`: the dat's Waves counted by format, rate, channels, bits and
 * header size, and its SoundTable rows by variants, priority, probability, volume and Wave
 * references (core/census.ts). JSON: one line, stable keys (see {@link censusJson}).
 */
export async function censusCommand(io: CliIo, [path]: string[], flags: Flags): Promise<number> {
  return withService(path!, io.cwd, async (service) => {
    // the summary with its warnings (a truncated file, lost id ranges), as `list` asks for it
    const [summary, census] = await Promise.all([service.getSummary().then((s) => s!), service.getCensus()]);
    if (flags.json) {
      io.out(JSON.stringify(censusJson(census, summary.warnings)) + '\n');
    } else {
      io.out(`${summary.path}: ${summary.waveCount} Waves, ${summary.soundTableCount} SoundTables\n\n`);
      io.out(censusText(census));
    }
    printDatWarnings(io, summary.warnings, census.waves.withErrors + census.soundTables.withErrors);
    return 0;
  });
}
