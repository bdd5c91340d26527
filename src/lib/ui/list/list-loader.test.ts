import { describe, expect, it } from 'vitest';
import { initialLoaded, listLoader, type ListPage, type LoadedList } from './list-loader';
import { deferred } from './deferred.testkit';

function harness() {
  let shown: LoadedList<string> = initialLoaded<string>(null);
  const pending = new Map<number, ReturnType<typeof deferred<ListPage<string>>>>();
  const loader = listLoader<string, number>(
    (page) => {
      const answer = deferred<ListPage<string>>();
      pending.set(page, answer);
      return answer.promise;
    },
    (next) => {
      shown = next(shown);
    },
  );
  return { loader, pending, shown: () => shown };
}

describe('list loader', () => {
  it('drops a slow first answer that arrives after a fast second one', async () => {
    const { loader, pending, shown } = harness();
    const first = loader.request(1);
    const second = loader.request(2);
    pending.get(2)!.resolve({ data: ['page 2 row'], totalRecord: 41 });
    await second;
    pending.get(1)!.resolve({ data: ['page 1 row'], totalRecord: 40 });
    await first;
    expect(shown()).toEqual({ rows: ['page 2 row'], total: 41, loading: false, error: null });
  });

  it('drops an older failure too: the newer rows stay and no error is shown', async () => {
    const { loader, pending, shown } = harness();
    const first = loader.request(1);
    const second = loader.request(2);
    pending.get(2)!.resolve({ data: ['b'] });
    await second;
    pending.get(1)!.reject(new Error('Request timed out'));
    await first;
    expect(shown()).toEqual({ rows: ['b'], total: 1, loading: false, error: null });
  });

  it('says a failure in words and keeps the rows shown before, never an empty list', async () => {
    const { loader, pending, shown } = harness();
    const ok = loader.request(1);
    pending.get(1)!.resolve({ data: ['a', 'b'], totalRecord: 2 });
    await ok;
    const failing = loader.request(2);
    expect(shown().loading).toBe(true);
    pending.get(2)!.reject(new Error('The server did not answer.'));
    await failing;
    expect(shown()).toEqual({ rows: ['a', 'b'], total: 2, loading: false, error: 'The server did not answer.' });
    const retry = loader.request(2);
    pending.get(2)!.resolve({ data: ['c'], totalRecord: 3 });
    await retry;
    expect(shown()).toEqual({ rows: ['c'], total: 3, loading: false, error: null });
  });

  it('lets nothing land after cancel (the view went away)', async () => {
    const { loader, pending, shown } = harness();
    const first = loader.request(1);
    loader.cancel();
    pending.get(1)!.resolve({ data: ['late'] });
    await first;
    expect(shown()).toEqual({ rows: null, total: 0, loading: true, error: null });
  });
});
