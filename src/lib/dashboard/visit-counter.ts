import { processSlot } from '../process-slot';
import type { Sql } from '../server/db';
import { WriteBehind } from '../server/write-behind';
import { recordVisits } from './service';

/** Distinct account+path pairs written per statement (4 parameters each). */
const BATCH = 1000;

type Visit = { accountId: number; path: string; count: number; at: Date };

/**
 * Page views counted in memory and written every `flushMs` as one upsert per batch, instead of one write
 * per page view on the request path (a write is the costliest part of a page on the embedded database).
 * The counts feed "Your most used screens", a popularity ranking: a crash loses at most the views of the
 * last `flushMs`; a clean stop writes them (src/app/startup.ts). A failed write keeps its counts.
 */
export class VisitCounter {
  private readonly rows: WriteBehind<Visit>;

  constructor(db: Sql, flushMs: number) {
    this.rows = new WriteBehind<Visit>({
      label: 'visits',
      flushMs,
      batch: BATCH,
      write: (batch) => recordVisits(db, batch),
      merge: {
        key: (v) => `${v.accountId} ${v.path}`,
        into: (kept, added) => {
          kept.count += added.count;
          kept.at = added.at;
        },
      },
    });
  }

  add(accountId: number, path: string): void {
    this.rows.add({ accountId, path, count: 1, at: new Date() });
  }

  flush(): Promise<void> {
    return this.rows.flush();
  }
}

const slot = processSlot<VisitCounter>('Visits');

export function startVisitCounter(db: Sql, flushMs: number): VisitCounter {
  return slot.set(new VisitCounter(db, flushMs));
}

export function visitCounter(): VisitCounter | undefined {
  return slot.get();
}
