/**
 * Which paths the renderer may open or export to (issue #11, Electron d). The renderer is
 * sandboxed but still untrusted: it may only use paths the user chose in a native dialog — the
 * main process keeps those grants — plus the dat given on the command line and the default
 * export folder main itself proposes. A path typed in the page (or dropped on it) needs the
 * user's confirmation in a native dialog first, which then grants it.
 *
 * Takes no Electron objects (the confirmation is a function), so it is unit-tested plainly.
 */
import { resolve, sep } from 'node:path';
import type { ExportRequest, SoundscapeExportRequest, SoundServiceMethods } from '../../core/contract';
import type { ErrorName } from '../../core/errors';

/** A path the renderer asked for that the user never chose (and did not confirm). */
export class PathNotGrantedError extends Error {
  override name: ErrorName = 'PathNotGrantedError';
  readonly code = 'EPERM';
}

/** Files (dats) and folders (export targets) the user chose, as absolute paths. */
export class PathGrants {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  grantFile(path: string): void {
    this.files.add(resolve(path));
  }

  grantFolder(path: string): void {
    this.folders.add(resolve(path));
  }

  /** True for a granted file. */
  allowsFile(path: string): boolean {
    return this.files.has(resolve(path));
  }

  /** True for a granted folder or a folder inside one. */
  allowsFolder(path: string): boolean {
    const p = resolve(path);
    for (const f of this.folders) if (p === f || p.startsWith(f.endsWith(sep) ? f : f + sep)) return true;
    return false;
  }
}

/** Asks the user (a native dialog) whether the page may open / export to `path`; true = yes. */
export type ConfirmPath = (kind: 'open' | 'export', path: string) => Promise<boolean>;

/**
 * The service as the renderer may use it: `openDat` only of a granted file (null = the demo dat
 * is always fine), `exportWaves` only into a granted folder (a relative `dir` resolved against
 * `baseDir`, as the service does), and `exportSoundscape` likewise. Anything else is first confirmed with `confirm` (then granted),
 * or refused with {@link PathNotGrantedError}. Every other method passes through.
 */
export function guardPaths(
  service: SoundServiceMethods,
  grants: PathGrants,
  confirm: ConfirmPath,
  baseDir: string,
): SoundServiceMethods {
  const guarded: SoundServiceMethods = Object.create(service) as SoundServiceMethods;
  // the desktop app picks files and folders in its native dialogs (which grant them): the page
  // never lists the machine's folders
  guarded.listDirectory = () =>
    Promise.reject(new PathNotGrantedError('listDirectory: the desktop app uses its Open and folder dialogs'));
  guarded.openDat = async (path: string | null) => {
    if (path !== null && !grants.allowsFile(path)) {
      const abs = resolve(baseDir, path);
      if (!(await confirm('open', abs)))
        throw new PathNotGrantedError(`not opened: "${abs}" was not chosen in the Open dialog nor confirmed`);
      grants.grantFile(abs);
    }
    return service.openDat(path);
  };
  /** An export's folder must be granted, or confirmed (then granted). */
  const exportFolder = async (request: { dir?: unknown } | null | undefined): Promise<void> => {
    const dir = typeof request?.dir === 'string' ? resolve(baseDir, request.dir) : null;
    if (dir !== null && !grants.allowsFolder(dir)) {
      if (!(await confirm('export', dir)))
        throw new PathNotGrantedError(`not exported: "${dir}" was not chosen in the folder dialog nor confirmed`);
      grants.grantFolder(dir);
    }
  };
  guarded.exportWaves = async (request: ExportRequest) => {
    await exportFolder(request);
    return service.exportWaves(request);
  };
  guarded.exportSoundscape = async (request: SoundscapeExportRequest) => {
    await exportFolder(request);
    return service.exportSoundscape(request);
  };
  return guarded;
}
