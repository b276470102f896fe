/**
 * The background build of one dat's sound graph (core/graph). A service keeps one job per open
 * dat; with an index cache (the browser host's tab sessions) the job is per-file work shared
 * through `DatIndexCache.shared`, so every tab on the same file shares one graph. Opening a dat
 * never starts it; the first graph call does.
 */
import type { GraphStatus } from '../../core/contract';
import type { DatFile } from '../../core/dat';
import { errorToData } from '../../core/errors';
import { buildSoundGraph, GraphCancelledError, type SoundGraph } from '../../core/graph';
import type { DatIndex } from '../../core/index';
import { RequestError } from '../errors';

/** One graph build: its state, progress and result. */
export class GraphJob {
  private status: GraphStatus = {
    state: 'idle',
    done: 0,
    total: 0,
    errorCount: 0,
    warnings: [],
    buildMs: null,
    error: null,
  };
  private run: Promise<SoundGraph> | null = null;
  private controller: AbortController | null = null;
  /** The dat the current build reads (another session's, when the job is shared). */
  private readingFrom: DatFile | null = null;

  constructor(private readonly index: DatIndex) {}

  /** A copy of the current status. */
  getStatus(): GraphStatus {
    return { ...this.status, warnings: [...this.status.warnings] };
  }

  /**
   * Starts the build on `dat` unless one is running or done (a cancelled or failed build starts
   * again). Returns the status right after starting.
   */
  start(dat: DatFile): GraphStatus {
    if (this.status.state === 'building' || this.status.state === 'ready') return this.getStatus();
    const controller = new AbortController();
    this.controller = controller;
    this.readingFrom = dat;
    const started = performance.now();
    this.status = { state: 'building', done: 0, total: 0, errorCount: 0, warnings: [], buildMs: null, error: null };
    const labels = new Map<number, string>();
    for (const t of this.index.soundTables.rows) if (t.label !== null) labels.set(t.id, t.label);
    const run = buildSoundGraph(dat, {
      soundTables: this.index.soundTables.rows,
      labels,
      signal: controller.signal,
      onProgress: (done, total) => {
        if (this.controller === controller) this.status = { ...this.status, done, total };
      },
    });
    this.run = run;
    run.then(
      (graph) => {
        if (this.controller !== controller) return;
        this.status = {
          ...this.status,
          state: 'ready',
          errorCount: graph.errors.length,
          warnings: [...graph.warnings],
          buildMs: Math.round(performance.now() - started),
        };
      },
      (e: unknown) => {
        if (this.controller !== controller) return;
        this.status = {
          ...this.status,
          state: e instanceof GraphCancelledError ? 'cancelled' : 'failed',
          error: errorToData(e),
        };
      },
    );
    return this.getStatus();
  }

  /**
   * The graph, starting the build on `dat` if needed and waiting for it.
   * @throws RequestError (code ECANCELED) when the build was cancelled; the build's error when it failed
   */
  async graph(dat: DatFile): Promise<SoundGraph> {
    this.start(dat);
    const from = this.readingFrom;
    try {
      return await this.run!;
    } catch (e) {
      if (e instanceof GraphCancelledError)
        throw new RequestError('the sound graph build was cancelled (call startGraph to build it again)', 'ECANCELED');
      // a shared build that read another session's file (closed meanwhile): build again with ours
      if (from !== dat && this.status.state === 'failed') return this.graph(dat);
      throw e;
    }
  }

  /** Cancels a running build and waits until it stopped; a no-op otherwise. */
  async cancel(): Promise<void> {
    if (this.status.state !== 'building' || !this.controller) return;
    this.controller.abort();
    await this.run?.catch(() => undefined);
  }
}
