/** Left pane: SoundTables | Waves | Creatures | Effects tabs, each a virtualized sortable grid filtered by the search box. */
import { bitsMeaning } from '../../../core/codecs/registry';
import { useCallback, useMemo } from 'react';
import type { SoundTableInfo, SoundTypeSummary, WaveInfo } from '../../../core/contract';
import { userMessage } from '../../../core/errors';
import { dataSizeText, lengthKnown, waveDataSize } from '../../../core/index';
import { usePlayer } from '../audio/usePlayer';
import {
  fmtBits,
  fmtBytes,
  fmtBytesShort,
  fmtSeconds,
  fmtSecondsShort,
  formatName,
  hex8,
  soundTypeLabel,
  tagHex,
} from '../lib/format';
import {
  cueMatchesOf,
  emptyListText,
  waveMatchReasonsOf,
  NO_REASONS,
  sortTables,
  tabCountText,
  type TableSortKey,
  type ListFilter,
  type ShownCount,
  type UsedByCounts,
  type WaveSortKey,
} from '../lib/listModel';
import { problemText, rowProblem } from '../lib/waveProblem';
import { DATA_DURATION, DURATION_HINT } from '../lib/waveFacts';
import { toggleSort } from '../lib/sort';
import { useDat } from '../state/datStore';
import {
  openTarget,
  saveScroll,
  selectOnlyWave,
  selectWaveRange,
  selectWaves,
  setTab,
  setTableSort,
  setWaveSort,
  toggleWaveSelected,
  useNav,
  type ListTab,
} from '../state/navStore';
import {
  useFilterActive,
  useFilteredTables,
  useListFilter,
  useSearchDetails,
  useShownWaves,
  useVisibleSelection,
} from '../state/listSelectors';
import { selectionCountText } from '../lib/selection';
import { copyIds, idsToCopy } from '../state/idList';
import { SearchBar } from './SearchBar';
import { requestListFocus } from '../state/listFocus';
import { auditionWave } from '../state/playback';
import { usePrefs } from '../state/prefsStore';
import { graphStopped, useGraph } from '../state/graphStore';
import { CreatureGrid, EffectGrid, useFilteredCreatures, useFilteredEffects } from './GraphLists';
import { VirtualGrid, type Column } from './VirtualGrid';

/** A value the listing does not know. */
const UNKNOWN = '—';

export function ListPane() {
  const tab = useNav((s) => s.tab);
  const selection = useVisibleSelection();
  const tables = useDat((s) => s.soundTables);
  const waves = useDat((s) => s.waves);
  const filtering = useFilterActive();
  const shownTables = useFilteredTables();
  const shownWaves = useShownWaves();
  const onTab = (t: ListTab): void => {
    setTab(t);
    requestListFocus();
  };
  const creatures = useGraph((s) => s.creatures);
  const effects = useGraph((s) => s.effects);
  const graphStop = useGraph(graphStopped);
  const shownCreatures = useFilteredCreatures();
  const shownEffects = useFilteredEffects();
  const onTabKey = (e: React.KeyboardEvent): void => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      const i = TABS.indexOf(tab);
      const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
      setTab(next);
      document.getElementById(`tab-${next}`)?.focus();
    }
  };
  const count = (shown: number, total: number, what: string) => (
    <span
      className="count"
      aria-hidden="true"
      title={filtering && shown !== total ? `${shown} of ${total} ${what} match the search` : `${total} ${what}`}
    >
      {tabCountText(shown, total, filtering)}
    </span>
  );
  const tabButton = (t: ListTab, name: string, counter: React.ReactNode) => (
    <button
      key={t}
      id={`tab-${t}`}
      role="tab"
      type="button"
      className="tab"
      aria-selected={tab === t}
      aria-controls={`panel-${t}`}
      tabIndex={tab === t ? 0 : -1}
      onClick={() => onTab(t)}
    >
      {name}
      {counter}
    </button>
  );
  // a list of the sound graph has no count until the graph is there: never "0 Creatures"
  const graphCount = (shown: readonly unknown[] | null, total: readonly unknown[] | null): ShownCount =>
    shown && total ? { shown: shown.length, total: total.length } : { unknown: graphStop ?? 'reading' };
  const shownCount: ShownCount =
    tab === 'soundTables'
      ? { shown: shownTables.length, total: tables.length }
      : tab === 'waves'
        ? { shown: shownWaves.length, total: waves.length }
        : tab === 'creatures'
          ? graphCount(shownCreatures, creatures)
          : graphCount(shownEffects, effects);
  const what = { soundTables: 'SoundTables', waves: 'Waves', creatures: 'Creatures', effects: 'Effects' }[tab];
  return (
    <div className="list-pane">
      <SearchBar count={shownCount} what={what} quickApplies={tab === 'soundTables' || tab === 'waves'} />
      <div role="tablist" aria-label="Lists" className="tabs" onKeyDown={onTabKey}>
        {tabButton('soundTables', 'SoundTables', count(shownTables.length, tables.length, 'SoundTables'))}
        {tabButton('waves', 'Waves', count(shownWaves.length, waves.length, 'Waves'))}
        {tabButton(
          'creatures',
          'Creatures',
          creatures ? (
            count(shownCreatures?.length ?? 0, creatures.length, 'Creatures')
          ) : (
            <GraphCountPending stopped={graphStop} />
          ),
        )}
        {tabButton(
          'effects',
          'Effects',
          effects ? (
            count(shownEffects?.length ?? 0, effects.length, 'Effects')
          ) : (
            <GraphCountPending stopped={graphStop} />
          ),
        )}
      </div>
      <div
        id={`panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        {tab === 'soundTables' ? (
          <SoundTableGrid filtered={shownTables} />
        ) : tab === 'waves' ? (
          <WaveGrid rows={shownWaves} />
        ) : tab === 'creatures' ? (
          <CreatureGrid filtered={shownCreatures} />
        ) : (
          <EffectGrid filtered={shownEffects} />
        )}
      </div>
      {tab === 'waves' && selection.ids.length + selection.hidden > 1 && (
        <div role="status" aria-label="Selection" className="selection-count">
          {selectionCountText(selection, shownWaves.length)} (Ctrl+A all, Shift+↑/↓ extend)
        </div>
      )}
    </div>
  );
}

/** A graph list's tab count before the graph is ready: "…", or "failed" / "—" (cancelled) with why. */
function GraphCountPending({ stopped }: { stopped: 'failed' | 'cancelled' | null }) {
  if (stopped === null)
    return (
      <span className="count" aria-hidden="true">
        …
      </span>
    );
  return (
    <span
      className="count"
      aria-hidden="true"
      title={stopped === 'failed' ? 'The sound graph could not be built' : 'The sound graph was cancelled'}
    >
      {stopped === 'failed' ? 'failed' : UNKNOWN}
    </span>
  );
}

const TABS: readonly ListTab[] = ['soundTables', 'waves', 'creatures', 'effects'];

/**
 * The "Used by" cell of the SoundTables and Waves lists: the sound graph's count; "…" while it
 * builds, "—" once it failed or was cancelled (`stopped`: it will not come by itself).
 */
function usedByCell(counts: UsedByCounts, stopped: ReturnType<typeof graphStopped>, id: number) {
  if (counts) return String(counts.get(id) ?? 0);
  return stopped ? (
    <span
      className="muted"
      title={`Not known: the sound graph ${stopped === 'failed' ? 'could not be built' : 'was cancelled'}`}
    >
      {UNKNOWN}
    </span>
  ) : (
    <span className="muted" title="The sound graph is being read">
      …
    </span>
  );
}

/**
 * The SoundTables grid's columns; with a search naming sound types, the Label cell lists the
 * table's matching cues (`cuesOf`: worked out once per row, lib/listModel `cueMatchesOf`).
 */
function tableColumns(
  cuesOf: (t: SoundTableInfo) => readonly SoundTypeSummary[],
  usedBy: UsedByCounts,
  graphStop: ReturnType<typeof graphStopped>,
): Column<SoundTableInfo, TableSortKey>[] {
  return [
    { key: 'id', title: 'Id', width: '92px', className: 'mono', render: (t) => hex8(t.id) },
    {
      key: 'label',
      title: 'Label',
      width: 'minmax(60px, 1fr)',
      render: (t) => {
        if (t.error)
          return (
            <span className="badge err" title={userMessage(t.error)}>
              ⚠ {t.error.message}
            </span>
          );
        const cues = cuesOf(t);
        return (
          <span className="label-cell">
            {t.label !== null ? (
              <span className="label-text" title={t.label}>
                {t.label}
              </span>
            ) : cues.length === 0 ? (
              <span className="muted">—</span>
            ) : null}
            {cues.slice(0, 3).map((s, i) => (
              <span
                key={`${s.soundType}:${i}`}
                className="cue-chip"
                title={`defines ${soundTypeLabel(s.name, s.soundType)} (${s.entries.length} entr${s.entries.length === 1 ? 'y' : 'ies'})`}
              >
                {s.name}
              </span>
            ))}
            {cues.length > 3 && <span className="muted"> +{cues.length - 3}</span>}
          </span>
        );
      },
    },
    {
      key: 'soundTypes',
      title: 'Types',
      width: '46px',
      align: 'right',
      className: 'num',
      render: (t) => (t.error ? UNKNOWN : String(t.soundTypeCount)),
    },
    {
      key: 'entries',
      title: 'Entries',
      width: '50px',
      align: 'right',
      className: 'num',
      render: (t) => (t.error ? UNKNOWN : String(t.entryCount)),
    },
    {
      key: 'usedBy',
      title: 'Used by',
      width: '56px',
      align: 'right',
      className: 'num',
      render: (t) => usedByCell(usedBy, graphStop, t.id),
    },
  ];
}

function SoundTableGrid({ filtered }: { filtered: readonly SoundTableInfo[] }) {
  const tables = useDat((s) => s.soundTables);
  const status = useDat((s) => s.status);
  const search = useNav((s) => s.search);
  const filter = useListFilter();
  const sort = useNav((s) => s.tableSort);
  const cursor = useNav((s) => s.cursor.soundTables);
  const scroll = useNav((s) => s.scroll.soundTables);
  const details = useSearchDetails();
  const usedBy = useGraph((s) => s.usedBy);
  const graphStop = useGraph(graphStopped);
  const rows = useMemo(() => sortTables(filtered, sort, usedBy), [filtered, sort, usedBy]);
  const cuesOf = useMemo(() => cueMatchesOf(details, search, filter.regex), [details, search, filter.regex]);
  const columns = useMemo(() => tableColumns(cuesOf, usedBy, graphStop), [cuesOf, usedBy, graphStop]);
  const onScroll = useCallback((o: number) => saveScroll('soundTables', o), []);
  return (
    <VirtualGrid
      label="SoundTables"
      idPrefix="st"
      rows={rows}
      columns={columns}
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
      onCopy={() => void copyIds(idsToCopy(rows.map((t) => t.id)))}
      empty={emptyListText(tables.length, rows.length, 'SoundTables', filter, status)}
    />
  );
}

/** The Waves columns that give their room to "Matched:" pills while a search shows them. */
const MATCH_ROOM: ReadonlySet<WaveSortKey> = new Set<WaveSortKey>(['channels', 'bits']);

function WaveGrid({ rows }: { rows: WaveInfo[] }) {
  const waves = useDat((s) => s.waves);
  const status = useDat((s) => s.status);
  const filter: ListFilter = useListFilter();
  const sort = useNav((s) => s.waveSort);
  const cursor = useNav((s) => s.cursor.waves);
  const selectedIds = useNav((s) => s.selectedWaves);
  const scroll = useNav((s) => s.scroll.waves);
  const waveProblems = usePlayer((s) => s.waveProblems);
  const usedBy = useGraph((s) => s.usedBy);
  const graphStop = useGraph(graphStopped);
  const details = useSearchDetails();
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  // why each row matched, for what the row does not show (its sound types, header size…): worked
  // out once per row, for reasonsShown below and for the row's Used by cell alike
  const why = useMemo(() => waveMatchReasonsOf(filter, details), [filter, details]);
  const onScroll = useCallback((o: number) => saveScroll('waves', o), []);
  // a row the search matched by what it does not show has a "Matched:" pill (a cue or table name,
  // up to ~25 characters): while any row has one, Used by takes the room of the Ch and Bits
  // columns (their values are in the Fmt cell's title), so the name is read whole, not "UI_Ico…"
  const reasonsShown = useMemo(() => why !== null && rows.some((w) => why(w).length > 0), [rows, why]);
  // Each track fits its widest value in the app's fonts ("384000", "< 0.001 s", "1023.9 MiB":
  // e2e/listColumns.spec.ts); Used by takes what is left, room for a "Matched:" pill.
  const allColumns = useMemo<Column<WaveInfo, WaveSortKey>[]>(
    () => [
      {
        key: 'id',
        title: 'Id',
        width: '91px',
        className: 'mono',
        render: (w) => {
          // the ⚠ and Has warnings follow one rule (lib/waveProblem warningProblem); an empty Wave shows ∅
          const p = rowProblem(w) ?? waveProblems[w.id] ?? null;
          const problem = p ? problemText(p) : null;
          if (!problem && w.warnings.length === 0) return hex8(w.id);
          // the badge sits outside the id's ellipsis: a narrow column trims the id, never the badge
          return (
            <span className="id-cell">
              <span className="id-text">{hex8(w.id)}</span>
              {p?.kind === 'empty' ? (
                <span className="badge info" role="img" aria-label={problem ?? ''} title={problem ?? ''}>
                  ∅
                </span>
              ) : problem ? (
                <span className="badge err" role="img" aria-label={`Error: ${problem}`} title={problem}>
                  ⚠
                </span>
              ) : w.warnings.length > 0 ? (
                <span
                  className="badge warn"
                  role="img"
                  aria-label={`Lint: ${w.warnings.join('; ')}`}
                  title={w.warnings.join('\n')}
                >
                  !
                </span>
              ) : null}
            </span>
          );
        },
      },
      // A row whose Wave does not parse has no format block: "—", never the listing's zeros.
      {
        key: 'format',
        title: 'Fmt',
        width: '70px',
        cellTitle: (w) =>
          w.error
            ? undefined
            : `${formatName(w.formatTag)} (wFormatTag ${tagHex(w.formatTag)}), ${w.channels} ch, bits ${fmtBits(w.formatTag, w.bitsPerSample)}`,
        render: (w) => (w.error ? UNKNOWN : formatName(w.formatTag)),
      },
      {
        key: 'rate',
        title: 'Hz',
        width: '46px',
        align: 'right',
        className: 'num',
        render: (w) => (w.error ? UNKNOWN : String(w.sampleRate)),
      },
      {
        key: 'channels',
        title: 'Ch',
        width: '18px',
        align: 'right',
        className: 'num',
        render: (w) => (w.error ? UNKNOWN : String(w.channels)),
      },
      {
        key: 'bits',
        title: 'Bits',
        width: '28px',
        align: 'right',
        className: 'num',
        cellTitle: (w) => (w.error ? undefined : bitsMeaning(w.formatTag)),
        render: (w) => (w.error ? UNKNOWN : fmtBits(w.formatTag, w.bitsPerSample)),
      },
      {
        key: 'duration',
        title: 'Dur',
        hint: DURATION_HINT,
        width: '59px',
        align: 'right',
        className: 'num',
        cellTitle: (w) => (w.error || !lengthKnown(w) ? undefined : `${fmtSeconds(w.durationSec)} (${DATA_DURATION})`),
        render: (w) => (w.error || !lengthKnown(w) ? UNKNOWN : fmtSecondsShort(w.durationSec)),
      },
      {
        key: 'size',
        title: 'Size',
        width: '68px',
        align: 'right',
        className: 'num',
        // the bytes present; a salvaged Wave's declared size too wide to sit beside them at 1366
        // px: the tooltip gives both (core/index waveDataSize), its lint badge says why
        cellTitle: (w) => (w.error ? undefined : dataSizeText(w, fmtBytes)),
        render: (w) => (w.error ? UNKNOWN : fmtBytesShort(waveDataSize(w).present)),
      },
      {
        key: 'usedBy',
        title: 'Used by',
        width: 'minmax(56px, 1fr)',
        align: 'right',
        className: 'num',
        render: (w) => {
          const reasons = why?.(w) ?? NO_REASONS;
          if (reasons.length === 0) return usedByCell(usedBy, graphStop, w.id);
          // matched by what the row does not show: say what, in place of the count
          const text = `Matched: ${reasons.join(', ')}`;
          return (
            <span className="match-why" aria-label={text} title={text}>
              <span className="cue-chip">{reasons[0]}</span>
              {reasons.length > 1 && <span className="muted"> +{reasons.length - 1}</span>}
            </span>
          );
        },
      },
    ],
    [waveProblems, usedBy, graphStop, why],
  );
  const columns = useMemo(
    () => (reasonsShown ? allColumns.filter((c) => !MATCH_ROOM.has(c.key)) : allColumns),
    [allColumns, reasonsShown],
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
        selectOnlyWave(id);
        if (usePrefs.getState().autoPlay) auditionWave(id);
      }}
      onActivate={(id) => {
        openTarget({ kind: 'wave', id });
        auditionWave(id);
      }}
      onToggleSelect={toggleWaveSelected}
      onRangeSelect={(to) => selectWaveRange(ids, to)}
      onExtend={(id) => {
        selectWaveRange(ids, id);
        openTarget({ kind: 'wave', id });
      }}
      onSelectAll={() => selectWaves(ids)}
      initialScroll={scroll}
      onScroll={onScroll}
      onCopy={() => void copyIds(idsToCopy(ids))}
      empty={emptyListText(waves.length, rows.length, 'Waves', filter, status)}
    />
  );
}
