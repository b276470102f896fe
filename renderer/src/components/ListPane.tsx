/** Left pane: SoundTables | Waves tabs, each a virtualized sortable grid filtered by the search box. */
import { useCallback, useMemo } from 'react';
import type { SoundTableInfo, WaveInfo } from '../../../core/contract';
import { usePlayer } from '../audio/usePlayer';
import { fmtBytes, fmtSeconds, formatName, hex8 } from '../lib/format';
import { filterTables, filterWaves, sortTables, sortWaves, waveUsageText, type TableSortKey, type WaveSortKey } from '../lib/listModel';
import { toggleSort } from '../lib/sort';
import { useDat } from '../state/datStore';
import {
  openTarget,
  saveScroll,
  selectWaveRange,
  setTab,
  setTableSort,
  setWaveSort,
  toggleWaveSelected,
  useNav,
  type ListTab,
} from '../state/navStore';
import { auditionWave } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { VirtualGrid, type Column } from './VirtualGrid';

export function ListPane() {
  const tab = useNav((s) => s.tab);
  const tables = useDat((s) => s.soundTables);
  const waves = useDat((s) => s.waves);
  const onTab = (t: ListTab): void => setTab(t);
  const onTabKey = (e: React.KeyboardEvent): void => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const next: ListTab = tab === 'soundTables' ? 'waves' : 'soundTables';
      setTab(next);
      document.getElementById(`tab-${next}`)?.focus();
    }
  };
  return (
    <div className="list-pane">
      <div role="tablist" aria-label="Lists" className="tabs" onKeyDown={onTabKey}>
        <button
          id="tab-soundTables"
          role="tab"
          type="button"
          className="tab"
          aria-selected={tab === 'soundTables'}
          aria-controls="panel-soundTables"
          tabIndex={tab === 'soundTables' ? 0 : -1}
          onClick={() => onTab('soundTables')}
        >
          SoundTables
          <span className="count" aria-hidden="true">
            {tables.length}
          </span>
        </button>
        <button
          id="tab-waves"
          role="tab"
          type="button"
          className="tab"
          aria-selected={tab === 'waves'}
          aria-controls="panel-waves"
          tabIndex={tab === 'waves' ? 0 : -1}
          onClick={() => onTab('waves')}
        >
          Waves
          <span className="count" aria-hidden="true">
            {waves.length}
          </span>
        </button>
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        {tab === 'soundTables' ? <SoundTableGrid /> : <WaveGrid />}
      </div>
    </div>
  );
}

function emptyText(total: number, shown: number, what: string, search: string, status: string): string {
  if (status === 'opening') return `Opening…`;
  if (total === 0) return status === 'ready' ? `This dat has no ${what}.` : `No dat is open.`;
  if (shown === 0) return `No ${what} match “${search}”. Ids match with or without 0x; ${what === 'SoundTables' ? 'sound types match by name or value' : 'also try a format, rate or sound type'}.`;
  return '';
}

const tableColumns: Column<SoundTableInfo, TableSortKey>[] = [
  { key: 'id', title: 'Id', width: '92px', render: (t) => <span className="mono">{hex8(t.id)}</span> },
  {
    key: 'label',
    title: 'Label',
    width: 'minmax(60px, 1fr)',
    render: (t) =>
      t.error ? (
        <span className="badge err" title={t.error}>
          ⚠ {t.error}
        </span>
      ) : (
        <span title={t.label ?? undefined}>{t.label ?? <span className="muted">—</span>}</span>
      ),
  },
  { key: 'soundTypes', title: 'Types', width: '44px', align: 'right', render: (t) => <span className="num">{t.soundTypeCount}</span> },
  { key: 'entries', title: 'Entries', width: '50px', align: 'right', render: (t) => <span className="num">{t.entryCount}</span> },
];

function SoundTableGrid() {
  const tables = useDat((s) => s.soundTables);
  const details = useDat((s) => s.tableDetails);
  const status = useDat((s) => s.status);
  const search = useNav((s) => s.search);
  const sort = useNav((s) => s.tableSort);
  const cursor = useNav((s) => s.cursor.soundTables);
  const scroll = useNav((s) => s.scroll.soundTables);
  const rows = useMemo(() => sortTables(filterTables(tables, details, search), sort), [tables, details, search, sort]);
  const onScroll = useCallback((o: number) => saveScroll('soundTables', o), []);
  return (
    <VirtualGrid
      label="SoundTables"
      idPrefix="st"
      rows={rows}
      columns={tableColumns}
      getId={(t) => t.id}
      sort={sort}
      onSort={(k) => setTableSort(toggleSort(sort, k))}
      cursor={cursor}
      onCursor={(id) => openTarget({ kind: 'table', id })}
      onActivate={(id) => {
        openTarget({ kind: 'table', id });
        (document.querySelector('[data-first-action]') as HTMLElement | null)?.focus();
      }}
      initialScroll={scroll}
      onScroll={onScroll}
      empty={emptyText(tables.length, rows.length, 'SoundTables', search, status)}
    />
  );
}

function WaveGrid() {
  const waves = useDat((s) => s.waves);
  const details = useDat((s) => s.tableDetails);
  const tables = useDat((s) => s.soundTables);
  const status = useDat((s) => s.status);
  const search = useNav((s) => s.search);
  const sort = useNav((s) => s.waveSort);
  const cursor = useNav((s) => s.cursor.waves);
  const selectedIds = useNav((s) => s.selectedWaves);
  const scroll = useNav((s) => s.scroll.waves);
  const decodeErrors = usePlayer((s) => s.decodeErrors);
  const usageText = useMemo(() => waveUsageText(details, new Map(tables.map((t) => [t.id, t.label]))), [details, tables]);
  const rows = useMemo(() => sortWaves(filterWaves(waves, usageText, search), sort), [waves, usageText, search, sort]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const onScroll = useCallback((o: number) => saveScroll('waves', o), []);
  const columns = useMemo<Column<WaveInfo, WaveSortKey>[]>(
    () => [
      {
        key: 'id',
        title: 'Id',
        width: '96px',
        render: (w) => {
          const problem = w.error ?? decodeErrors[w.id] ?? null;
          return (
            <span className="mono">
              {hex8(w.id)}
              {problem ? (
                <span className="badge err" title={problem} style={{ marginLeft: 4 }}>
                  ⚠
                </span>
              ) : w.warnings.length > 0 ? (
                <span className="badge warn" title={w.warnings.join('\n')} style={{ marginLeft: 4 }}>
                  !
                </span>
              ) : null}
            </span>
          );
        },
      },
      { key: 'format', title: 'Fmt', width: '34px', render: (w) => formatName(w.formatTag) },
      { key: 'rate', title: 'Hz', width: '44px', align: 'right', render: (w) => <span className="num">{w.sampleRate}</span> },
      { key: 'channels', title: 'Ch', width: '18px', align: 'right', render: (w) => <span className="num">{w.channels}</span> },
      { key: 'bits', title: 'Bits', width: '28px', align: 'right', render: (w) => <span className="num">{w.bitsPerSample}</span> },
      { key: 'duration', title: 'Dur', width: '52px', align: 'right', render: (w) => <span className="num">{fmtSeconds(w.durationSec)}</span> },
      { key: 'size', title: 'Size', width: 'minmax(52px, 1fr)', align: 'right', render: (w) => <span className="num">{fmtBytes(w.dataSize)}</span> },
    ],
    [decodeErrors],
  );
  const ids = useMemo(() => rows.map((w) => w.id), [rows]);
  return (
    <VirtualGrid
      label="Waves"
      idPrefix="wv"
      rows={rows}
      columns={columns}
      getId={(w) => w.id}
      sort={sort}
      onSort={(k) => setWaveSort(toggleSort(sort, k))}
      cursor={cursor}
      selected={selected}
      onCursor={(id) => {
        openTarget({ kind: 'wave', id });
        useNav.setState({ selectedWaves: [id] });
        if (usePrefs.getState().autoPlay) auditionWave(id);
      }}
      onActivate={(id) => {
        openTarget({ kind: 'wave', id });
        auditionWave(id);
      }}
      onToggleSelect={toggleWaveSelected}
      onRangeSelect={(from, to) => selectWaveRange(ids, from, to)}
      initialScroll={scroll}
      onScroll={onScroll}
      empty={emptyText(waves.length, rows.length, 'Waves', search, status)}
    />
  );
}
