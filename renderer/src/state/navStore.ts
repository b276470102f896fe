/**
 * Navigation: which list tab is shown, what is open in the detail pane, back/forward history,
 * search text, sort per list, the multi-selection of Waves (for export) and list scroll offsets.
 */
import { create } from 'zustand';
import type { TableSortKey, WaveSortKey } from '../lib/listModel';
import type { QuickFilter } from '../lib/quickFilters';
import type { SortState } from '../lib/sort';

export type ListTab = 'soundTables' | 'waves' | 'creatures' | 'effects';
export type Target =
  | { kind: 'table'; id: number }
  | { kind: 'wave'; id: number }
  | { kind: 'creature'; id: number }
  | { kind: 'effect'; id: number };

/** The list that holds a target's kind. */
export function listOfTarget(t: Target): ListTab {
  return t.kind === 'table'
    ? 'soundTables'
    : t.kind === 'wave'
      ? 'waves'
      : t.kind === 'creature'
        ? 'creatures'
        : 'effects';
}
export type { TableSortKey, WaveSortKey } from '../lib/listModel';

export interface NavState {
  tab: ListTab;
  /** What the detail pane shows. */
  current: Target | null;
  history: Target[];
  historyIndex: number;
  search: string;
  /** The search's terms are regular expressions (lib/search). */
  regex: boolean;
  /** The pressed format quick filters (lib/quickFilters), in the order pressed. */
  quick: QuickFilter[];
  /** What the last paste of ids or copy of ids did ("3 ids pasted: …"), shown under the search box; null: nothing. */
  listNotice: string | null;
  tableSort: SortState<TableSortKey>;
  waveSort: SortState<WaveSortKey>;
  /** The keyboard cursor in each list (an id). */
  cursor: Record<ListTab, number | null>;
  /** Waves selected for export (Ctrl/Shift click). */
  selectedWaves: number[];
  /** Where a Shift-click range starts (Explorer-style): the last plain click, arrow move or Ctrl-click. */
  selectionAnchor: number | null;
  scroll: Record<ListTab, number>;
  /** Increments to ask the search box to take focus. */
  focusSearchTick: number;
  /** The detail pane shows the Census (until a SoundTable or Wave is opened). */
  showCensus: boolean;
  /** The detail pane shows the Soundscape (until a SoundTable or Wave is opened, or the Census). */
  showSoundscape: boolean;
}

export const useNav = create<NavState>()(() => ({
  tab: 'soundTables',
  current: null,
  history: [],
  historyIndex: -1,
  search: '',
  regex: false,
  quick: [],
  listNotice: null,
  tableSort: { key: 'id', dir: 'asc' },
  waveSort: { key: 'id', dir: 'asc' },
  cursor: { soundTables: null, waves: null, creatures: null, effects: null },
  selectedWaves: [],
  selectionAnchor: null,
  scroll: { soundTables: 0, waves: 0, creatures: 0, effects: 0 },
  focusSearchTick: 0,
  showCensus: false,
  showSoundscape: false,
}));

// ---------------------------------------------------------------------------------------------
// Actions

export function sameTarget(a: Target | null, b: Target | null): boolean {
  return a !== null && b !== null && a.kind === b.kind && a.id === b.id;
}

/** Opens a target in the detail pane and records it in history (dropping any forward entries). */
export function openTarget(t: Target): void {
  useNav.setState((s) => {
    const listKey = listOfTarget(t);
    const cursor = { ...s.cursor, [listKey]: t.id };
    const fresh = t.kind === 'wave' && !s.selectedWaves.includes(t.id);
    const selectedWaves = fresh ? [t.id] : s.selectedWaves;
    const selectionAnchor = fresh ? t.id : s.selectionAnchor;
    if (sameTarget(s.current, t))
      return { cursor, selectedWaves, selectionAnchor, showCensus: false, showSoundscape: false };
    const history = [...s.history.slice(0, s.historyIndex + 1), t].slice(-200);
    return {
      current: t,
      history,
      historyIndex: history.length - 1,
      cursor,
      selectedWaves,
      selectionAnchor,
      showCensus: false,
      showSoundscape: false,
    };
  });
}

/** Follows a link: switches the list tab to the target's kind and opens it. */
export function navigateTo(t: Target): void {
  useNav.setState({ tab: listOfTarget(t) });
  openTarget(t);
}

export function goBack(): void {
  historyStep(-1);
}

export function goForward(): void {
  historyStep(1);
}

function historyStep(delta: number): void {
  useNav.setState((s) => {
    const i = s.historyIndex + delta;
    const t = s.history[i];
    if (!t) return {};
    const listKey = listOfTarget(t);
    return {
      showCensus: false,
      showSoundscape: false,
      historyIndex: i,
      current: t,
      tab: listKey,
      cursor: { ...s.cursor, [listKey]: t.id },
    };
  });
}

/** Shows the Census in the detail pane, or hides it (back to the open SoundTable or Wave). */
export function setShowCensus(showCensus: boolean): void {
  useNav.setState(showCensus ? { showCensus, showSoundscape: false } : { showCensus });
}

/** Shows the Soundscape in the detail pane, or hides it (back to the open SoundTable or Wave). */
export function setShowSoundscape(showSoundscape: boolean): void {
  useNav.setState(showSoundscape ? { showSoundscape, showCensus: false } : { showSoundscape });
}

/** A census value was clicked: filter the given list with `search` and show it. */
export function filterList(tab: ListTab, search: string): void {
  useNav.setState({ tab, search });
}

export function setTab(tab: ListTab): void {
  useNav.setState({ tab });
}

export function setSearch(search: string): void {
  useNav.setState({ search });
}

/** The search box's "Regular expression" toggle. */
export function setRegex(regex: boolean): void {
  useNav.setState({ regex });
}

/** Presses or releases one format quick filter. */
export function toggleQuickFilter(f: QuickFilter): void {
  useNav.setState((s) => ({ quick: s.quick.includes(f) ? s.quick.filter((x) => x !== f) : [...s.quick, f] }));
}

export function setListNotice(listNotice: string | null): void {
  useNav.setState({ listNotice });
}

export function requestSearchFocus(): void {
  useNav.setState((s) => ({ focusSearchTick: s.focusSearchTick + 1 }));
}

export function setTableSort(tableSort: SortState<TableSortKey>): void {
  useNav.setState({ tableSort });
}

export function setWaveSort(waveSort: SortState<WaveSortKey>): void {
  useNav.setState({ waveSort });
}

/** A plain click or arrow move in the Waves list: that Wave alone is selected and anchors a later Shift-click. */
export function selectOnlyWave(id: number): void {
  useNav.setState({ selectedWaves: [id], selectionAnchor: id });
}

/** Ctrl/Cmd+A, a pasted id list: exactly these Waves are selected (the anchor: the first). */
export function selectWaves(ids: readonly number[]): void {
  useNav.setState({ selectedWaves: [...ids], selectionAnchor: ids[0] ?? null });
}

/** Toggles a wave in the export selection (Ctrl/Cmd-click); like Explorer, it also moves the range anchor there. */
export function toggleWaveSelected(id: number): void {
  useNav.setState((s) => ({
    selectedWaves: s.selectedWaves.includes(id) ? s.selectedWaves.filter((x) => x !== id) : [...s.selectedWaves, id],
    selectionAnchor: id,
  }));
}

/**
 * Shift-click: selects the contiguous range of the ordered visible ids from the anchor (the last
 * plain click or Ctrl-click; else the cursor) to `to`. The anchor stays, so Shift-clicks re-range.
 */
export function selectWaveRange(orderedIds: readonly number[], to: number): void {
  const s = useNav.getState();
  const from = s.selectionAnchor ?? s.cursor.waves ?? to;
  const a = orderedIds.indexOf(from);
  const b = orderedIds.indexOf(to);
  if (b < 0) return;
  if (a < 0) {
    selectOnlyWave(to);
    return;
  }
  const [lo, hi] = a < b ? [a, b] : [b, a];
  useNav.setState({ selectedWaves: orderedIds.slice(lo, hi + 1), selectionAnchor: from });
}

export function saveScroll(list: ListTab, offset: number): void {
  const s = useNav.getState();
  if (s.scroll[list] === offset) return;
  useNav.setState({ scroll: { ...s.scroll, [list]: offset } });
}

/** After a new dat opens: forget what pointed into the old one. */
export function resetNav(): void {
  useNav.setState({
    current: null,
    history: [],
    historyIndex: -1,
    cursor: { soundTables: null, waves: null, creatures: null, effects: null },
    selectedWaves: [],
    selectionAnchor: null,
    scroll: { soundTables: 0, waves: 0, creatures: 0, effects: 0 },
  });
}
