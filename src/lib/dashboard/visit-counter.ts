import type { Sql } from '../server/db';
import { recordVisits } from './service';

/** Distinct account+path pairs written per statement (4 parameters each). */
const BATCH = 1000;

/**
 * Page views counted in memory and written every `flushMs` as one upsert per batch, instead of one write
 * per page view on the request path (a write is the costliest part of a page on the embedded database).
 * The counts feed "Your most used screens", a popularity ranking: a crash loses at most the views of the
 * last `flushMs`; a clean stop writes them (src/lib/server/startup.ts). A failed write keeps its counts.
 */
export class VisitCounter {
  private pending = new Map<string, { accountId: number; path: string; count: number; at: Date }>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Sql, private readonly flushMs: number) {}

  add(accountId: number, path: string): void {
    const key = `${accountId} ${path}`;
    const entry = this.pending.get(key);
    if (entry) {
      entry.count++;
      entry.at = new Date();
    } else {
      this.pending.set(key, { accountId, path, count: 1, at: new Date() });
    }
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.flushMs);
      this.timer.unref();
    }
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const taken = [...this.pending.values()];
    this.pending.clear();
    this.writing = (async () => {
      for (let i = 0; i < taken.length; i += BATCH) {
        const batch = taken.slice(i, i + BATCH);
        try {
          await recordVisits(this.db, batch);
        } catch (error) {
          console.error('[visits] write failed, kept for the next one:', error instanceof Error ? error.message : error);
          for (const v of taken.slice(i)) {
            const key = `${v.accountId} ${v.path}`;
            const now = this.pending.get(key);
            if (now) now.count += v.count;
            else this.pending.set(key, { ...v });
          }
          return;
        }
      }
    })().finally(() => (this.writing = null));
    await this.writing;
  }
}

const holder = globalThis as typeof globalThis & { __gsmVisits?: VisitCounter };

export function startVisitCounter(db: Sql, flushMs: number): VisitCounter {
  holder.__gsmVisits = new VisitCounter(db, flushMs);
  return holder.__gsmVisits;
}

export function visitCounter(): VisitCounter | undefined {
  return holder.__gsmVisits;
}
