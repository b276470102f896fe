/**
 * A virtualized, sortable, keyboard-driven data grid (role "grid", aria-rowcount = rows + 1).
 * ↑/↓/PgUp/PgDn/Home/End move the cursor (which opens the row), Enter activates it,
 * Ctrl/⌘-click toggles and Shift-click extends the multi-selection (when enabled).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { gridKeyAction } from '../lib/gridKeys';
import type { SortState } from '../lib/sort';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { registerActiveList, takeListFocusRequest, useListFocus } from '../state/listFocus';

export interface Column<T, K extends string> {
  key: K;
  title: string;
  /** What the column's values are, when the title alone does not say (shown on the header). */
  hint?: string;
  /** The header's accessible name when the short title does not say it all (it starts with the title). */
  name?: string;
  /** CSS grid track, e.g. "96px" or "1fr". */
  width: string;
  align?: 'left' | 'right';
  /** The cells' class (e.g. "mono", "num"): a cell holds its value itself, with no element around it. */
  className?: string;
  /** A cell's tooltip (its `title`), when the value shown says less than the whole. */
  cellTitle?(row: T): string | undefined;
  /** The cell's content: preferably text (one element per cell, issue #9); elements where it needs them. */
  render(row: T): ReactNode;
}

export interface VirtualGridProps<T, K extends string> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T, K>[];
  getId(row: T): number;
  sort: SortState<K>;
  onSort(key: K): void;
  cursor: number | null;
  selected?: ReadonlySet<number>;
  /** The cursor moved to a row (click or keys). */
  onCursor(id: number, how: 'click' | 'key'): void;
  /** Enter or double-click. */
  onActivate?(id: number): void;
  onToggleSelect?(id: number): void;
  /** Shift-click: select from the selection anchor (kept by the caller) to `to`. */
  onRangeSelect?(to: number): void;
  /** Shift+↑/↓ (and PgUp/PgDn/Home/End): the cursor moves to `id` and the selection extends to it from the anchor. */
  onExtend?(id: number): void;
  /** Ctrl/Cmd+A: select every row shown. */
  onSelectAll?(): void;
  /** Ctrl/Cmd+C: copy the selected rows' ids. */
  onCopy?(): void;
  initialScroll: number;
  onScroll(offset: number): void;
  empty: ReactNode;
  idPrefix: string;
}

const ROW_H = 22;

/** Rows rendered beyond each end of the visible ones, for scrolling (from the second frame on). */
const OVERSCAN = 12;

/**
 * What of the window's height is never the list's: the toolbar, search bar, tabs and column heads
 * above it, the transport and status bar below: 230 px in a window 1,200 px wide or more (1366×768,
 * 1920×1080), more in a narrower one, where the toolbar takes two lines, or with a banner over the
 * lists (the demo's note, a dat's warnings); never less. Exact, the first range is the one the
 * measurement finds, and the measurement re-renders nothing (issue #9).
 */
const NOT_LIST_PX = 230;

/**
 * The scroll box's size before it is measured, without a layout: the window's, less
 * {@link NOT_LIST_PX}. With a zero size the first render would show no rows and wait for the
 * measurement's re-render. An estimate off by a row costs a re-render of the grid before the first
 * paint (the measurement adds the rows missing, or drops those too many); too large also builds
 * rows the measurement drops again (issue #9).
 */
function windowRect(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: Math.max(0, window.innerHeight - NOT_LIST_PX) };
}

export function VirtualGrid<T, K extends string>(props: VirtualGridProps<T, K>) {
  const { rows, columns, getId, cursor, selected } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const template = columns.map((c) => c.width).join(' ');
  // the first paint builds only the rows it shows; the rows beyond its edges follow
  const overscan = useAfterFirstPaint() ? OVERSCAN : 0;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan,
    initialOffset: props.initialScroll,
    initialRect: windowRect(),
  });

  const cursorIndex = cursor === null ? -1 : rows.findIndex((r) => getId(r) === cursor);

  // Keep the cursor row rendered and visible.
  const lastScrolledTo = useRef<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  // Rows that arrive after the grid mounted (a reload: the lists load after the page) start at the
  // saved scroll offset, which wins over bringing the (restored) cursor row into view.
  const hadRows = useRef(rows.length > 0);
  useLayoutEffect(() => {
    if (rows.length === 0) {
      hadRows.current = false;
      return;
    }
    if (hadRows.current) return;
    hadRows.current = true;
    if (props.initialScroll > 0) {
      virtualizer.scrollToOffset(props.initialScroll);
      lastScrolledTo.current = cursor;
    }
  }, [rows.length, props.initialScroll, virtualizer, cursor]);
  useLayoutEffect(() => {
    if (cursorIndex >= 0 && lastScrolledTo.current !== cursor) {
      lastScrolledTo.current = cursor;
      virtualizer.scrollToIndex(cursorIndex, { align: 'auto' });
      // Roving focus: when a row had focus, move it to the cursor row once it is rendered.
      const grid = gridRef.current;
      const active = document.activeElement;
      if (grid && active && active !== grid && grid.contains(active) && active.getAttribute('role') === 'row') {
        const id = `${props.idPrefix}-${cursor}`;
        const focusRow = (tries: number): void => {
          const el = document.getElementById(id);
          if (el) el.focus({ preventScroll: true });
          else if (tries > 0) requestAnimationFrame(() => focusRow(tries - 1));
        };
        focusRow(3);
      }
    }
  }, [cursorIndex, cursor, virtualizer, props.idPrefix]);

  const onScrollSave = props.onScroll;
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let t = 0;
    const onScroll = (): void => {
      window.clearTimeout(t);
      t = window.setTimeout(() => onScrollSave(el.scrollTop), 120);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(t);
      el.removeEventListener('scroll', onScroll);
    };
  }, [onScrollSave]);

  /** Applies a grid key; false when it does nothing. */
  const handleKey = (key: string): boolean => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_H) - 1);
    const action = gridKeyAction(key, cursorIndex, rows.length, page);
    if (!action) return false;
    if (action.kind === 'move') props.onCursor(getId(rows[action.index]!), 'key');
    else if (cursor !== null) props.onActivate?.(cursor);
    return true;
  };
  const handleKeyRef = useRef(handleKey);
  useLayoutEffect(() => {
    handleKeyRef.current = handleKey;
  });

  // The visible list: the app sends it keys when the focus is nowhere, and focuses it on request.
  // Layout effects, so a list that (re)mounts is registered and focused before it is painted: a key
  // pressed as soon as the rows are visible must not find no list (it was lost before).
  useLayoutEffect(
    () =>
      registerActiveList({
        focus: () => {
          const grid = gridRef.current;
          if (grid && !grid.contains(document.activeElement)) grid.focus({ preventScroll: true });
        },
        key: (k) => handleKeyRef.current(k),
      }),
    [],
  );
  const focusTick = useListFocus((s) => s.tick);
  useLayoutEffect(() => {
    const request = takeListFocusRequest();
    if (request === null) return;
    gridRef.current?.focus({ preventScroll: true });
    if (request === 'open-first' && rows.length > 0) props.onCursor(getId(rows[0]!), 'key');
  }, [focusTick]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'a' && props.onSelectAll) {
      props.onSelectAll();
      e.preventDefault();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'c' && props.onCopy) {
      props.onCopy();
      e.preventDefault();
      return;
    }
    if (e.altKey || e.metaKey) return;
    if (e.shiftKey && props.onExtend && e.key !== 'Enter') {
      // Explorer-style: Shift+move extends the selection from the anchor instead of collapsing it
      const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_H) - 1);
      const action = gridKeyAction(e.key, cursorIndex, rows.length, page);
      if (action?.kind === 'move') {
        props.onExtend(getId(rows[action.index]!));
        e.preventDefault();
      }
      return;
    }
    if (handleKey(e.key)) e.preventDefault();
  };

  // The rows' handlers, the same functions on every render (the rows are memoized: a render of the
  // grid re-renders only the rows whose data, place or state changed); they call the latest props.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onRowClick = useCallback((e: MouseEvent, id: number): void => {
    const p = latest.current;
    if ((e.ctrlKey || e.metaKey) && p.onToggleSelect) {
      p.onToggleSelect(id);
      return;
    }
    if (e.shiftKey && p.onRangeSelect) {
      p.onRangeSelect(id);
      return;
    }
    p.onCursor(id, 'click');
  }, []);
  const onRowActivate = useCallback((id: number): void => latest.current.onActivate?.(id), []);

  const activeId = cursorIndex >= 0 ? `${props.idPrefix}-${cursor}` : undefined;

  return (
    <div
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      aria-multiselectable={props.onToggleSelect ? true : undefined}
      aria-activedescendant={activeId}
      tabIndex={0}
      ref={gridRef}
      className="grid"
      // every row's tracks, set once here (.grid-row in styles.css), not on each row
      style={{ '--grid-cols': template } as CSSProperties}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row">
          {columns.map((c, i) => {
            const active = props.sort.key === c.key;
            return (
              <div
                key={c.key}
                role="columnheader"
                aria-colindex={i + 1}
                aria-sort={active ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                className={c.align === 'right' ? 'colhead right' : 'colhead'}
              >
                {/* A real button: Tab reaches it, Enter/Space sort (like the Census tables). */}
                <button
                  type="button"
                  className="sort-head"
                  title={c.hint ? `Sort by ${c.title}: ${c.hint}` : `Sort by ${c.title}`}
                  aria-label={c.name}
                  onClick={() => props.onSort(c.key)}
                  onKeyDown={(e) => {
                    // the grid's own keys (↑/↓/Enter…) must not fire while a header button has the focus
                    e.stopPropagation();
                  }}
                >
                  {c.title}
                  {active && (
                    <span className="arrow" aria-hidden="true">
                      {props.sort.dir === 'asc' ? '▲' : '▼'}
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <div className="grid-body" ref={scrollRef}>
        {rows.length === 0 ? (
          <div className="empty">{props.empty}</div>
        ) : (
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              const id = getId(row);
              return (
                <GridRow
                  key={id}
                  row={row}
                  id={id}
                  index={item.index}
                  start={item.start}
                  columns={columns}
                  idPrefix={props.idPrefix}
                  selected={selected ? selected.has(id) : id === cursor}
                  cursor={id === cursor}
                  onClick={onRowClick}
                  onActivate={onRowActivate}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

interface GridRowProps<T, K extends string> {
  row: T;
  id: number;
  /** The row's place in the (sorted, filtered) list. */
  index: number;
  /** Its top in the scroll box (px). */
  start: number;
  columns: readonly Column<T, K>[];
  idPrefix: string;
  selected: boolean;
  cursor: boolean;
  onClick(e: MouseEvent, id: number): void;
  onActivate(id: number): void;
}

/** A cell's classes: the column's own and its alignment. */
function cellClass<T, K extends string>(c: Column<T, K>): string | undefined {
  if (c.align !== 'right') return c.className;
  return c.className ? `right ${c.className}` : 'right';
}

/**
 * A Shift-click (range select) or the second press of a double-click (open) is a list gesture, not
 * a text selection: the browser's default (extend / select a word) is prevented and the row takes
 * the focus it would have taken. A plain press keeps its default, so a drag still selects cell
 * text; Ctrl/Cmd+C copies the selected rows' ids either way.
 */
function noTextSelection(e: MouseEvent<HTMLElement>): void {
  if (e.button !== 0 || (!e.shiftKey && e.detail < 2)) return;
  e.preventDefault();
  e.currentTarget.focus({ preventScroll: true });
}

/**
 * One row of the grid, one element per cell; memoized, so it renders again only when one of its props changes. */
const GridRow = memo(function GridRow<T, K extends string>(p: GridRowProps<T, K>) {
  const { id, columns } = p;
  return (
    <div
      id={`${p.idPrefix}-${id}`}
      role="row"
      tabIndex={-1}
      aria-rowindex={p.index + 2}
      aria-selected={p.selected}
      className={'grid-row' + (p.index % 2 ? ' alt' : '') + (p.cursor ? ' cursor' : '')}
      style={{ top: p.start }}
      onMouseDown={noTextSelection}
      onClick={(e) => p.onClick(e, id)}
      onDoubleClick={() => p.onActivate(id)}
    >
      {columns.map((c, i) => (
        <div key={c.key} role="gridcell" aria-colindex={i + 1} className={cellClass(c)} title={c.cellTitle?.(p.row)}>
          {c.render(p.row)}
        </div>
      ))}
    </div>
  );
}) as <T, K extends string>(p: GridRowProps<T, K>) => ReactElement;
