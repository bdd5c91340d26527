import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, MAX_VIEWS, type VisitedView } from './visited-views';

const dash: VisitedView = { path: '/dashboard', fullPath: '/dashboard', title: 'Dashboard' };
const level: VisitedView = { path: '/gsm/analytic/level', fullPath: '/gsm/analytic/level?app=a', title: 'Level' };
const admob: VisitedView = { path: '/finance/import/admob', fullPath: '/finance/import/admob?x=1', title: 'Import AdMob', noCache: true };

describe('visited views', () => {
  it('puts affix views first and adds new views at the end', () => {
    const views = addView([], level, [dash]);
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/gsm/analytic/level']);
    expect(views[0]!.affix).toBe(true);
  });
  it('updates the query of a view visited again, but never caches a noCache view', () => {
    const again = addView(addView([], level, [dash]), { ...level, fullPath: '/gsm/analytic/level?app=b' }, [dash]);
    expect(again.find((v) => v.path === level.path)!.fullPath).toBe('/gsm/analytic/level?app=b');
    expect(addView([], admob, [])[0]!.fullPath).toBe('/finance/import/admob');
  });
  it('never closes affix views', () => {
    const views = addView(addView([], level, [dash]), admob, [dash]);
    expect(closeView(views, '/dashboard').map((v) => v.path)).toContain('/dashboard');
    expect(closeOthers(views, level.path).map((v) => v.path)).toEqual(['/dashboard', level.path]);
    expect(closeAll(views).map((v) => v.path)).toEqual(['/dashboard']);
  });
});

describe('the tab cap', () => {
  const view = (i: number): VisitedView => ({ path: `/p${i}`, fullPath: `/p${i}`, title: `P${i}` });
  it(`keeps at most ${MAX_VIEWS} tabs besides the affix ones, closing the oldest`, () => {
    let views: VisitedView[] = [];
    for (let i = 1; i <= MAX_VIEWS + 3; i++) views = addView(views, view(i), [dash]);
    expect(views).toHaveLength(MAX_VIEWS + 1);
    expect(views[0]!.path).toBe('/dashboard');
    expect(views[1]!.path).toBe('/p4');
    expect(views[views.length - 1]!.path).toBe(`/p${MAX_VIEWS + 3}`);
  });
  it('re-entering an open tab closes nothing', () => {
    let views: VisitedView[] = [];
    for (let i = 1; i <= MAX_VIEWS; i++) views = addView(views, view(i), [dash]);
    expect(addView(views, view(1), [dash])).toHaveLength(MAX_VIEWS + 1);
  });
});
