/**
 * Above the lists: the search box (lib/search's language) with its "Regular expression" toggle,
 * the format quick filters (lib/quickFilters) and one line saying what is shown — the visible
 * rows, an invalid regular expression, what a pasted id list found or a copy did.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { filterQuery, shownCountText, type ShownCount } from '../lib/listModel';
import { QUICK_FILTERS } from '../lib/quickFilters';
import { parseIdList } from '../lib/search';
import { hex8 } from '../lib/format';
import { requestListFocus } from '../state/listFocus';
import { selectPastedIds } from '../state/idList';
import { setListNotice, setRegex, setSearch, toggleQuickFilter, useNav } from '../state/navStore';

export interface SearchBarProps {
  /** Rows the visible list shows and holds (or why that is not known), and what they are ("Waves"). */
  count: ShownCount;
  what: string;
  /** The visible list ignores the quick filters (Creatures, Effects). */
  quickApplies: boolean;
}

export function SearchBar({ count, what, quickApplies }: SearchBarProps) {
  const search = useNav((s) => s.search);
  const regex = useNav((s) => s.regex);
  const quick = useNav((s) => s.quick);
  const notice = useNav((s) => s.listNotice);
  const focusTick = useNav((s) => s.focusSearchTick);
  const searchRef = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState(search);

  useEffect(() => {
    if (focusTick > 0) {
      searchRef.current?.focus();
      searchRef.current?.select();
    }
  }, [focusTick]);

  // Debounce list filtering a little so typing stays smooth on big dats.
  useEffect(() => {
    const t = window.setTimeout(() => setSearch(searchText), 80);
    return () => window.clearTimeout(t);
  }, [searchText]);
  useEffect(() => {
    setSearchText((cur) => (cur === search ? cur : search));
  }, [search]);

  const problem = useMemo(() => filterQuery({ search: searchText, regex, quick: [] }).error, [searchText, regex]);
  const type = (text: string): void => {
    setSearchText(text);
    if (notice) setListNotice(null);
  };

  const onPaste = (e: React.ClipboardEvent<HTMLInputElement>): void => {
    const ids = parseIdList(e.clipboardData.getData('text/plain'));
    if (!ids) return; // ordinary text: pasted as typed
    e.preventDefault();
    const text = ids.map(hex8).join(' ');
    setSearchText(text);
    setSearch(text);
    selectPastedIds(ids);
  };

  return (
    <div className="search-bar">
      <div className="search-row">
        <input
          ref={searchRef}
          className="field search"
          type="search"
          aria-label="Search"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'search-problem' : undefined}
          placeholder={regex ? 'Regular expressions, -term excludes  ( / )' : 'Search ids, labels, sound types  ( / )'}
          title="Terms must all match; -term excludes; paste a list of ids to select them"
          spellCheck={false}
          value={searchText}
          onChange={(e) => type(e.target.value)}
          onPaste={onPaste}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !e.altKey) {
              // ↓ from the search box enters the list and opens its first row, as ↓ in the list does
              e.preventDefault();
              setSearch(searchText);
              requestListFocus(true);
              return;
            }
            if (e.key === 'Escape' && searchText) {
              e.stopPropagation();
              type('');
            }
          }}
        />
        <button
          type="button"
          className="btn icon regex-toggle mono"
          aria-label="Regular expression"
          aria-pressed={regex}
          title="Regular expression: each term is a JavaScript regular expression (any case)"
          onClick={() => setRegex(!regex)}
        >
          .*
        </button>
      </div>
      <div
        role="group"
        aria-label="Quick filters"
        className="chips"
        title={quickApplies ? undefined : 'The quick filters apply to the SoundTables and Waves lists'}
      >
        {QUICK_FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className="chip"
            aria-pressed={quick.includes(f.key)}
            title={f.title}
            onClick={() => toggleQuickFilter(f.key)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {problem && (
        <div id="search-problem" className="search-problem">
          ⚠ {problem}: that term is left out of the filter.
        </div>
      )}
      <div role="status" aria-label="Shown" className="search-status">
        {shownCountText(count, what)}
        {!quickApplies && quick.length > 0 ? ' (quick filters apply to SoundTables and Waves)' : ''}
        {notice && <span className="notice"> · {notice}</span>}
      </div>
    </div>
  );
}
