import type { DatIndex } from '../../core/index';
import { realpathAsync } from './realpathAsync';

/** Default number of dat indexes kept by a {@link DatIndexCache}. */
export const DEFAULT_INDEX_CACHE_SIZE = 4;

/**
 * Dat indexes shared between services (the browser host's tab sessions), so several tabs on the
 * same dat index it once. Keyed by what identifies the indexed content: the file's realpath,
 * modification time and size, plus the labels folder (labels are part of the index). A changed
 * file (new mtime or size) gets a new key and is indexed again. A small LRU; an index that failed
 * to build is forgotten (the next open retries). The cached {@link DatIndex} is immutable: each
 * service keeps its own open file and state and copies what it returns. Other per-file results
 * (the entry count) are shared the same way ({@link DatIndexCache.shared}).
 */
export class DatIndexCache {
  private readonly map = new Map<string, Promise<DatIndex>>();
  private readonly extras = new Map<string, Promise<unknown>>();

  constructor(private readonly capacity: number = DEFAULT_INDEX_CACHE_SIZE) {}

  /** The cache key of a file opened with this identity (path resolved through symlinks). */
  static async key(path: string, identity: { size: number; mtimeMs: number }, assetsDir: string): Promise<string> {
    return JSON.stringify([await realpathAsync(path), identity.mtimeMs, identity.size, assetsDir]);
  }

  /** The index for `key`, built by `build` on a miss (concurrent misses share one build). */
  get(key: string, build: () => Promise<DatIndex>): Promise<DatIndex> {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const p = build();
    this.map.set(key, p);
    p.catch(() => {
      if (this.map.get(key) === p) this.map.delete(key);
    });
    while (this.map.size > Math.max(1, this.capacity)) this.map.delete(this.map.keys().next().value!);
    return p;
  }

  /**
   * Other per-file work shared like the index (e.g. `'entryCount'`, the whole-tree walk of
   * `getSummary`): the value named `name` for the file `key`, built once by `build` on a miss
   * (concurrent misses share one build; a failed build is forgotten). Dropped with its index.
   */
  shared<T>(key: string, name: string, build: () => Promise<T>): Promise<T> {
    const k = JSON.stringify([key, name]);
    const hit = this.extras.get(k) as Promise<T> | undefined;
    if (hit) return hit;
    const p = build();
    this.extras.set(k, p);
    p.catch(() => {
      if (this.extras.get(k) === p) this.extras.delete(k);
    });
    // bounded like the indexes: only files whose index is still held keep their extras
    for (const other of this.extras.keys())
      if (!this.map.has((JSON.parse(other) as [string, string])[0]) && other !== k) this.extras.delete(other);
    return p;
  }

  /** Number of indexes held. */
  get size(): number {
    return this.map.size;
  }
}
