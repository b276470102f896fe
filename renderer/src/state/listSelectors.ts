/**
 * The lists as shown, shared by every view that needs them (the lists, their tab counts, the
 * Export dialog's "Waves shown in the list"): one memoized derivation in lib/listModel.
 */
import { useMemo } from 'react';
import type { SoundTableDetail, SoundTableInfo, WaveInfo } from '../../../core/contract';
import { filterTables, shownWaves } from '../lib/listModel';
import { parseQuery } from '../lib/search';
import { useDat } from './datStore';
import { useNav } from './navStore';

const NO_DETAILS: Readonly<Record<number, SoundTableDetail>> = Object.freeze({});

/**
 * The loaded table details while the search has terms, else a constant: the background indexing
 * then re-renders nothing that only needs them for searching.
 */
export function useSearchDetails(): Readonly<Record<number, SoundTableDetail>> {
  const searching = useNav((s) => parseQuery(s.search).terms.length > 0);
  return useDat((s) => (searching ? s.tableDetails : NO_DETAILS));
}

/** The Waves list filtered by the search and sorted by its column (the same array wherever it is used). */
export function useShownWaves(): WaveInfo[] {
  const waves = useDat((s) => s.waves);
  const details = useSearchDetails();
  const search = useNav((s) => s.search);
  const sort = useNav((s) => s.waveSort);
  return shownWaves(waves, details, search, sort);
}

/** The SoundTables the search matches (unsorted: the grid sorts). */
export function useFilteredTables(): readonly SoundTableInfo[] {
  const tables = useDat((s) => s.soundTables);
  const details = useSearchDetails();
  const search = useNav((s) => s.search);
  return useMemo(() => filterTables(tables, details, search), [tables, details, search]);
}
