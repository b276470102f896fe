/**
 * The browser host's folder listing for its file and folder picker (issue #10 defect 4): a
 * folder's sub-folders and, when opening a dat, its `.dat` files. Read-only: it lists names and
 * never opens a file. Only the loopback browser host serves it (node/http/server.ts).
 */
import { readdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import type { DirectoryEntry, DirectoryListing, DirectoryShow } from '../../core/contract';
import { wrapIoError } from '../errors';
import { resolveUserPath } from '../userPath';

/** Most entries one listing returns (a folder with more says `truncated`). */
export const MAX_DIRECTORY_ENTRIES = 5000;

const byName = (a: DirectoryEntry, b: DirectoryEntry): number =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/**
 * Lists folder `input` (as users type it: ~, quotes, file:// URLs; relative to `home`; null =
 * `home`): its sub-folders (symlinks to folders too) and, with `show` 'dat', its `.dat` files
 * (any case); hidden (dot) entries and anything unreadable left out; folders first, then files,
 * by name.
 * @throws IoError naming the folder (ENOENT, EACCES, ENOTDIR…)
 */
export async function listDirectory(
  input: string | null,
  show: DirectoryShow,
  home: string = homedir(),
): Promise<DirectoryListing> {
  const path = input === null ? home : resolveUserPath(input, { base: home, home }).path;
  let dirents;
  try {
    dirents = await readdir(path, { withFileTypes: true });
  } catch (e) {
    throw wrapIoError(e, 'list the folder', path);
  }
  const folders: DirectoryEntry[] = [];
  const files: DirectoryEntry[] = [];
  for (const d of dirents) {
    if (d.name.startsWith('.')) continue;
    const full = join(path, d.name);
    let folder = d.isDirectory();
    let file = d.isFile();
    if (d.isSymbolicLink()) {
      const target = await stat(full).catch(() => null);
      folder = target?.isDirectory() ?? false;
      file = target?.isFile() ?? false;
    }
    if (folder) folders.push({ name: d.name, path: full, kind: 'folder' });
    else if (file && show === 'dat' && /\.dat$/i.test(d.name)) files.push({ name: d.name, path: full, kind: 'file' });
  }
  const entries = [...folders.sort(byName), ...files.sort(byName)];
  const root = parse(path).root;
  return {
    path,
    parent: path === root ? null : dirname(path),
    home,
    entries: entries.slice(0, MAX_DIRECTORY_ENTRIES),
    truncated: entries.length > MAX_DIRECTORY_ENTRIES,
  };
}
