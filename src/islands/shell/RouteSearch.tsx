import { useEffect, useMemo, useRef, useState } from 'react';
import type Fuse from 'fuse.js';
import { useStore } from '@nanostores/react';
import { $routeSearchOpen } from '../../lib/ui/shell-actions';

export interface SearchableRoute {
  path: string;
  title: string;
  /** "Game Statistic › Analytic › Level": where it sits in the menu. */
  trail: string;
}

/** Spec section 9: fuzzy, threshold 0.4, title weight 0.7, path weight 0.3. */
export const ROUTE_SEARCH_OPTIONS = {
  threshold: 0.4,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/**
 * The routes the sidebar lists — the account's own menu, rendered by the server — each with its groups'
 * names as the trail. Read from the page rather than sent again as this island's props (that list was a
 * quarter of every page's HTML).
 */
function menuRoutes(): SearchableRoute[] {
  return [...document.querySelectorAll<HTMLAnchorElement>('.sidebar a.menu-item[data-path]')].map((link) => {
    const trail = [link.title];
    for (let group = link.closest<HTMLElement>('ul[data-title]'); group; group = group.parentElement?.closest<HTMLElement>('ul[data-title]') ?? null) trail.unshift(group.dataset.title!);
    return { path: link.dataset.path!, title: link.title, trail: trail.join(' › ') };
  });
}

/** Fuzzy search over the routes the account may open; opened by Ctrl+K or "/" and driven by the keyboard. */
export default function RouteSearch() {
  const open = useStore($routeSearchOpen);
  const setOpen = (value: boolean) => $routeSearchOpen.set(value);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [fuse, setFuse] = useState<Fuse<SearchableRoute> | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable="true"]');
      if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    // fuse.js loads only when the search is first opened, keeping it off every page's first paint.
    if (!fuse) void import('fuse.js').then(({ default: FuseClass }) => setFuse(new FuseClass(menuRoutes(), ROUTE_SEARCH_OPTIONS)));
  }, [open, fuse]);

  const results = useMemo(() => (fuse && query.trim() ? fuse.search(query.trim(), { limit: 12 }).map((r) => r.item) : []), [fuse, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const go = (route: SearchableRoute | undefined) => {
    if (route) location.assign(route.path);
  };

  return (
    <div className={`route-search${open ? ' open' : ''}`}>
      <button type="button" className="icon-button" aria-label="Search pages (Ctrl+K)" title="Search pages (Ctrl+K)" onClick={() => (open ? close() : setOpen(true))}>
        <i className="pi pi-search" aria-hidden="true" />
      </button>
      {open && (
        <div className="route-search-box">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls="route-search-results"
            aria-autocomplete="list"
            aria-label="Search pages"
            placeholder="Search pages…"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
              else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
              else if (e.key === 'Enter') go(results[active]);
              else if (e.key === 'Escape') close();
              else return;
              e.preventDefault();
            }}
          />
          {results.length > 0 && (
            <ul id="route-search-results" role="listbox" className="route-search-results">
              {results.map((route, i) => (
                <li key={route.path} role="option" aria-selected={i === active} onMouseDown={() => go(route)} onMouseEnter={() => setActive(i)}>
                  <span className="rs-title">{route.title}</span>
                  <span className="rs-trail">{route.trail}</span>
                </li>
              ))}
            </ul>
          )}
          {query.trim() && fuse && results.length === 0 && <div className="route-search-empty">No page matches "{query}"</div>}
        </div>
      )}
    </div>
  );
}
