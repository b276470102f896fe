/**
 * Formats rows as an aligned plain-text table: columns padded to their widest cell, separated by
 * two spaces; columns listed in `right` are right-aligned (numbers). Trailing spaces are trimmed.
 */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  right: ReadonlySet<number> = new Set(),
): string {
  // a loop, not Math.max(...rows): an hour's event log has tens of thousands of rows
  const widths = headers.map((h, c) => rows.reduce((w, r) => Math.max(w, (r[c] ?? '').length), h.length));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}
