/**
 * Where the browser host's picker opens for "Browse…" (README "Open"): what the user typed in
 * "Dat path" first — the path itself (a folder, `/dats/` or `/dats`), then its folder (a mistyped
 * or missing dat's folder) — then the open dat's folder. The picker tries them in order and shows
 * the first it can list (none: the home folder).
 */

/** The folder of a path (either separator; a trailing separator is the folder itself), or null. */
export function folderOf(path: string | null): string | null {
  if (!path) return null;
  const trimmed = path.length > 1 ? path.replace(/[/\\]+$/, '') : path;
  const i = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  if (i < 0) return null;
  return i === 0 ? trimmed.slice(0, 1) : trimmed.slice(0, i);
}

/**
 * The folders to try, best first, without repeats: the typed path and its folder (unless it is
 * empty or the open dat's own path, which the field shows when nothing was typed), then the open
 * dat's folder.
 */
export function pickerStarts(typed: string, openPath: string | null): string[] {
  const out: string[] = [];
  const add = (p: string | null): void => {
    if (p && !out.includes(p)) out.push(p);
  };
  const t = typed.trim();
  if (t.length > 0 && t !== openPath) {
    add(t);
    add(folderOf(t));
  }
  add(folderOf(openPath));
  return out;
}
