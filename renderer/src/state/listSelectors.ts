/**
 * The lists as shown, shared by every view that needs them (the lists, their tab counts, the
 * Export dialog's "Waves shown in the list"), and what the SoundTable rows tell about each table
 * and Wave (sound types, "used by"): derived once per list from what `listSoundTables` answered —
 * nothing is fetched per table.
 */
import { useMemo } from 'react';
import type { SoundTableInfo, WaveInfo, WaveUsage } from '../../../core/contract';
import { soundTableReferences, waveUsageOf, type ReferenceIndex } from '../../../core/index';
import {
  filterActive,
  filterQuery,
  filterTables,
  shownWaves,
  type ListFilter,
  type TableSoundsById,
} from '../lib/listModel';
import { queryFilters } from '../lib/search';
import { visibleSelection, type VisibleSelection } from '../lib/selection';
import { useDat } from './datStore';
import { useGraph } from './graphStore';
import { useNav } from './navStore';
import { usePlayer } from '../audio/usePlayer';

const NO_TABLES: TableSoundsById = Object.freeze({});

const byIdMemo = new WeakMap<readonly SoundTableInfo[], Readonly<Record<number, SoundTableInfo>>>();
const refsMemo = new WeakMap<readonly SoundTableInfo[], ReferenceIndex>();

/** The SoundTable rows by id (built once per list). */
export function tablesById(tables: readonly SoundTableInfo[]): Readonly<Record<number, SoundTableInfo>> {
  let m = byIdMemo.get(tables);
  if (!m) {
    const out: Record<number, SoundTableInfo> = {};
    for (const t of tables) out[t.id] = t;
    byIdMemo.set(tables, (m = out));
  }
  return m;
}

/** Who names each Wave (core/index references: one per SoundTable row), built once per list. */
export function referencesOf(tables: readonly SoundTableInfo[]): ReferenceIndex {
  let r = refsMemo.get(tables);
  if (!r) refsMemo.set(tables, (r = soundTableReferences(tables)));
  return r;
}

/** A SoundTable's listing row (sound types, rows' Wave ids), or undefined. */
export function tableRow(id: number): SoundTableInfo | undefined {
  return tablesById(useDat.getState().soundTables)[id];
}

/** {@link tableRow} for a component. */
export function useTableRow(id: number | null): SoundTableInfo | undefined {
  return useDat((s) => (id === null ? undefined : tablesById(s.soundTables)[id]));
}

const wavesMemo = new WeakMap<readonly WaveInfo[], ReadonlyMap<number, WaveInfo>>();

/** The Wave rows by id (built once per list). */
export function wavesById(waves: readonly WaveInfo[]): ReadonlyMap<number, WaveInfo> {
  let m = wavesMemo.get(waves);
  if (!m) wavesMemo.set(waves, (m = new Map(waves.map((w) => [w.id, w]))));
  return m;
}

/** A Wave's listing row, or undefined. */
export function useWaveRow(id: number | null): WaveInfo | undefined {
  return useDat((s) => (id === null ? undefined : wavesById(s.waves).get(id)));
}

/** Every SoundTable row naming Wave `id` (the Wave view's "Used by"). */
export function useWaveUsage(id: number): WaveUsage[] {
  const tables = useDat((s) => s.soundTables);
  return useMemo(() => waveUsageOf(referencesOf(tables), id), [tables, id]);
}

/**
 * The SoundTables by id while the search has terms, else a constant: views that need them only
 * for searching then re-render only when searching.
 */
export function useSearchDetails(): TableSoundsById {
  const searching = useNav((s) => queryFilters(filterQuery({ search: s.search, regex: s.regex, quick: [] })));
  return useDat((s) => (searching ? tablesById(s.soundTables) : NO_TABLES));
}

/** What filters the lists now (search, regular-expression mode, quick filters), one object per change. */
export function useListFilter(): ListFilter {
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  const quick = useNav((s) => s.quick);
  return useMemo(() => ({ search, regex, quick }), [search, regex, quick]);
}

/** True while the filter hides anything (the tab counts then read "2 / 3"). */
export function useFilterActive(): boolean {
  return filterActive(useListFilter());
}

/** The Waves list filtered by the search and sorted by its column (the same array wherever it is used). */
export function useShownWaves(): WaveInfo[] {
  const waves = useDat((s) => s.waves);
  const details = useSearchDetails();
  const filter = useListFilter();
  const sort = useNav((s) => s.waveSort);
  const usedBy = useGraph((s) => s.usedBy);
  // a Wave whose read failed since listing shows ⚠, so Has warnings keeps it
  const known = usePlayer((s) => s.waveProblems);
  return shownWaves(waves, details, filter, sort, usedBy, known);
}

/**
 * The Waves selection as the list shows it (lib/selection's rule): the count, Ctrl+C and Export's
 * "Selected Waves" all read this.
 */
export function useVisibleSelection(): VisibleSelection {
  const shown = useShownWaves();
  const selected = useNav((s) => s.selectedWaves);
  return useMemo(
    () =>
      visibleSelection(
        selected,
        shown.map((w) => w.id),
      ),
    [selected, shown],
  );
}

/** The SoundTables the search and quick filters keep (unsorted: the grid sorts). */
export function useFilteredTables(): readonly SoundTableInfo[] {
  const tables = useDat((s) => s.soundTables);
  const waves = useDat((s) => s.waves);
  const details = useSearchDetails();
  const filter = useListFilter();
  const known = usePlayer((s) => s.waveProblems);
  return useMemo(() => filterTables(tables, details, filter, waves, known), [tables, details, filter, waves, known]);
}
