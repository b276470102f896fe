/** Column sorting for the lists: stable, numeric or string, ascending or descending. */
export type SortDir = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  dir: SortDir;
}

export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * Returns a sorted copy; ties keep their original (id) order. A list already in that order (the
 * service lists by id, the lists' default sort) is copied as it is, with no sort.
 */
export function sortRows<T>(rows: readonly T[], get: (row: T) => unknown, dir: SortDir): T[] {
  if (inOrder(rows, get, dir)) return rows.slice();
  const indexed = rows.map((row, i) => ({ row, i, v: get(row) }));
  indexed.sort((x, y) => {
    const c = compareValues(x.v, y.v);
    if (c !== 0) return dir === 'asc' ? c : -c;
    return x.i - y.i;
  });
  return indexed.map((x) => x.row);
}

/** True when `rows` are already sorted by `get` in `dir` (ties in any order: they keep it). */
function inOrder<T>(rows: readonly T[], get: (row: T) => unknown, dir: SortDir): boolean {
  for (let i = 1; i < rows.length; i++) {
    const c = compareValues(get(rows[i - 1]!), get(rows[i]!));
    if (dir === 'asc' ? c > 0 : c < 0) return false;
  }
  return true;
}

/** Next sort state after clicking a column header. */
export function toggleSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'asc' };
}
