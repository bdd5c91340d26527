import { useCallback, useEffect, useRef, useState } from 'react';
import { addView, closeAll, closeOthers, closeView, loadViews, saveViews, TAB_RETURN_KEY, withAffix, type VisitedView } from '../../lib/ui/visited-views';

interface Props {
  /** The page being shown; null for a page that is not a view (404, 401), which never becomes a tab. */
  current: VisitedView | null;
  affix: VisitedView[];
}

const hrefOf = (view: VisitedView) => (view.noCache ? view.path : view.fullPath);

/**
 * Tabs of visited views with refresh, close, close others and close all; affix tabs stay. Each tab is a
 * link (it opens a page) with its close button beside it, not inside it; arrows scroll a strip wider than
 * the bar. At most MAX_VIEWS tabs besides the affix ones (visited-views.ts).
 */
export default function TagsView({ current, affix }: Props) {
  const [views, setViews] = useState<VisitedView[]>(() => (current ? addView([], current, affix) : withAffix([], affix)));
  const [menu, setMenu] = useState<{ x: number; y: number; view: VisitedView } | null>(null);
  const [overflow, setOverflow] = useState({ left: false, right: false });
  const strip = useRef<HTMLUListElement>(null);
  const currentPath = current?.path;

  useEffect(() => {
    const loaded = loadViews();
    const next = current ? addView(loaded, current, affix) : withAffix(loaded, affix);
    setViews(next);
    saveViews(next);
  }, [current, affix]);

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    setOverflow({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    strip.current?.querySelector('.tag.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    measure();
  }, [views, measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const update = (next: VisitedView[], closedCurrent: boolean) => {
    setViews(next);
    saveViews(next);
    if (closedCurrent) {
      const last = next[next.length - 1];
      location.assign(last ? hrefOf(last) : '/');
    }
  };
  const close = (view: VisitedView) => update(closeView(views, view.path), view.path === currentPath);
  const refresh = (view: VisitedView) => location.assign(`/redirect${hrefOf(view)}`);
  const scrollBy = (direction: 1 | -1) => strip.current?.scrollBy({ left: direction * Math.max(160, (strip.current.clientWidth * 2) / 3), behavior: 'smooth' });

  return (
    <nav className="tags-view" aria-label="Visited views">
      {(overflow.left || overflow.right) && (
        <button type="button" className="tags-arrow" aria-label="Scroll tabs left" disabled={!overflow.left} onClick={() => scrollBy(-1)}>
          <i className="pi pi-angle-left" aria-hidden="true" />
        </button>
      )}
      <ul className="tags-strip" ref={strip} onScroll={measure}>
        {views.map((view) => {
          const active = view.path === currentPath;
          return (
            <li
              key={view.path}
              className={`tag${active ? ' active' : ''}`}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ x: e.clientX, y: e.clientY, view });
              }}
            >
              <a
                href={hrefOf(view)}
                aria-current={active ? 'page' : undefined}
                onClick={(e) => {
                  if (active) e.preventDefault();
                  else sessionStorage.setItem(TAB_RETURN_KEY, view.path);
                }}
              >
                {view.title}
              </a>
              {!view.affix && (
                <button type="button" className="tag-close" aria-label={`Close ${view.title}`} onClick={() => close(view)}>
                  ×
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {(overflow.left || overflow.right) && (
        <button type="button" className="tags-arrow" aria-label="Scroll tabs right" disabled={!overflow.right} onClick={() => scrollBy(1)}>
          <i className="pi pi-angle-right" aria-hidden="true" />
        </button>
      )}
      {menu && (
        <ul className="tags-menu" role="menu" style={{ left: menu.x, top: menu.y }}>
          <li role="none"><button type="button" role="menuitem" onClick={() => refresh(menu.view)}>Refresh</button></li>
          {!menu.view.affix && <li role="none"><button type="button" role="menuitem" onClick={() => close(menu.view)}>Close</button></li>}
          <li role="none"><button type="button" role="menuitem" onClick={() => update(closeOthers(views, menu.view.path), menu.view.path !== currentPath && !current?.affix)}>Close Others</button></li>
          <li role="none"><button type="button" role="menuitem" onClick={() => update(closeAll(views), !current?.affix)}>Close All</button></li>
        </ul>
      )}
    </nav>
  );
}
