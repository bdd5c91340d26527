import { describe, expect, it } from 'vitest';
import { answersByRows } from './answer-of-rows';
import { initialLoaded, listLoader, type ListPage, type LoadedList } from './list-loader';

describe("a list answer's extras", () => {
  it('are those of the answer whose rows are shown, even when an older answer arrives last', async () => {
    type Week = { logs: string[]; total: number };
    const answers = answersByRows<Week>();
    let shown: LoadedList<string> = initialLoaded<string>(null);
    const release = new Map<string, (week: Week) => void>();
    const loader = listLoader<string, string>(
      (week) => new Promise<ListPage<string>>((resolve) => release.set(week, (answer) => resolve({ data: answers.keep(answer.logs, answer) }))),
      (next) => {
        shown = next(shown);
      },
    );
    expect(answers.of(shown.rows)).toBeUndefined();
    const older = loader.request('last week');
    const newer = loader.request('this week');
    release.get('this week')!({ logs: ['mon 8 h'], total: 8 });
    await newer;
    release.get('last week')!({ logs: ['fri 3 h', 'thu 2 h'], total: 5 });
    await older;
    expect(shown.rows).toEqual(['mon 8 h']);
    expect(answers.of(shown.rows)).toEqual({ logs: ['mon 8 h'], total: 8 });
  });
});
