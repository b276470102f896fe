import { basename, dirname, join } from 'node:path';
import { assertWritableWave, originalFile, storedWavProblem } from '../../core/audio';
import type { ExportProgress, ExportRequest, ExportResult } from '../../core/contract';
import { parseSettings } from '../../core/engine';
import { errorToData, hex8, messageWithin, type ErrorName } from '../../core/errors';
import {
  ENCODER_NAMES,
  EXPORT_FORMAT_NAMES,
  encoderFor,
  exportFormatInfo,
  isEncoderName,
  isExportFormat,
  type Encoder,
} from '../../core/export';
import { parseWave, type Wave } from '../../core/objects';
import { RequestError } from '../errors';
import { asHeardSidecar, decideAsHeard, encodeSidecar, renderAsHeardAudio, skipText } from './asHeard';
import { exists, refuseFolder, removeStaleTemps, writeFilesTogether } from './atomicWrite';
import { resolveUserPath } from '../userPath';
import { checkExportDir, ensureExportDir } from './exportDir';
import {
  asHeardFileName,
  batchStems,
  DEFAULT_NAME_TEMPLATE,
  idStem,
  namedFile,
  nameLengthProblem,
  nameTemplateProblem,
  parseNameTemplate,
  sidecarPath,
  waveFileName,
  type NameFacts,
} from '../../core/exportNames';
import { placeInExportDir } from './exportSubdir';

/** Where the exporter gets Wave bytes from (the open dat). */
export interface ExportSource {
  /** The Wave object's bytes exactly as stored (decompressed). @throws NotFoundError, DatFormatError */
  waveBytes(id: number): Promise<Uint8Array>;
  /**
   * What a naming template reads of Wave `id` (its listing fields and first SoundTable use, see
   * core/exportNames `NameFacts`), or null when the dat has no such Wave. Needed for a
   * `nameTemplate` other than `{id}`; the service answers from its index (no file reads).
   */
  nameFacts?(id: number): NameFacts | null;
}

/** Options of {@link exportWaves}. */
export interface ExportOptions {
  /**
   * Aborting stops before the next file (a file being made when it aborts is not written, and
   * counts as not attempted); the ids not attempted are the result's `notAttempted`, and the
   * result has `cancelled: true`.
   */
  signal?: AbortSignal;
  /**
   * Called after each id attempted (written, skipped or failed), `done` counting up; a cancelled
   * batch then gets one final call with `done` = the ids attempted (less than `total` when some
   * were not attempted) and `id` the last one attempted (the first id when none was).
   */
  onProgress?: (p: ExportProgress) => void;
  /**
   * Folder a relative `request.dir` is resolved against (the host's working directory for the
   * browser host and the CLI; the service passes its `exportBaseDir`). Default `process.cwd()`.
   */
  baseDir?: string;
  /**
   * The file name to write instead of the one derived from the id and format (an as-heard
   * sidecar goes beside it, `x.wav` → `x.json`): only for a request of one id (`acsound render
   * --out FILE`). Node-side only, not part of the wire request.
   */
  fileName?: string;
  /**
   * Called with each failed id's error as thrown (name, message and details intact), beside its
   * `failed` row: `acsound render` rethrows it. Node-side only.
   */
  onFailure?: (id: number, error: Error) => void;
}

/** A failed id with the error's name and code (e.g. DecodeError; IoError ENOSPC) for exit codes. */
export interface ExportFailure {
  id: number;
  reason: string;
  errorName: ErrorName;
  code?: string;
}

/** {@link ExportResult} plus why each failure happened (error name and code). */
export interface NodeExportResult extends ExportResult {
  failed: ExportFailure[];
}

/** Write errors after which no later file can be written either: the batch stops. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/**
 * Checks an {@link ExportRequest} arriving from a transport and returns it with its settings as
 * the one settings parser gives them (core/engine/settings.ts `parseSettings`: the bearing
 * wrapped into (−180, 180]).
 * @throws RequestError naming the bad field (ids not u32 numbers, dir not a non-empty path,
 *   unknown format, as-heard without settings); SettingsError for a bad setting (`distance: 500
 *   is above 200`, the message every door gives). A relative dir is fine: {@link exportWaves}
 *   resolves it against its base folder.
 */
export function parseExportRequest(r: unknown): ExportRequest {
  if (!r || typeof r !== 'object') throw new RequestError('export request must be an object');
  const q = r as Partial<ExportRequest>;
  if (!Array.isArray(q.ids) || !q.ids.every((id) => Number.isInteger(id) && id >= 0 && id <= 0xffffffff)) {
    throw new RequestError('export request: ids must be an array of u32 numbers');
  }
  if (typeof q.dir !== 'string' || q.dir.trim() === '' || q.dir.includes('\0')) {
    throw new RequestError('export request: dir must be a folder path');
  }
  if (!isExportFormat(q.format)) {
    throw new RequestError(
      `export request: format must be one of ${EXPORT_FORMAT_NAMES.join(', ')}, got ${JSON.stringify(q.format)}`,
    );
  }
  if (q.encoder !== undefined && !isEncoderName(q.encoder)) {
    throw new RequestError(
      `export request: encoder must be one of ${ENCODER_NAMES.join(', ')}, got ${JSON.stringify(q.encoder)}`,
    );
  }
  if (typeof q.force !== 'boolean') throw new RequestError('export request: force must be true or false');
  if (q.nameTemplate !== undefined) {
    const problem = typeof q.nameTemplate === 'string' ? nameTemplateProblem(q.nameTemplate) : 'it must be text';
    if (problem !== null) throw new RequestError(`export request: name template: ${problem}`);
  }
  if (exportFormatInfo(q.format).needsSettings) {
    if (!q.settings || typeof q.settings !== 'object')
      throw new RequestError('export request: the as-heard format needs the Listener settings');
    return { ...(q as ExportRequest), settings: parseSettings(q.settings) };
  }
  return q as ExportRequest;
}

/** {@link parseExportRequest} as an assertion. */
export function validateExportRequest(r: unknown): asserts r is ExportRequest {
  parseExportRequest(r);
}

/** What an id exports: its file (and, for as-heard, the JSON sidecar) or why it writes nothing. */
type Planned =
  | {
      name: string;
      sidecar: string | null;
      make: (file: string) => Promise<{ bytes: Uint8Array; sidecar: Uint8Array | null }>;
    }
  | { name: string; skip: string };

/**
 * What Wave `id` exports. Names, the engine decision and the sidecar use `id`, the dat entry id
 * (the B-tree key): a Wave object's embedded id may differ (a row warning at listing), and then
 * it is not the id the user asked for.
 */
function plan(
  id: number,
  wave: Wave,
  request: ExportRequest,
  fileName: string | undefined,
  stem: string | null,
): Planned {
  const encoder: Encoder = encoderFor(request.encoder);
  const named = (format: ExportRequest['format']): string | undefined =>
    fileName ??
    (stem === null
      ? undefined
      : namedFile(stem, { formatTag: wave.format.wFormatTag }, format, {
          extension: encoder.extension,
          ...(request.settings ? { settings: request.settings } : {}),
        }));
  // decoded and as-heard write audio of the wave's own rate and channels: refuse a format no
  // valid WAV can have (DecodeError naming the Wave); `original` writes the bytes as stored
  if (exportFormatInfo(request.format).encoded) assertWritableWave(wave);
  switch (request.format) {
    case 'decoded':
      return {
        name: named('decoded') ?? waveFileName(id, encoder.extension),
        sidecar: null,
        make: async () => ({ bytes: await encoder.encodeWave(wave), sidecar: null }),
      };
    case 'original': {
      const f = originalFile(wave);
      return {
        name: named('original') ?? waveFileName(id, f.extension),
        sidecar: null,
        make: async () => ({ bytes: f.bytes, sidecar: null }),
      };
    }
    case 'as-heard': {
      const settings = request.settings!;
      const name = named('as-heard') ?? asHeardFileName(id, settings, encoder.extension);
      const decision = decideAsHeard(id, settings);
      const why = skipText(decision);
      if (why !== null) return { name, skip: why };
      return {
        name,
        sidecar: sidecarPath(name),
        make: async (file) => {
          const render = await renderAsHeardAudio(wave, settings, decision, encoder);
          return {
            bytes: render.wav,
            sidecar: encodeSidecar(asHeardSidecar(id, wave, settings, decision, render, file)),
          };
        },
      };
    }
  }
}

/**
 * Exports Waves to `request.dir` (resolved against `options.baseDir` when relative; created if
 * missing), one file per id, in the order given (duplicates dropped):
 * - `decoded`: 16-bit PCM WAV at the wave's own rate and channels, `0A000001.wav`;
 * - `original`: PCM as WAV with the full original fmt chunk, MP3 as its bare frames, `.wav`/`.mp3`:
 *   the bytes as stored, never checked or corrected; `notes` says so, and names each Wave whose
 *   stored format is no valid WAV format;
 * - `as-heard`: the retail engine's decision for `request.settings` applied to the wave, a stereo
 *   16-bit WAV named from the settings (`0A000012_10m_+90deg.wav`) and beside it a JSON sidecar
 *   (`0A000012_10m_+90deg.json`: the settings and the engine's decision, see `AsHeardSidecar`);
 *   a play the engine skips (inaudible, disabled…) writes neither and is reported as skipped with
 *   the engine's reason.
 *
 * Every file is written atomically (`writeFileAtomic`); an existing file is never replaced
 * unless `force` (skipped, reason "exists"). A WAV and its sidecar go together
 * (`writeFilesTogether`): if either exists both are skipped, and both land or neither does. A failing id (not in the dat, corrupt, undecodable,
 * unwritable) is reported in `failed` (its `reason` without the id, which is its own field) and
 * the batch goes on — except on a full disk (ENOSPC, EDQUOT): the batch stops there, the rest are
 * `notAttempted` and `notes` says why in one line.
 *
 * Temp files of ours that a killed export left in the folder (their process is gone) are removed
 * first (`removeStaleTemps`).
 *
 * The folder is checked ONCE before any Wave is read (`checkExportDir`: what exists of it must be
 * a folder that takes a file), and created only when the first file is about to be written
 * (`ensureExportDir`: component by component, never hanging, then a writability probe): an
 * export that writes nothing (every id failed or was skipped) leaves no folder behind, and a
 * folder that cannot be created or written fails the whole request with one ExportError instead
 * of one failure per Wave.
 * @throws RequestError for a malformed request; ExportError (code ENOENT, EACCES, ENOTDIR,
 *   EROFS…) when the folder cannot be created or written
 */
export async function exportWaves(
  source: ExportSource,
  request: ExportRequest,
  options: ExportOptions = {},
): Promise<NodeExportResult> {
  request = parseExportRequest(request);
  // ~, quotes, file:// URLs and relative folders as typed (node/userPath.ts)
  const dir = resolveUserPath(request.dir, { base: options.baseDir ?? process.cwd() }).path;
  request = { ...request, dir };
  const ids = [...new Set(request.ids.map((id) => id >>> 0))];
  if (
    options.fileName !== undefined &&
    (ids.length !== 1 || options.fileName === '' || /[\\/\0]/.test(options.fileName))
  ) {
    throw new RequestError('export: a file name is for a request of exactly one id, and is a plain name (no folder)');
  }
  const result: NodeExportResult = { dir, written: [], skipped: [], failed: [], notAttempted: [], cancelled: false };
  // one named file (`acsound render --out`): a folder that fails names that file, not an export
  const folderFor = options.fileName === undefined ? {} : { target: join(dir, options.fileName) };
  await checkExportDir(dir, folderFor);
  let made: Promise<void> | null = null;
  const naming: ExportNaming = {
    stems: options.fileName === undefined ? batchNames(source, request, ids) : null,
    cleaned: new Set(),
    // the folder, made once, when the first file is about to be written; its failure ends the request
    ensureDir: () =>
      (made ??= ensureExportDir(dir, folderFor).catch((e: unknown) => {
        throw new FolderFailure(e);
      })),
  };
  let done = 0;
  let diskFull = false;
  for (const id of ids) {
    if (options.signal?.aborted) {
      result.notAttempted = ids.slice(done);
      break;
    }
    if ((await exportOne(source, request, id, result, options, naming)) === 'cancelled') {
      // the Wave in flight when the cancel came is not written: it counts with those not attempted
      result.notAttempted = ids.slice(done);
      break;
    }
    done++;
    options.onProgress?.({ done, total: ids.length, id });
    const last = result.failed[result.failed.length - 1];
    if (last?.id === id && last.code !== undefined && DISK_FULL.has(last.code) && done < ids.length) {
      // a full disk fails every later file the same way: stop with one line instead
      result.notAttempted = ids.slice(done);
      diskFull = true;
      (result.notes ??= []).push(
        `stopped: ${last.code === 'EDQUOT' ? 'disk quota exceeded' : 'no space left on device'} (${last.code}) writing ${hex8(id)}; ${result.notAttempted.length} Wave(s) not attempted`,
      );
      break;
    }
  }
  if (result.notAttempted.length > 0 && !diskFull) result.cancelled = true;
  if (request.format === 'original' && result.written.length > 0) {
    // its job: the bytes as they are; say so, so nobody takes them for checked WAVs
    (result.notes ??= []).unshift(
      `original: ${result.written.length} file(s) written with the Waves' bytes as stored (headers neither checked nor corrected)`,
    );
  }
  if (result.cancelled) {
    // the final word on a cancelled batch: how far it got (`done` = ids attempted), never `total`
    options.onProgress?.({ done, total: ids.length, id: ids[Math.max(0, done - 1)]! });
  }
  return result;
}

/** How one batch names its files and makes its folders (shared by every id of the batch). */
interface ExportNaming {
  stems: Map<number, string> | null;
  /** Folders whose stale temp files were already removed. */
  cleaned: Set<string>;
  /** Makes the export folder (once); rejects with a {@link FolderFailure}. */
  ensureDir: () => Promise<void>;
}

/** The export folder could not be made or written: the whole request fails with `cause`, not one id. */
class FolderFailure {
  constructor(readonly cause: unknown) {}
}

async function exportOne(
  source: ExportSource,
  request: ExportRequest,
  id: number,
  result: NodeExportResult,
  { signal, fileName, onFailure }: ExportOptions,
  naming: ExportNaming,
): Promise<void | 'cancelled'> {
  let file = '';
  try {
    // the entry id, also for decode errors: an embedded id that differs names nothing the user asked for
    const wave = { ...parseWave(await source.waveBytes(id)), id };
    const p = plan(id, wave, request, fileName, naming.stems?.get(id) ?? null);
    file = join(request.dir, p.name);
    if ('skip' in p) {
      result.skipped.push({ id, file, reason: p.skip });
      return;
    }
    // a file is about to be written: the export folder now, then a template's folders
    // (`{table}/…`), made inside the export folder, never outside it
    await naming.ensureDir();
    file = await placeInExportDir(request.dir, p.name);
    if (!naming.cleaned.has(dirname(file))) {
      naming.cleaned.add(dirname(file));
      await removeStaleTemps(dirname(file));
    }
    const side = p.sidecar === null ? null : join(request.dir, p.sidecar);
    const existsReason = (path: string): string => (path === file ? 'exists' : `exists (${basename(path)})`);
    // a folder of a target's name is never replaced, --force or not: a failure that says so
    for (const target of side === null ? [file] : [file, side]) await refuseFolder(target);
    if (!request.force) {
      for (const target of side === null ? [file] : [file, side]) {
        if (await exists(target)) {
          result.skipped.push({ id, file, reason: existsReason(target) });
          return;
        }
      }
    }
    const made = await p.make(file);
    if (signal?.aborted) {
      // cancelled while this file was being made: nothing is written for it, and it is not
      // "skipped" (that is a file that exists): the batch counts it as not attempted
      return 'cancelled';
    }
    // the sidecar first, then the WAV: a WAV never appears without its sidecar
    const group = [
      ...(side !== null && made.sidecar !== null ? [{ path: side, bytes: made.sidecar }] : []),
      { path: file, bytes: made.bytes },
    ];
    const outcome = await writeFilesTogether(group, request.force);
    if (outcome.outcome === 'exists') result.skipped.push({ id, file, reason: existsReason(outcome.path) });
    else {
      // a salvaged Wave (clamped data, odd length…) is written, and the summary says with what
      result.written.push({
        id,
        file,
        ...(side !== null ? { sidecar: side } : {}),
        ...(wave.warnings.length > 0 ? { warnings: [...wave.warnings] } : {}),
      });
      const stored = request.format === 'original' ? storedWavProblem(wave) : null;
      if (stored !== null)
        (result.notes ??= []).push(
          `${hex8(id)}: written as stored, but its stored format is not a valid WAV format: ${stored}`,
        );
    }
  } catch (e) {
    if (e instanceof FolderFailure) throw e.cause;
    const err = e instanceof Error ? e : new Error(String(e));
    const data = errorToData(err);
    result.failed.push({
      id,
      reason: failureReason(id, err),
      errorName: data.name,
      ...(data.code !== undefined ? { code: data.code } : {}),
    });
    onFailure?.(id, err);
  }
}

/**
 * The stem of each id for the request's naming template (core/exportNames `batchStems`: equal
 * names numbered in id order), or null for the default `{id}`, whose names are the id names.
 * Ids the source knows nothing of (not in the dat: they fail when read) keep their id stem.
 * @throws RequestError when a name would be too long to make (core/exportNames
 *   `nameLengthProblem`), before any folder is made
 */
function batchNames(source: ExportSource, request: ExportRequest, ids: readonly number[]): Map<number, string> | null {
  const template = request.nameTemplate ?? DEFAULT_NAME_TEMPLATE;
  if (template === DEFAULT_NAME_TEMPLATE) return null;
  if (!source.nameFacts) throw new RequestError('export: this export source cannot name files by a template');
  const facts = ids.map((id) => source.nameFacts!(id)).filter((f): f is NameFacts => f !== null);
  const stems = batchStems(parseNameTemplate(template), facts);
  // every name checked before anything is made: a too-long name fails the request, not each Wave
  const extension = encoderFor(request.encoder).extension;
  for (const f of facts) {
    const file = namedFile(stems.get(f.id >>> 0)!, f, request.format, {
      extension,
      ...(request.settings ? { settings: request.settings } : {}),
    });
    const problem =
      nameLengthProblem(file) ?? (request.format === 'as-heard' ? nameLengthProblem(sidecarPath(file)) : null);
    if (problem !== null)
      throw new RequestError(`export: name template: ${problem} (${hex8(f.id)}: ${file}); nothing exported`);
  }
  for (const id of ids) if (!stems.has(id)) stems.set(id, idStem(id));
  return stems;
}

/**
 * Why an id failed, WITHOUT the id (it is the failure's own `id` field, and every front end
 * prints `0x0A000010: <reason>`): core/errors `messageWithin`, the one rule for a message whose
 * context names the id.
 */
export function failureReason(id: number, err: Error): string {
  return messageWithin(err, id);
}
