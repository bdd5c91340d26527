/**
 * Rows written off the request path: a request only adds its row to a queue held in memory; the queue is
 * written in batches at most `flushMs` after its first row (at once when a batch is full), one write at a
 * time, and on a clean stop (src/app/startup.ts calls flush()). A failed write keeps its rows, ahead of
 * newer ones, and is tried again after `retryMs`. What a crash can lose is bounded by `flushMs` (and by
 * `maxQueued` rows when the database had been refusing writes: beyond it the oldest are dropped and counted).
 * Used for the API log (one row per request) and the page-visit counts (rows merged by account and path).
 */
export interface WriteBehindOptions<T> {
  /** Named in the error log. */
  label: string;
  flushMs: number;
  batch: number;
  write: (rows: T[]) => Promise<void>;
  maxQueued?: number;
  /** Rows with the same key are merged into one while they wait (counters); without it every row is kept. */
  merge?: { key: (row: T) => string; into: (kept: T, added: T) => void };
}

export class WriteBehind<T> {
  private queue = new Map<string, T>();
  private serial = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  dropped = 0;

  constructor(private readonly options: WriteBehindOptions<T>) {}

  /** Rows waiting to be written. */
  get pending(): number {
    return this.queue.size;
  }

  add(row: T): void {
    this.put(this.queue, row);
    const max = this.options.maxQueued;
    if (max !== undefined && this.queue.size > max) {
      if (this.dropped === 0) console.error(`[${this.options.label}] the database is not taking rows: dropping the oldest beyond ${max}`);
      for (const key of [...this.queue.keys()].slice(0, this.queue.size - max)) {
        this.queue.delete(key);
        this.dropped++;
      }
    }
    if (this.queue.size >= this.options.batch) void this.flush();
    else this.schedule(this.options.flushMs);
  }

  /** Writes everything queued so far; resolves when that write is over (failed or not). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.queue.size === 0) return;
    this.writing = this.writeAll().finally(() => (this.writing = null));
    await this.writing;
  }

  private put(into: Map<string, T>, row: T): void {
    const merge = this.options.merge;
    const key = merge ? merge.key(row) : String(this.serial++);
    const kept = into.get(key);
    if (kept && merge) merge.into(kept, row);
    else into.set(key, row);
  }

  private schedule(delay: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    // A pending write must not keep a stopping process alive (the clean stop flushes explicitly).
    this.timer.unref();
  }

  private async writeAll(): Promise<void> {
    while (this.queue.size > 0) {
      // Taken out before the write, so rows added meanwhile (or merged counts) are not lost when it succeeds.
      const taken = [...this.queue.entries()].slice(0, this.options.batch);
      for (const [key] of taken) this.queue.delete(key);
      try {
        await this.options.write(taken.map(([, row]) => row));
      } catch (error) {
        console.error(`[${this.options.label}] write failed, kept for the next one:`, error instanceof Error ? error.message : error);
        const back = new Map<string, T>(taken);
        for (const row of this.queue.values()) this.put(back, row);
        this.queue = back;
        this.schedule(Math.max(this.options.flushMs, 1000));
        return;
      }
    }
  }
}
