/**
 * `f` of each row, worked out once per row object (kept in a WeakMap by the row's identity): for
 * what a grid asks again for each row it draws (a search's "Matched:" reasons, a table's cues).
 */
export function perRow<T extends object, R>(f: (row: T) => R): (row: T) => R {
  const known = new WeakMap<T, R>();
  return (row) => {
    if (known.has(row)) return known.get(row)!;
    const r = f(row);
    known.set(row, r);
    return r;
  };
}
