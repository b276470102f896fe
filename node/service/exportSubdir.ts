import { lstat, mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { ExportError, isNodeIoError, describeCode } from '../errors';

/**
 * The absolute path of `rel` (a relative file path with `/` between folders, from core/exportNames
 * `templateStem`) inside the export folder `dir`, with its folders created one at a time
 * (docs/export-names.md §3). A name never leaves `dir`: a `.`/`..`/empty segment or an absolute
 * path is refused (core drops them; this is the second lock), and a folder on the way that is a
 * symbolic link (or not a folder) is not followed.
 * @throws ExportError naming the folder: `ELOOP` for a link, `ENOTDIR` for a file in the way,
 *   `EINVAL` for a name that would leave the folder, the file-system code when mkdir fails
 */
export async function placeInExportDir(dir: string, rel: string): Promise<string> {
  const segments = rel.split('/');
  if (isAbsolute(rel) || segments.some((s) => s === '' || s === '.' || s === '..' || s.includes(sep))) {
    throw new ExportError((q) => `the file name ${q(rel)} would leave the export folder`, 'EINVAL', join(dir, rel));
  }
  let cur = dir;
  for (const folder of segments.slice(0, -1)) {
    cur = join(cur, folder);
    try {
      await mkdir(cur);
    } catch (e) {
      if (!isNodeIoError(e) || e.code !== 'EEXIST')
        throw new ExportError(
          (q) => `cannot create the folder ${q(cur)}: ${isNodeIoError(e) ? describeCode(e) : String(e)}`,
          isNodeIoError(e) ? e.code : 'EIO',
          cur,
          { cause: e },
        );
    }
    const st = await lstat(cur);
    if (st.isSymbolicLink())
      throw new ExportError(
        (q) => `${q(cur)} is a link; files are only written in folders inside the export folder`,
        'ELOOP',
        cur,
      );
    if (!st.isDirectory())
      throw new ExportError((q) => `${q(cur)} exists and is not a folder (ENOTDIR)`, 'ENOTDIR', cur);
  }
  const file = join(dir, ...segments);
  const back = relative(dir, file);
  if (back.startsWith('..') || isAbsolute(back))
    throw new ExportError((q) => `the file name ${q(rel)} would leave the export folder`, 'EINVAL', file);
  return file;
}
