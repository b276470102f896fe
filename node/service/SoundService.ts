import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type {
  Census,
  CreatureDetail,
  CreatureInfo,
  DirectoryListing,
  DirectoryShow,
  DatSummary,
  EffectInfo,
  GraphStatus,
  ObjectReference,
  SoundGraphData,
  Timeline,
  TimelineRequest,
  UsedByCount,
  ExportRequest,
  SoundscapeExportRequest,
  SoundscapeExportResult,
  SoundscapeInfo,
  SoundServiceEvents,
  SoundServiceMethods,
  SoundTableDetail,
  SoundTableInfo,
  Shared,
  WaveInfo,
  WaveUsage,
} from '../../core/contract';
import { DatFile, inRange, SETUP_RANGE, SOUND_TABLE_RANGE, WAVE_RANGE } from '../../core/dat';
import { IdRangeError, NotFoundError } from '../../core/errors';
import {
  bestEffort,
  entryData,
  indexDat,
  playProblem,
  tableDetail,
  waveUsageOf,
  type DatIndex,
} from '../../core/index';
import { FileByteSource, type FileByteSourceOptions } from '../FileByteSource';
import { RequestError } from '../errors';
import { assetsDir as defaultAssetsDir } from '../paths';
import { resolveUserPath } from '../userPath';
import type { AmbientPlay, SoundscapeSettings } from '../../core/engine';
import type { EncoderName } from '../../core/export';
import type { FirstUse, NameFacts } from '../../core/exportNames';
import type { ExportOptions, NodeExportResult } from './export';
import type { SoundscapeRender, SoundscapeWorld } from './soundscape';
import { DatIndexCache } from './indexCache';
import { datIdentity, EntryCountCache } from './entryCountCache';
import {
  datInfo,
  entryCountUnavailable,
  readDatHeaderInfo,
  strictCounts,
  type DatHeaderInfo,
  type DatInfo,
} from './datInfo';
import { frozenCopy } from './frozenCopy';
import type { GraphJob } from './graphJob';
import { loadSoundTableLabels, type SoundTableLabels } from './labels';
import { realpathAsync } from './realpathAsync';
import type { SoundGraph, TimelineContext } from '../../core/graph';

/** Each built graph's {@link SoundService.getSoundGraph} answer, made once (graphs are shared per file). */
const GRAPH_DATA = new WeakMap<SoundGraph, SoundGraphData>();

/**
 * The code of what opening and listing never need — export, census, the sound graph, soundscapes,
 * the folder picker — loaded on a method's first call (issue #9: `acsound list` and a dat opening
 * do not compile or initialise it; the CLI's build puts each in its own chunk).
 */
const load = {
  census: () => import('../../core/census'),
  export: () => import('./export'),
  exportNames: () => import('../../core/exportNames'),
  graph: () => import('../../core/graph'),
  graphJob: () => import('./graphJob'),
  soundscape: () =>
    Promise.all([
      import('./soundscape'),
      import('../../core/engine'),
      import('./atomicWrite'),
      import('./exportDir'),
      import('../../core/exportNames'),
      import('./seed'),
    ]),
  listDirectory: () => import('./listDirectory'),
  seed: () => import('./seed'),
};

/** Options of {@link SoundService}. */
export interface SoundServiceOptions {
  /** Folder with `demo_portal.dat` and `soundtable-labels.json` (default: the package's `assets/`). */
  assetsDir?: string;
  /** What {@link SoundService.defaultExportDir} answers (default `~/AC Sound Browser export`). */
  defaultExportDir?: string;
  /**
   * Folder a relative export `dir` is resolved against (default: the process's working
   * directory — the browser host's and the CLI's cwd; Electron passes the home folder).
   */
  exportBaseDir?: string;
  /** Objects read at the same time while indexing (default 8). */
  concurrency?: number;
  /** Read-ahead cache of the file source (default 64 KiB pages, 8 MiB). */
  fileOptions?: FileByteSourceOptions;
  /**
   * Indexes shared with other services (the browser host's tab sessions): a dat already indexed
   * by another service (same realpath, mtime, size and labels folder) is not indexed again.
   * Default: none (this service indexes every dat it opens).
   */
  indexCache?: DatIndexCache;
  /**
   * The persistent entry-count cache (./entryCountCache.ts), shared with every other process of
   * this user: {@link SoundService.getSummary} looks the open file up there before it walks the
   * tree and stores a successful walk. Default: the user's cache folder (or `$ACSOUND_CACHE_DIR`);
   * null: none (every open dat is walked).
   */
  entryCountCache?: EntryCountCache | null;
}

/** The open dat and its index. */
interface OpenDat {
  dat: DatFile;
  source: FileByteSource;
  index: DatIndex;
  summary: DatSummary;
  /** Computed on the first {@link SoundService.getCensus} call. */
  census?: Census;
  /** Key of this file in the `indexCache` option (null without one): shared per-file work. */
  cacheKey: string | null;
  /** The sound graph's build (per file through the `indexCache` option), made on the first graph call. */
  graphJob?: Promise<GraphJob>;
  /** The whole-tree entry count, walked on the first {@link SoundService.getSummary} call (best effort). */
  entryCount?: Promise<{ count: number | null; warnings: string[] }>;
  /** The Region and its ambient SoundTables, read on the first soundscape call. */
  soundscape?: Promise<SoundscapeWorld | null>;
  /** Each Wave's first SoundTable use (naming templates), made on the first templated export. */
  firstUses?: Map<number, FirstUse>;
}

/** Joins warning lists, keeping the first of each duplicate. */
function uniqueWarnings(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

type Listener<K extends keyof SoundServiceEvents> = (payload: SoundServiceEvents[K]) => void;

/**
 * The sound service (core/contract.ts `SoundServiceMethods`) on a read-only {@link FileByteSource}.
 * One instance holds at most one open dat; opening another closes the previous one (after the
 * new one opened successfully — a failed open leaves the previous dat open).
 *
 * Opening indexes the whole dat once (core/index `indexDat`): every SoundTable parsed, every Wave's
 * facts, the reverse index. Afterwards the list/get methods answer from memory and only
 * `getWaveBytes`/`exportWaves` read the file again. No audio bytes are kept in memory.
 *
 * Errors are core's typed errors (NotFoundError, IdRangeError, DatFormatError, UnsupportedDatError,
 * ObjectFormatError, DecodeError), {@link IoError} for the file system; "no dat open" is a
 * RequestError with code `ENODAT`. Only domain checks live here: the types and arity of arguments
 * that arrive as data are checked by the transports' one validator (./dispatch.ts), before a
 * method runs.
 */
export class SoundService implements SoundServiceMethods {
  private current: OpenDat | null = null;
  private opening: Promise<unknown> = Promise.resolve();
  private readonly listeners: { [K in keyof SoundServiceEvents]: Set<Listener<K>> } = { exportProgress: new Set() };
  /** One controller per running export (cancelExport aborts them all) and its settled promise. */
  private readonly runningExports = new Map<AbortController, Promise<unknown>>();

  constructor(private readonly options: SoundServiceOptions = {}) {}

  /** Subscribes to a service event (e.g. `exportProgress`); returns the unsubscribe function. */
  on<K extends keyof SoundServiceEvents>(event: K, listener: Listener<K>): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  private emit<K extends keyof SoundServiceEvents>(event: K, payload: SoundServiceEvents[K]): void {
    for (const l of this.listeners[event]) {
      try {
        l(payload);
      } catch {
        // a listener's failure must not break an export
      }
    }
  }

  private assets(): string {
    return this.options.assetsDir ?? defaultAssetsDir();
  }

  /**
   * Opens `path` read-only (or the demo dat `assets/demo_portal.dat` when null) and indexes it.
   * `demo` in the summary is true when the file opened is the bundled demo dat, however its
   * path was given (null, relative, through a symlink: compared by device and inode).
   * Calls are serialized: a second call waits for the first.
   * @returns the summary, with `openMs` the time taken to open and index, and `entryCount` null
   *   (not counted at open; {@link getSummary} gives it)
   * @throws IoError (ENOENT, EACCES, EISDIR…), UnsupportedDatError, DatFormatError (header or tree)
   */
  openDat(path: string | null): Promise<DatSummary> {
    const run = this.opening.then(
      () => this.doOpen(path),
      () => this.doOpen(path),
    );
    this.opening = run.catch(() => undefined);
    return run;
  }

  private async doOpen(path: string | null): Promise<DatSummary> {
    const started = process.hrtime.bigint();
    const demoFile = join(this.assets(), 'demo_portal.dat');
    // ~, quotes, file:// URLs and relative paths as typed (node/userPath.ts)
    const file = path === null ? resolve(demoFile) : resolveUserPath(path).path;
    const labelsP = loadSoundTableLabels(this.assets());
    const source = await FileByteSource.open(file, this.options.fileOptions);
    let dat: DatFile;
    let index: DatIndex;
    let demo: boolean;
    let labelWarning: string | null;
    let cacheKey: string | null = null;
    try {
      demo = path === null || isSameOpenFile(source, demoFile);
      dat = await DatFile.open(source);
      const labels = await labelsP;
      labelWarning = labels.warning;
      if (this.options.indexCache) cacheKey = await DatIndexCache.key(file, source, this.assets());
      index = await this.indexOf(cacheKey, source, dat, labels.labels);
    } catch (e) {
      await source.close().catch(() => undefined);
      throw e;
    }
    const h = dat.header;
    const summary: DatSummary = {
      path: file,
      demo,
      format: h.format,
      blockSize: h.blockSize,
      fileSize: source.size,
      dataSet: h.dataSet,
      entryCount: null, // counted on demand: see getSummary
      iteration: index.iteration,
      waveCount: index.waves.rows.length,
      soundTableCount: index.soundTables.rows.length,
      // process.hrtime, not performance.now(): the `performance` global loads perf_hooks, about a
      // millisecond of every `acsound list` (issue #9)
      openMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      warnings: uniqueWarnings(dat.warnings, labelWarning === null ? [] : [labelWarning], index.warnings),
    };
    const previous = this.current;
    this.current = { dat, source, index, summary, cacheKey };
    if (previous) await previous.source.close().catch(() => undefined);
    return summary;
  }

  /** Indexes `dat`, or takes the shared index of the same file (`key`) from the `indexCache` option. */
  private async indexOf(
    key: string | null,
    source: FileByteSource,
    dat: DatFile,
    labels: SoundTableLabels,
  ): Promise<DatIndex> {
    const cache = this.options.indexCache;
    if (!cache || key === null) return this.build(dat, labels);
    let built = false;
    try {
      return await cache.get(key, () => ((built = true), this.build(dat, labels)));
    } catch (e) {
      if (built) throw e;
      return this.build(dat, labels); // another service's build failed (e.g. its file was closed meanwhile): try with ours
    }
  }

  /**
   * Indexes `dat` (core/index `indexDat`). A method, not an arrow made per open: tsx's
   * `keepNames` names those with a `defineProperty` each (issue #9).
   */
  private build(dat: DatFile, labels: SoundTableLabels): Promise<DatIndex> {
    return indexDat(dat, { labels, concurrency: this.options.concurrency });
  }

  /** Closes the open dat, if any. Idempotent. */
  async close(): Promise<void> {
    await this.opening;
    const c = this.current;
    this.current = null;
    if (c) await c.source.close();
  }

  private open(): OpenDat {
    if (!this.current) {
      throw new RequestError('no dat is open: call openDat first', 'ENODAT');
    }
    return this.current;
  }

  /**
   * The summary of the open dat, or null when none is open, with `entryCount`: the whole-tree
   * walk that {@link openDat} skips (it would about double the open time of a portal dat) is
   * done on the first call per open dat and cached: per file in this process (shared through the
   * `indexCache` option) and on disk for every process of this user (the `entryCountCache` option,
   * ./entryCountCache.ts: a file counted before, unchanged, is not walked again) — best effort:
   * null plus a warning when a node outside the Wave and SoundTable ranges is corrupt (never stored). Its `warnings` also include those
   * found by reads since the open (e.g. a Wave's block chain with a non-zero final link).
   */
  async getSummary(): Promise<DatSummary | null> {
    const c = this.current;
    if (!c) return null;
    c.entryCount ??= this.entryCountOf(c);
    const n = await c.entryCount;
    return {
      ...c.summary,
      entryCount: n.count,
      warnings: uniqueWarnings(c.summary.warnings, n.warnings, c.dat.readWarnings),
    };
  }

  /**
   * The open dat's entry count: from the persistent cache (the `entryCountCache` option) when it
   * holds this very file, else walked (best effort) and, when the walk succeeded, stored there.
   */
  private async entryCountOf(c: OpenDat): Promise<{ count: number | null; warnings: string[] }> {
    const store = this.entryCounts();
    const identity = store ? datIdentity(c.source, c.dat.header, c.index.iteration) : null;
    if (store && identity) {
      const hit = store.lookup(identity);
      if (hit !== null) return { count: hit, warnings: [] };
    }
    // this service's own walk, stored under its own file's identity (never a count walked by another)
    const walk = async (): Promise<number> => {
      const started = Date.now();
      const n = await c.dat.countEntriesQuick();
      if (store && identity) store.store(identity, n, started);
      return n;
    };
    const count = async (): Promise<{ count: number | null; warnings: string[] }> => {
      const warnings: string[] = [];
      const n = await bestEffort(walk, entryCountUnavailable(c.dat), warnings);
      return { count: n, warnings };
    };
    const cache = this.options.indexCache;
    // the walk is per file, not per service: sessions on the same dat share it
    // (a failed shared walk — a corrupt tree, or the file of the session that walked it closed
    // meanwhile — is not shared: this service then counts with its own file, best effort)
    return cache && c.cacheKey !== null
      ? cache.shared(c.cacheKey, 'entryCount', walk).then(
          (n) => ({ count: n, warnings: [] }),
          () => count(),
        )
      : count();
  }

  /** The persistent entry-count cache of the `entryCountCache` option (default the user's), or null. */
  private entryCounts(): EntryCountCache | null {
    return this.options.entryCountCache === undefined ? userEntryCounts() : this.options.entryCountCache;
  }

  /** Every Wave of the open dat, ascending by id; a Wave that does not parse has `error` set. */
  async listWaves(): Promise<Shared<WaveInfo>[]> {
    return this.open().index.waves.rows.slice();
  }

  /**
   * Every SoundTable of the open dat, ascending by id, with its label (if any) and its sound types
   * (names and each row's Wave id): enough for search and "used by" without a call per table.
   */
  async listSoundTables(): Promise<Shared<SoundTableInfo>[]> {
    return this.open().index.soundTables.rows.slice();
  }

  /**
   * One SoundTable with its sound types in file order and each entry's floats as read.
   * @throws IdRangeError when `id` is not a SoundTable id (0x20000000–0x2000FFFF); NotFoundError
   *   when the dat holds no such SoundTable; the table's parse error (ObjectFormatError,
   *   DatFormatError) when it did not parse at open
   */
  async getSoundTable(id: number): Promise<SoundTableDetail> {
    if (!inRange(id, SOUND_TABLE_RANGE)) throw new IdRangeError(id, 'SoundTable', SOUND_TABLE_RANGE);
    return tableDetail(this.open().index, id >>> 0);
  }

  /**
   * Every SoundTable that parsed, ascending by id, each as {@link getSoundTable} answers it: from
   * the index (no file reads). Tables that did not parse are left out (`listSoundTables` has their error).
   */
  async listSoundTableDetails(): Promise<SoundTableDetail[]> {
    const index = this.open().index;
    return index.soundTables.rows.filter((t) => t.error === null).map((t) => tableDetail(index, t.id));
  }

  /** Every (SoundTable, sound type, entry index) naming Wave `id`; empty when unused. */
  async getWaveUsage(id: number): Promise<WaveUsage[]> {
    return waveUsageOf(this.open().index.references, id);
  }

  /**
   * The Wave object's bytes exactly as stored (decompressed), read from the file now. Listing
   * reads only a Wave's first block, so a chain broken further on shows up here (and in export)
   * as the reader's DatFormatError — "corrupt dat", distinct from a DecodeError ("cannot decode").
   * @throws IdRangeError when `id` is not a Wave id (0x0A000000–0x0A00FFFF); NotFoundError when
   *   the open dat holds no such Wave; DatFormatError for a broken chain or compressed record
   */
  async getWaveBytes(id: number): Promise<Uint8Array> {
    if (!inRange(id, WAVE_RANGE)) throw new IdRangeError(id, 'Wave', WAVE_RANGE);
    const o = this.open();
    const entry = o.index.waves.entries.get(id >>> 0);
    if (!entry) throw new NotFoundError(id, 'Wave');
    return o.dat.readEntry(entry);
  }

  /**
   * Exports Waves of the open dat (see node/service/export.ts `exportWaves`), emitting
   * `exportProgress` after each file (and once more, with the number attempted, when cancelled).
   * Each running export has its own AbortController, aborted by {@link cancelExport};
   * `options.signal` (a caller's own abort) cancels it too.
   * A cancelled export resolves with `cancelled: true` and the ids never attempted in `notAttempted`.
   */
  async exportWaves(request: ExportRequest, options: ExportOptions = {}): Promise<NodeExportResult> {
    this.open();
    const controller = new AbortController();
    const outer = options.signal;
    const onOuterAbort = (): void => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener('abort', onOuterAbort, { once: true });
    // registered before the code loads, so a cancelExport right after this call still reaches it
    const run = Promise.all([load.export(), load.exportNames()]).then(([{ exportWaves }, { firstUses }]) =>
      exportWaves(
        { waveBytes: (id) => this.getWaveBytes(id), nameFacts: (id) => this.nameFacts(id, firstUses) },
        request,
        {
          baseDir: this.options.exportBaseDir ?? process.cwd(),
          signal: controller.signal,
          ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
          ...(options.onFailure !== undefined ? { onFailure: options.onFailure } : {}),
          onProgress: (p) => {
            options.onProgress?.(p);
            this.emit('exportProgress', p);
          },
        },
      ),
    );
    this.runningExports.set(
      controller,
      run.catch(() => undefined),
    );
    try {
      return await run;
    } finally {
      this.runningExports.delete(controller);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  /**
   * What a naming template reads of Wave `id` (core/exportNames `NameFacts`), from the index: its
   * listing fields and its first SoundTable use (`firstUses` over the listed tables, computed once
   * per open dat); null when the dat holds no such Wave.
   */
  private nameFacts(
    id: number,
    firstUses: (rows: readonly Shared<SoundTableInfo>[]) => Map<number, FirstUse>,
  ): NameFacts | null {
    const o = this.open();
    const w = o.index.waves.byId.get(id >>> 0);
    if (!w) return null;
    o.firstUses ??= firstUses(o.index.soundTables.rows);
    return {
      id: id >>> 0,
      formatTag: w.formatTag,
      sampleRate: w.sampleRate,
      channels: w.channels,
      bitsPerSample: w.bitsPerSample,
      use: o.firstUses.get(id >>> 0) ?? null,
    };
  }

  /**
   * Cancels every running export: each stops before its next file (a file in flight is written
   * whole or not at all) and resolves with `cancelled: true`. Resolves once they have all
   * stopped; a no-op when none is running.
   */
  async cancelExport(): Promise<void> {
    const running = [...this.runningExports];
    for (const [controller] of running) controller.abort(new Error('export cancelled'));
    await Promise.all(running.map(([, settled]) => settled));
  }

  /**
   * The open dat's census (core/census.ts `computeCensus`) over every listed Wave and every
   * SoundTable that parsed (the rest counted as `soundTables.withErrors`). Computed from the index
   * (no file reads) once per open dat.
   */
  async getCensus(): Promise<Census> {
    const o = this.open();
    if (!o.census) {
      const [tables, { computeCensus }] = await Promise.all([this.listSoundTableDetails(), load.census()]);
      const unreadable = o.index.soundTables.rows.length - tables.length;
      o.census ??= computeCensus(o.index.waves.rows, tables, unreadable);
    }
    return structuredClone(o.census);
  }

  /**
   * Starts the sound graph build of the open dat in the background (core/graph
   * `buildSoundGraph`), unless it is running or done; answers at once. The build is shared by
   * every service holding the same dat index (./graphJob.ts). Opening a dat never starts it.
   */
  async startGraph(): Promise<GraphStatus> {
    const { o, job } = await this.graphJob();
    return job.start(o.dat);
  }

  /** The graph build's state and progress (objects done of total) for the open dat. */
  async getGraphStatus(): Promise<GraphStatus> {
    return (await this.graphJob()).job.getStatus();
  }

  /** Cancels the open dat's running graph build (state `cancelled`); resolves once it stopped. */
  async cancelGraph(): Promise<void> {
    await (await this.graphJob()).job.cancel();
  }

  /** The open dat's graph job: its own, or the file's shared one through the `indexCache` option. */
  private async graphJob(): Promise<{ o: OpenDat; job: GraphJob }> {
    const o = this.open();
    const cache = this.options.indexCache;
    const make = async (): Promise<GraphJob> => new (await load.graphJob()).GraphJob(o.index);
    o.graphJob ??= cache && o.cacheKey !== null ? cache.shared(o.cacheKey, 'soundGraph', make) : make();
    return { o, job: await o.graphJob };
  }

  /** The open dat's graph, built (or waited for) on first need. */
  private async graph(): Promise<SoundGraph> {
    const { o, job } = await this.graphJob();
    return job.graph(o.dat);
  }

  /**
   * The whole sound graph as data, ascending ids; `errors` lists the objects that could not be read.
   * A deep copy made once per graph and frozen ({@link frozenCopy}): every session on the file gets
   * the same object (issue #9: a copy of the whole graph per browser tab cost ~100 ms of the host),
   * and a caller cannot change it.
   */
  async getSoundGraph(): Promise<Shared<SoundGraphData>> {
    const graph = await this.graph();
    let data = GRAPH_DATA.get(graph);
    if (!data) GRAPH_DATA.set(graph, (data = frozenCopy(graph.data())));
    return data;
  }

  /**
   * Whether the open dat has an entry `id` (any object kind): one B-tree lookup, nothing read. For
   * the CLI's `refs`, which says when an id is not in the dat (node only, not in the contract).
   */
  async hasObject(id: number): Promise<boolean> {
    return (await this.open().dat.find(id >>> 0)) !== undefined;
  }

  /** Every reference to `id` (any object), sorted by `from` then the other fields; empty when nothing names it. */
  async getReferences(id: number): Promise<ObjectReference[]> {
    return (await this.graph()).referencesTo(id >>> 0);
  }

  /** "Used by" counts of every object named at least once (Waves, SoundTables, Animations, PhysicsScripts…). */
  async getUsedByCounts(): Promise<UsedByCount[]> {
    return (await this.graph()).usedByCounts();
  }

  /** Setups with a SoundTable or sound hooks, labelled with their SoundTable's label. */
  async listCreatures(): Promise<CreatureInfo[]> {
    return (await this.graph()).creatures();
  }

  /** PhysicsScripts with sound hooks. */
  async listEffects(): Promise<EffectInfo[]> {
    return (await this.graph()).effects();
  }

  /**
   * A creature (Setup) with its tables and the motions of its MotionTable that make sounds.
   * @throws IdRangeError when `id` is not a Setup id; NotFoundError when the graph holds no such Setup
   */
  async getCreature(id: number): Promise<CreatureDetail> {
    if (!inRange(id, SETUP_RANGE)) throw new IdRangeError(id, 'Setup', SETUP_RANGE);
    const [context, { creatureDetail }] = await Promise.all([this.timelineContext(), load.graph()]);
    return creatureDetail(context, id >>> 0);
  }

  /**
   * A motion's sound events in time (sound-sources §2.7), each resolved and decided by the engine.
   * @throws IdRangeError when `setupId` is not a Setup id; NotFoundError for a missing Setup,
   *   MotionTable or motion; RequestError for a bad speed or a seed outside 0…4294967295 (./seed.ts)
   */
  async getTimeline(request: TimelineRequest): Promise<Timeline> {
    if (!inRange(request.setupId, SETUP_RANGE)) throw new IdRangeError(request.setupId, 'Setup', SETUP_RANGE);
    // the one seed rule of every door (./seed.ts): checked here only, where every caller comes
    if (request.seed !== undefined) (await load.seed()).checkSeed('getTimeline', request.seed);
    try {
      const [context, { motionTimeline }] = await Promise.all([this.timelineContext(), load.graph()]);
      return await motionTimeline(context, { ...request, setupId: request.setupId >>> 0 });
    } catch (e) {
      if (e instanceof RangeError) throw new RequestError(`getTimeline: ${e.message}`);
      throw e;
    }
  }

  /** What core/graph timelines read: the graph, dat objects, the index's SoundTables and Waves. */
  private async timelineContext(): Promise<TimelineContext> {
    const graph = await this.graph();
    const { dat, index } = this.open();
    return {
      graph,
      readObject: (id) => dat.readObject(id),
      soundTypeRows: (tableId, soundType) => {
        const t = index.soundTables.parsed.get(tableId >>> 0);
        if (!t || t instanceof Error) return null;
        const s = t.sounds.find((x) => x.key >>> 0 === soundType >>> 0);
        return s ? s.entries.map(entryData) : null;
      },
      waveExists: (id) => index.waves.byId.has(id >>> 0),
      waveProblem: (id) => {
        const w = index.waves.byId.get(id >>> 0);
        return w ? playProblem(w) : null;
      },
      waveDuration: (id) => index.waves.byId.get(id >>> 0)?.durationSec ?? 0,
    };
  }

  /**
   * The header summary of the open dat (`acsound info`; node-side, not in the contract): the
   * header's fields, entry count, iteration, Wave and SoundTable counts (./datInfo.ts). The entry
   * count is the strict whole-tree walk, or the strict count the `entryCountCache` option holds
   * for this very file (stored by an earlier walk that gave the whole answer, no warning).
   * @throws RequestError ENODAT when no dat is open; DatFormatError when a sound range cannot be walked
   */
  async getDatInfo(): Promise<DatInfo> {
    const o = this.open();
    const store = this.entryCounts();
    const identity = store ? datIdentity(o.source, o.dat.header, o.index.iteration) : null;
    return datInfo(o.dat, o.summary.path, strictCounts(store, identity));
  }

  /**
   * The header of the dat at `path` read on its own, without opening it (`acsound info` of a dat
   * whose B-tree cannot be read; node-side, not in the contract): ./datInfo.ts `readDatHeaderInfo`.
   * `path` as typed: ~, quotes, file:// URLs and relative paths (against `base`, default the
   * current folder) as {@link openDat} takes them (node/userPath.ts).
   * @throws IoError; UnsupportedDatError / DatFormatError when the file holds no dat header
   */
  readDatHeader(path: string, base?: string): Promise<DatHeaderInfo> {
    return readDatHeaderInfo(resolveUserPath(path, base === undefined ? {} : { base }).path);
  }

  /**
   * The open dat's Region and ambient SoundTables for a soundscape run (`acsound ambient`;
   * node-side), read once per open dat and shared with {@link getSoundscape}; null without a Region.
   * @throws DatFormatError / ObjectFormatError when the Region cannot be read
   */
  getSoundscapeWorld(): Promise<SoundscapeWorld | null> {
    return this.soundscapeWorld();
  }

  /**
   * Mixes a soundscape's plays from the open dat's Waves (`acsound ambient --render`; node-side):
   * node/service/soundscape.ts `renderSoundscape`, streamed to a temp file.
   */
  renderSoundscapePlays(
    world: SoundscapeWorld,
    plays: readonly AmbientPlay[],
    settings: SoundscapeSettings,
    encoder: EncoderName,
  ): Promise<SoundscapeRender> {
    const { dat } = this.open();
    return load.soundscape().then(([{ renderSoundscape }]) => renderSoundscape(dat, world, plays, settings, encoder));
  }

  private soundscapeWorld(): Promise<SoundscapeWorld | null> {
    const o = this.open();
    o.soundscape ??= load.soundscape().then(([{ loadSoundscapeWorld }]) => loadSoundscapeWorld(o.dat));
    return o.soundscape;
  }

  /**
   * The open dat's Region for soundscapes (node/service/soundscape.ts), or null when it has none.
   * @throws DatFormatError / ObjectFormatError when the Region cannot be read
   */
  async getSoundscape(): Promise<SoundscapeInfo | null> {
    const [w, [{ soundscapeInfo }]] = await Promise.all([this.soundscapeWorld(), load.soundscape()]);
    return w ? soundscapeInfo(w) : null;
  }

  /**
   * Runs and renders a soundscape into `request.dir` (resolved and created as an export folder):
   * `soundscape_….wav` and its `.json` sidecar, atomically and together, the WAV streamed in
   * chunks (node/service/soundscape.ts). With `force` off an existing file of either name writes
   * nothing (`outcome: 'exists'`, `existing` naming it) — checked before the run, and again
   * atomically when writing.
   * @throws RequestError (a seed outside 0…4294967295, ./seed.ts), NotFoundError (no Region),
   *   SettingsError (a bad setting), ExportError (folder, write)
   */
  async exportSoundscape(request: SoundscapeExportRequest): Promise<SoundscapeExportResult> {
    const o = this.open();
    const [
      { encodeSoundscapeSidecar, renderSoundscape, requireWorld, runSoundscape, soundscapeSidecar },
      { parseSoundscapeSettings },
      { exists, writeFilesTogether },
      { checkExportDir, ensureExportDir },
      { sidecarPath, soundscapeFileName },
      { checkSeed },
    ] = await load.soundscape();
    checkSeed('exportSoundscape', request.seed); // the one seed rule of every door (./seed.ts)
    const world = requireWorld(await this.soundscapeWorld());
    const settings = parseSoundscapeSettings({ ...request, terrain: request.landblocks }, world.region);
    const dir = resolveUserPath(request.dir, { base: this.options.exportBaseDir ?? process.cwd() }).path;
    await checkExportDir(dir);
    const wav = soundscapeFileName(settings);
    const sidecar = sidecarPath(wav);
    const force = request.force === true;
    const plays = runSoundscape(world, settings);
    const base = { dir, wav, sidecar, events: plays.length, played: plays.filter((p) => p.decision?.played).length };
    const blocked = async (): Promise<string | null> => {
      if (force) return null;
      for (const name of [wav, sidecar]) if (await exists(join(dir, name))) return name;
      return null;
    };
    const before = await blocked();
    if (before !== null)
      return { ...base, outcome: 'exists', existing: before, peak: 0, peakDb: null, gain: 1, missingWaves: [] };
    const render = await renderSoundscape(o.dat, world, plays, settings);
    await ensureExportDir(dir); // made only now that the files are about to be written
    const written = await writeFilesTogether(
      [
        {
          path: join(dir, sidecar),
          bytes: encodeSoundscapeSidecar(soundscapeSidecar(world, settings, plays, render, wav)),
        },
        { path: join(dir, wav), bytes: render.file },
      ],
      force,
    );
    const m = render.mix;
    return {
      ...base,
      outcome: written.outcome,
      existing: written.outcome === 'exists' ? basename(written.path) : null,
      peak: m.peak,
      peakDb: Number.isFinite(m.peakDb) ? m.peakDb : null,
      gain: m.gain,
      missingWaves: m.missingWaves,
    };
  }

  /** The default export folder: the `defaultExportDir` option, else `~/AC Sound Browser export`. */
  async defaultExportDir(): Promise<string> {
    return this.options.defaultExportDir ?? join(homedir(), 'AC Sound Browser export');
  }

  /** A folder for the browser host's picker (node/service/listDirectory.ts); the HTTP host gates it to loopback. */
  async listDirectory(path: string | null, show: DirectoryShow): Promise<DirectoryListing> {
    return (await load.listDirectory()).listDirectory(path, show);
  }
}

let userCache: EntryCountCache | undefined;

/** The default entry-count cache of every service in this process (EntryCountCache.forUser, made once). */
function userEntryCounts(): EntryCountCache {
  return (userCache ??= EntryCountCache.forUser());
}

/**
 * True when `a` and `b` resolve (through symlinks, `..`, relative parts) to the same file: the
 * demo flag must not depend on how the demo dat's path was spelled. False when either does not exist.
 */
/**
 * True when `path` names the file `source` has open (same device and inode: one stat, where
 * {@link isSameFile} resolves two realpaths); false when `path` cannot be stat'ed.
 */
function isSameOpenFile(source: FileByteSource, path: string): boolean {
  try {
    const st = statSync(path);
    return st.dev === source.dev && st.ino === source.ino;
  } catch {
    return false;
  }
}

export async function isSameFile(a: string, b: string): Promise<boolean> {
  try {
    const [ra, rb] = await Promise.all([realpathAsync(a), realpathAsync(b)]);
    return ra === rb;
  } catch {
    return false;
  }
}
