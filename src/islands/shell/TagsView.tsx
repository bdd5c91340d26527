import { useEffect, useRef, useState } from 'react';
import { addView, closeAll, closeOthers, closeView, loadViews, saveViews, TAB_RETURN_KEY, type VisitedView } from '../../lib/ui/visited-views';

interface Props {
  current: VisitedView;
  affix: VisitedView[];
}

/** Tabs of visited views with refresh, close, close others and close all; affix tabs stay. */
export default function TagsView({ current, affix }: Props) {
  const [views, setViews] = useState<VisitedView[]>(() => addView([], current, affix));
  const [menu, setMenu] = useState<{ x: number; y: number; view: VisitedView } | null>(null);
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const next = addView(loadViews(), current, affix);
    setViews(next);
    saveViews(next);
  }, [current, affix]);

  useEffect(() => {
    bar.current?.querySelector('.tag.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu, views]);

  const goTo = (view: VisitedView) => {
    sessionStorage.setItem(TAB_RETURN_KEY, view.path);
    location.assign(view.noCache ? view.path : view.fullPath);
  };
  const update = (next: VisitedView[], closedCurrent: boolean) => {
    setViews(next);
    saveViews(next);
    if (closedCurrent) {
      const last = next[next.length - 1];
      location.assign(last ? (last.noCache ? last.path : last.fullPath) : '/');
    }
  };
  const close = (view: VisitedView) => update(closeView(views, view.path), view.path === current.path);
  const refresh = (view: VisitedView) => location.assign(`/redirect${view.noCache ? view.path : view.fullPath}`);

  return (
    <div className="tags-view" ref={bar} role="tablist" aria-label="Visited views">
      {views.map((view) => (
        <span
          key={view.path}
          role="tab"
          aria-selected={view.path === current.path}
          className={`tag${view.path === current.path ? ' active' : ''}`}
          tabIndex={0}
          onClick={() => view.path !== current.path && goTo(view)}
          onKeyDown={(e) => e.key === 'Enter' && view.path !== current.path && goTo(view)}
          onContextMenu={(e) => {
            e.preventDefault();
            setMenu({ x: e.clientX, y: e.clientY, view });
          }}
        >
          {view.title}
          {!view.affix && (
            <button
              type="button"
              className="tag-close"
              aria-label={`Close ${view.title}`}
              onClick={(e) => {
                e.stopPropagation();
                close(view);
              }}
            >
              ×
            </button>
          )}
        </span>
      ))}
      {menu && (
        <ul className="tags-menu" role="menu" style={{ left: menu.x, top: menu.y }}>
          <li role="menuitem" onClick={() => refresh(menu.view)}>Refresh</li>
          {!menu.view.affix && <li role="menuitem" onClick={() => close(menu.view)}>Close</li>}
          <li role="menuitem" onClick={() => update(closeOthers(views, menu.view.path), menu.view.path !== current.path && !current.affix)}>Close Others</li>
          <li role="menuitem" onClick={() => update(closeAll(views), !current.affix)}>Close All</li>
        </ul>
      )}
    </div>
  );
}
