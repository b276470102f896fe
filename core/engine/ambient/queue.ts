/**
 * The ambient deadline queue (the client's `Ambient::sound_queue`, a `PQueueArray<double>` keyed
 * on absolute time; `Ambient::UseTime`, acclient.c:384506). Equal deadlines leave in the order
 * they were queued (a choice: the client's heap order for ties is unspecified; docs/ambient.md).
 */

/** One queued deadline: seconds on the scheduler's clock, and what is due. */
export interface Deadline<T> {
  time: number;
  item: T;
}

interface Node<T> extends Deadline<T> {
  seq: number;
}

/** A binary min-heap on (time, insertion order). */
export class DeadlineQueue<T> {
  private readonly heap: Node<T>[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  /** The earliest deadline, or undefined when empty. */
  peek(): Deadline<T> | undefined {
    const top = this.heap[0];
    return top ? { time: top.time, item: top.item } : undefined;
  }

  insert(time: number, item: T): void {
    const h = this.heap;
    h.push({ time, item, seq: this.seq++ });
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i]!, h[p]!)) break;
      [h[i], h[p]] = [h[p]!, h[i]!];
      i = p;
    }
  }

  /** Removes and returns the earliest deadline. */
  pop(): Deadline<T> | undefined {
    const h = this.heap;
    const top = h[0];
    if (!top) return undefined;
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l]!, h[m]!)) m = l;
        if (r < h.length && this.less(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return { time: top.time, item: top.item };
  }

  /** Every queued deadline, earliest first (a copy, for display). */
  list(): Deadline<T>[] {
    return [...this.heap].sort((a, b) => (this.less(a, b) ? -1 : 1)).map((n) => ({ time: n.time, item: n.item }));
  }

  clear(): void {
    this.heap.length = 0;
  }

  private less(a: Node<T>, b: Node<T>): boolean {
    return a.time < b.time || (a.time === b.time && a.seq < b.seq);
  }
}
