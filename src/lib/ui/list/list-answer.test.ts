import { describe, expect, it } from 'vitest';
import { listAnswers } from './list-answer';
import { initialLoaded, listLoader, type ListPage, type LoadedList } from './list-loader';

type Answer = { events: string[]; total: number };

describe('list answers', () => {
  it('shows the summary of the answer whose rows are shown, never of a stale answer the loader dropped', async () => {
    const answers = listAnswers<Answer>();
    let shown: LoadedList<string> = initialLoaded<string>(null);
    const releases = new Map<number, (a: Answer) => void>();
    const loader = listLoader<string, number>(
      (n) => new Promise<ListPage<string>>((done) => releases.set(n, (a) => done({ data: answers.keep(a.events, a) }))),
      (next) => {
        shown = next(shown);
      },
    );
    expect(answers.of(shown.rows)).toBeUndefined();
    const first = loader.request(1);
    const second = loader.request(2);
    releases.get(2)!({ events: ['level_end'], total: 7 });
    await second;
    releases.get(1)!({ events: ['session_start', 'level_end'], total: 99 });
    await first;
    expect(shown.rows).toEqual(['level_end']);
    expect(answers.of(shown.rows)).toEqual({ events: ['level_end'], total: 7 });
  });

  it('finds the answer of rows the server rendered (the initial page)', () => {
    const answers = listAnswers<{ folder: string }>();
    const rows = answers.keep([{ key: 'a.txt' }], { folder: 'docs/' });
    const shown = initialLoaded({ data: rows });
    expect(answers.of(shown.rows)).toEqual({ folder: 'docs/' });
    expect(answers.of([{ key: 'a.txt' }])).toBeUndefined();
  });
});
