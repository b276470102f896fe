/**
 * The Census (detail pane, heading "Census"): the open dat's Waves counted by format tag, rate,
 * channels, bits and header size, and its SoundTable rows by the values the engine depends on
 * (core/census.ts through the service's getCensus). Small sortable tables; a value that the
 * Waves search understands ("22050 Hz", "MP3", "h30"…) or a cue name is a button that filters
 * the list.
 */
import { bitsBucketText, codecFor } from '../../../core/codecs/registry';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Census, CensusBucket, CensusValue } from '../../../core/contract';
import { withName } from '../../../core/errors';
import { fmtBytes, fmtBytesShort, fmtFloat, fmtSeconds, formatName, hex8, tagHex } from '../lib/format';
import { loadCensus, useDat } from '../state/datStore';
import { filterList, setShowCensus, type ListTab } from '../state/navStore';
import { ErrorText } from './ErrorText';

interface Col<T> {
  title: string;
  sortValue: (r: T) => number | string;
  render: (r: T) => ReactNode;
  num?: boolean;
}

/** A small table sorted by any column (click a header; numbers sort largest first on the first click). */
function SortableTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: Col<T>[];
  rows: readonly T[];
  rowKey: (r: T) => string;
}) {
  const [sort, setSort] = useState<{ col: number; dir: 'asc' | 'desc' }>({ col: 0, dir: 'asc' });
  const sorted = useMemo(() => {
    const c = columns[sort.col]!;
    const out = [...rows].sort((a, b) => {
      const x = c.sortValue(a);
      const y = c.sortValue(b);
      const cmp = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sort.dir === 'asc' ? cmp : -cmp;
    });
    return out;
  }, [rows, columns, sort]);
  const onHeader = (i: number): void =>
    setSort((s) =>
      s.col === i
        ? { col: i, dir: s.dir === 'asc' ? 'desc' : 'asc' }
        : { col: i, dir: columns[i]!.num ? 'desc' : 'asc' },
    );
  return (
    <table className="dense census-table" aria-label={label}>
      <caption>{label}</caption>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th
              key={c.title}
              className={c.num ? 'num' : undefined}
              aria-sort={sort.col === i ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                className="sort-head"
                onClick={() => onHeader(i)}
                title={`Sort by ${c.title.toLowerCase()}`}
              >
                {c.title}
                <span aria-hidden="true" className="sort-mark">
                  {sort.col === i ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                </span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sorted.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="muted">
              none
            </td>
          </tr>
        ) : (
          sorted.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.title} className={c.num ? 'num mono' : undefined}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** A value that filters a list when clicked (its accessible name is the value shown). */
function Filter({ text, search, tab = 'waves' }: { text: string; search: string | null; tab?: ListTab }) {
  if (search === null) return <>{text}</>;
  return (
    <button
      type="button"
      className="linkish"
      title={`Show the ${tab === 'waves' ? 'Waves' : 'SoundTables'} that match “${search}”`}
      onClick={() => filterList(tab, search)}
    >
      {text}
    </button>
  );
}

function bucketTable(
  label: string,
  list: CensusBucket[],
  text: (v: number) => string,
  search: (v: number) => string | null,
) {
  const columns: Col<CensusBucket>[] = [
    {
      title: 'Value',
      sortValue: (b) => b.value,
      render: (b) => <Filter text={text(b.value)} search={search(b.value)} />,
    },
    { title: 'Waves', sortValue: (b) => b.waves, render: (b) => b.waves, num: true },
    {
      title: 'Duration',
      sortValue: (b) => b.durationSec ?? -1,
      render: (b) => (b.durationSec === null ? '—' : fmtSeconds(b.durationSec)),
      num: true,
    },
    {
      title: 'Bytes',
      sortValue: (b) => b.bytes,
      render: (b) => <span title={fmtBytes(b.bytes)}>{fmtBytesShort(b.bytes)}</span>,
      num: true,
    },
  ];
  return <SortableTable label={label} columns={columns} rows={list} rowKey={(b) => String(b.value)} />;
}

function valueTable(label: string, list: CensusValue[]) {
  const columns: Col<CensusValue>[] = [
    { title: 'Value', sortValue: (v) => v.value, render: (v) => <span className="mono">{fmtFloat(v.value)}</span> },
    { title: 'Rows', sortValue: (v) => v.rows, render: (v) => v.rows, num: true },
  ];
  return <SortableTable label={label} columns={columns} rows={list} rowKey={(v) => String(v.value)} />;
}

/** A few ids (links would navigate away; the text can be searched). */
function Ids({ ids }: { ids: number[] }) {
  if (ids.length === 0) return null;
  const shown = ids.slice(0, 8).map(hex8).join(', ');
  return (
    <span className="mono muted census-ids">
      {' '}
      {shown}
      {ids.length > 8 ? ` … +${ids.length - 8}` : ''}
    </span>
  );
}

function Body({ c }: { c: Census }) {
  const w = c.waves;
  const t = c.soundTables;
  const channels = (v: number): string => (v === 1 ? '1 (mono)' : v === 2 ? '2 (stereo)' : String(v));
  const notDefault = t.priorityNot0 + t.probabilityBelow1 + t.volumeNot1;
  return (
    <>
      <h3>Waves</h3>
      <dl className="facts census-facts">
        <dt>Waves</dt>
        <dd>{w.count}</dd>
        <dt>Total duration</dt>
        <dd>{w.totalDurationSec === null ? '—' : fmtSeconds(w.totalDurationSec)}</dd>
        <dt>Total sample bytes</dt>
        <dd>{fmtBytes(w.totalBytes)}</dd>
        <dt>Header 18 / 30 / other</dt>
        <dd>
          <Filter text={String(w.headerSize18)} search={w.headerSize18 > 0 ? 'h18' : null} /> /{' '}
          <Filter text={String(w.headerSize30)} search={w.headerSize30 > 0 ? 'h30' : null} /> / {w.headerSizeOther}
        </dd>
        <dt>Compressed entries</dt>
        <dd>
          <Filter text={String(w.compressed)} search={w.compressed > 0 ? 'compressed' : null} />
        </dd>
        <dt>With lint warnings</dt>
        <dd>
          <Filter text={String(w.withWarnings)} search={w.withWarnings > 0 ? 'lint' : null} />
          <Ids ids={w.warningIds} />
        </dd>
        <dt>Not parsed (errors)</dt>
        <dd>
          <Filter text={String(w.withErrors)} search={w.withErrors > 0 ? 'error' : null} />
          <Ids ids={w.errorIds} />
        </dd>
        <dt>Used by no SoundTable</dt>
        <dd>
          {w.unused}
          <Ids ids={w.unusedIds} />
        </dd>
      </dl>
      <div className="census-grid">
        {bucketTable(
          'Waves by format tag',
          w.byFormatTag,
          (v) => withName(formatName(v), tagHex(v)),
          (v) => (codecFor(v).decodes ? formatName(v).toLowerCase() : null),
        )}
        {bucketTable(
          'Waves by sample rate',
          w.bySampleRate,
          (v) => `${v} Hz`,
          (v) => `${v}hz`,
        )}
        {bucketTable('Waves by channels', w.byChannels, channels, (v) =>
          v === 1 ? 'mono' : v === 2 ? 'stereo' : `${v}ch`,
        )}
        {bucketTable(
          'Waves by bits per sample',
          w.byBitsPerSample,
          (v) => bitsBucketText(v, '-bit'),
          (v) => (v === 8 || v === 16 ? `${v}-bit` : null),
        )}
        {bucketTable(
          'Waves by header size',
          w.byHeaderSize,
          (v) => `${v} bytes`,
          (v) => `h${v}`,
        )}
      </div>

      <h3>SoundTables</h3>
      <p className="note">
        Counts, on this dat, how many rows are priority 0, probability 1 and volume 1 — often said of every row, never
        measured before.
        {t.rows > 0 &&
          (notDefault === 0 ? ' Here it holds for every row.' : ' Here it does not hold (see the counts below).')}
      </p>
      <dl className="facts census-facts">
        <dt>SoundTables</dt>
        <dd>
          {t.count}
          {t.withErrors > 0 ? ` (+ ${t.withErrors} not parsed)` : ''}
        </dd>
        <dt>Sound types</dt>
        <dd>
          {t.soundTypes} ({t.bySoundType.length} distinct)
        </dd>
        <dt>Rows</dt>
        <dd>
          {t.rows}
          {t.rootRows > 0 ? ` (+ ${t.rootRows} root entries)` : ''}
        </dd>
        <dt>Multi-variant sound types</dt>
        <dd>
          {t.multiVariantSoundTypes} ({t.multiVariantRows} rows, n ≥ 2)
        </dd>
        <dt>Rows unreachable in retail</dt>
        <dd title="retail picks trunc((n − 1)·U): the last row of each sound type with n ≥ 2 is never chosen">
          {t.unreachableInRetail}
        </dd>
        <dt>Probability &lt; 1</dt>
        <dd>{t.probabilityBelow1}</dd>
        <dt>Volume ≠ 1</dt>
        <dd>{t.volumeNot1}</dd>
        <dt>Priority ≠ 0</dt>
        <dd>{t.priorityNot0}</dd>
        <dt>Wave id 0</dt>
        <dd>{t.waveIdZero}</dd>
        <dt>Missing Wave</dt>
        <dd>
          {t.missingWave}
          <Ids ids={t.missingWaveIds} />
        </dd>
      </dl>
      <div className="census-grid">
        <SortableTable
          label="Sound types per table"
          columns={[
            { title: 'Types', sortValue: (x) => x.value, render: (x) => x.value, num: true },
            { title: 'Tables', sortValue: (x) => x.tables, render: (x) => x.tables, num: true },
          ]}
          rows={t.soundTypesPerTable}
          rowKey={(x) => String(x.value)}
        />
        {valueTable('Row priority', t.byPriority)}
        {valueTable('Row probability', t.byProbability)}
        {valueTable('Row volume', t.byVolume)}
        <SortableTable
          label="Sound types (cues)"
          columns={[
            {
              title: 'Cue',
              sortValue: (x) => x.name,
              render: (x) => <Filter text={x.name} search={x.name} tab="soundTables" />,
            },
            {
              title: 'Value',
              sortValue: (x) => x.soundType,
              render: (x) => <span className="mono">0x{x.soundType.toString(16).toUpperCase().padStart(2, '0')}</span>,
              num: true,
            },
            { title: 'Tables', sortValue: (x) => x.tables, render: (x) => x.tables, num: true },
            { title: 'Rows', sortValue: (x) => x.rows, render: (x) => x.rows, num: true },
          ]}
          rows={t.bySoundType}
          rowKey={(x) => String(x.soundType)}
        />
      </div>
    </>
  );
}

export function CensusView() {
  const census = useDat((s) => s.census);
  const error = useDat((s) => s.censusError);
  const summary = useDat((s) => s.summary);
  useEffect(() => {
    void loadCensus();
  }, [summary]);
  return (
    <div className="census" data-focus-return="census-button">
      <div className="census-head">
        <h2>Census</h2>
        <span className="spacer" />
        <button type="button" className="btn small" onClick={() => setShowCensus(false)}>
          Close census
        </button>
      </div>
      <p className="muted">
        {summary ? `Every Wave and SoundTable of ${summary.path ?? 'the dat'} counted.` : 'No dat is open.'} Click a
        value to filter the list; click a header to sort.
      </p>
      {error ? (
        <div className="alert" role="alert">
          <ErrorText prefix="Could not count the dat: " error={error} />
        </div>
      ) : census ? (
        <Body c={census} />
      ) : (
        summary && <p className="muted">Counting…</p>
      )}
    </div>
  );
}
