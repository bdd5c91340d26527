import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, type VisitedView } from './visited-views';

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
