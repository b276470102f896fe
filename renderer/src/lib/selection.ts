/**
 * The one rule for the Waves selection while a filter hides rows (issue #10 "Search"): what acts
 * on the selection — its count, Ctrl+C, Export's "Selected Waves" — acts on the selected rows the
 * list shows. Selected rows the filter hides stay selected (clearing the search shows them again)
 * and the count says how many there are, but nothing copies or exports them.
 */

/** The selected Waves the list shows, in the list's order, and how many selected ones it hides. */
export interface VisibleSelection {
  ids: number[];
  hidden: number;
}

/** {@link VisibleSelection} of `selected` (any order) over the ids the list shows (its order). */
export function visibleSelection(selected: readonly number[], shownIds: readonly number[]): VisibleSelection {
  const sel = new Set(selected);
  const ids = shownIds.filter((id) => sel.has(id));
  return { ids, hidden: sel.size - ids.length };
}

/**
 * The count under the Waves list: "8 of 8 Waves selected", plus "(19 more hidden by the search,
 * not copied or exported)" when the filter hides selected rows.
 */
export function selectionCountText(sel: VisibleSelection, shown: number): string {
  const hidden = sel.hidden > 0 ? ` · ${sel.hidden} more hidden by the search (not copied or exported)` : '';
  return `${sel.ids.length} of ${shown} Waves selected${hidden}`;
}
