import { describe, expect, it } from 'vitest';
import { cursorLoader, idleCursorList, initialCursorList, type CursorPage, type LoadedCursorList } from './cursor-loader';
import { deferred } from './deferred.testkit';

/** A loader over a fake server: each request is remembered by "query@cursor" until the test answers it. */
function harness(start: LoadedCursorList<string, string> = idleCursorList()) {
  let shown = start;
  const asked: string[] = [];
  const pending = new Map<string, ReturnType<typeof deferred<CursorPage<string>>>>();
  const loader = cursorLoader<string, string>(
    (query, cursor) => {
      const key = `${query}@${cursor ?? 'first'}`;
      asked.push(key);
      const answer = deferred<CursorPage<string>>();
      pending.set(key, answer);
      return answer.promise;
    },
    (next) => {
      shown = next(shown);
    },
    start,
  );
  return { loader, asked, answer: (key: string, page: CursorPage<string>) => pending.get(key)!.resolve(page), fail: (key: string, message: string) => pending.get(key)!.reject(new Error(message)), shown: () => shown };
}

describe('cursor list loader', () => {
  it('asks the next page with the last answer\'s cursor and appends its rows', async () => {
    const { loader, asked, answer, shown } = harness();
    const first = loader.first('ana');
    answer('ana@first', { rows: ['e1', 'e2'], nextCursor: 'c2' });
    await first;
    const more = loader.more();
    expect(shown().loading).toBe('more');
    answer('ana@c2', { rows: ['e3'], nextCursor: null });
    await more;
    expect(asked).toEqual(['ana@first', 'ana@c2']);
    expect(shown()).toEqual({ rows: ['e1', 'e2', 'e3'], shown: 'ana', cursor: null, loading: null, error: null, failed: null });
    // No cursor left: nothing more is asked.
    await loader.more();
    expect(asked).toHaveLength(2);
  });

  it('reads on from the page the server rendered', async () => {
    const { loader, asked, answer, shown } = harness(initialCursorList('ana', { rows: ['e1'], nextCursor: 'c1' }));
    const more = loader.more();
    answer('ana@c1', { rows: ['e2'], nextCursor: 'c2' });
    await more;
    expect(asked).toEqual(['ana@c1']);
    expect(shown().rows).toEqual(['e1', 'e2']);
    expect(shown().cursor).toBe('c2');
  });

  it('drops a next page that arrives after the filters changed: the new query\'s rows are never mixed with the old', async () => {
    const { loader, answer, shown } = harness();
    const first = loader.first('ana');
    answer('ana@first', { rows: ['ana 1'], nextCursor: 'c1' });
    await first;
    const more = loader.more();
    const other = loader.first('bob');
    answer('bob@first', { rows: ['bob 1'], nextCursor: null });
    await other;
    answer('ana@c1', { rows: ['ana 2'], nextCursor: null });
    await more;
    expect(shown()).toEqual({ rows: ['bob 1'], shown: 'bob', cursor: null, loading: null, error: null, failed: null });
  });

  it('drops a slow first page of an older query that arrives after the newer one', async () => {
    const { loader, answer, shown } = harness();
    const slow = loader.first('an');
    const fast = loader.first('ana');
    answer('ana@first', { rows: ['ana 1'], nextCursor: 'c9' });
    await fast;
    answer('an@first', { rows: ['an 1'], nextCursor: 'c1' });
    await slow;
    expect(shown()).toEqual({ rows: ['ana 1'], shown: 'ana', cursor: 'c9', loading: null, error: null, failed: null });
  });

  it('starts a changed query from its first page, replacing the rows, and asks no next page with the old cursor meanwhile', async () => {
    const { loader, asked, answer, shown } = harness();
    const first = loader.first('ana');
    answer('ana@first', { rows: ['ana 1'], nextCursor: 'c1' });
    await first;
    const other = loader.first('bob');
    // "Older events" pressed while bob's first page loads: the cursor shown is ana's, so nothing is asked.
    void loader.more();
    expect(asked).toEqual(['ana@first', 'bob@first']);
    expect(shown()).toMatchObject({ rows: ['ana 1'], shown: 'ana', loading: 'first' });
    answer('bob@first', { rows: ['bob 1', 'bob 2'], nextCursor: 'c7' });
    await other;
    expect(shown()).toEqual({ rows: ['bob 1', 'bob 2'], shown: 'bob', cursor: 'c7', loading: null, error: null, failed: null });
  });

  it('says which request failed, keeps the rows shown when only the next page failed, and retries from the same cursor', async () => {
    const { loader, asked, answer, fail, shown } = harness();
    const first = loader.first('ana');
    answer('ana@first', { rows: ['e1'], nextCursor: 'c1' });
    await first;
    const more = loader.more();
    fail('ana@c1', 'The server did not answer.');
    await more;
    expect(shown()).toEqual({ rows: ['e1'], shown: 'ana', cursor: 'c1', loading: null, error: 'The server did not answer.', failed: 'more' });
    const retry = loader.retry();
    answer('ana@c1', { rows: ['e2'], nextCursor: null });
    await retry;
    expect(asked).toEqual(['ana@first', 'ana@c1', 'ana@c1']);
    expect(shown()).toEqual({ rows: ['e1', 'e2'], shown: 'ana', cursor: null, loading: null, error: null, failed: null });
  });

  it('marks a failed first page as such, so the screen shows the error instead of rows', async () => {
    const { loader, fail, shown } = harness();
    const first = loader.first('ana');
    fail('ana@first', 'Request timed out');
    await first;
    expect(shown()).toEqual({ rows: null, shown: null, cursor: null, loading: null, error: 'Request timed out', failed: 'first' });
  });

  it('clears the rows and lets nothing asked before land when the query is no longer complete', async () => {
    const { loader, answer, shown } = harness();
    const first = loader.first('ana');
    loader.clear();
    answer('ana@first', { rows: ['late'], nextCursor: null });
    await first;
    expect(shown()).toEqual(idleCursorList());
  });
});
