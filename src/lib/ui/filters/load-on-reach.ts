import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * A PrimeReact select whose code loads when the select is first reached for, not with the page (issue 41,
 * a light first visit): until then the caller draws the closed select's own markup and hands it these
 * handlers. Tab into it loads the code and the loaded select takes the focus; a click, or Enter, Space or
 * ArrowDown (the keys that open the select), also opens it once loaded. The loaded component is held in
 * state rather than React.lazy: a Suspense boundary in the server's HTML may be streamed apart with an
 * inline script, which the Content-Security-Policy refuses.
 */
export interface LoadOnReach<C, I> {
  /** The loaded component, null until reached for. */
  Component: C | null;
  /** Handlers for the look-alike's focusable input and its root. */
  closedHandlers: {
    input: { onFocus: () => void; onBlur: (event: FocusEvent) => void; onKeyDown: (event: KeyboardEvent) => void };
    root: { onClick: () => void };
  };
  /** Load on a reach the handlers do not cover (open: 'click' to open the select once loaded, or null). */
  wake: (open: string | null) => void;
  /** The ref callback for the loaded component. */
  attach: (instance: I | null) => void;
}

export interface Settle<I> {
  /** Moves the focus into the loaded component. */
  focus: (instance: I) => void;
  /** Opens it as its own click would. */
  show?: (instance: I) => void;
  /** Opens it, whatever reached for it (instead of show and the replayed key). */
  open?: (instance: I) => void;
  /** The keys that open it, replayed on the loaded component (default Enter, Space, ArrowDown). */
  keys?: ReadonlySet<string>;
}

const OPENING_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown']);

export function useLoadOnReach<C, I>(load: () => Promise<C>, settle: Settle<I>): LoadOnReach<C, I> {
  const keys = settle.keys ?? OPENING_KEYS;
  const [Component, setComponent] = useState<C | null>(null);
  // What the reach asked for, until the loaded component is settled: focus it, and open it too.
  // `open`: the key that opened it (replayed on the loaded select, which answers it as it would have), or 'click'.
  const wanted = useRef<{ open: string | null } | null>(null);
  const loading = useRef(false);
  const instance = useRef<I | null>(null);
  // Where the loaded component took the focus, and the key guard that holds opening keys until it opens.
  const focused = useRef<Element | null>(null);
  const unguard = useRef<(() => void) | null>(null);
  // Set one commit after the loaded component mounted: the commit in which its overlay's Portal mounts.
  const [mounted, setMounted] = useState(false);

  const wake = (open: string | null) => {
    if (Component) return;
    wanted.current = { open: open ?? wanted.current?.open ?? null };
    if (loading.current) return;
    loading.current = true;
    void load().then((component) => setComponent(() => component));
  };

  // In the commit that swapped the look-alike for the loaded select (no event can come in between): the focus
  // moves to the select, and from now until it is opened below, an opening key is held rather than answered. The
  // select would answer it by drawing a panel its Portal cannot yet hold: drawn unplaced, under the menu, and
  // without the focus in its search box (seen with Enter, ArrowDown and a click replayed too early).
  useLayoutEffect(() => {
    const want = wanted.current;
    const select = instance.current;
    if (!Component || !want || !select) return;
    const hold = (event: globalThis.KeyboardEvent) => {
      const active = document.activeElement;
      if (!keys.has(event.key) || (active && active !== document.body && active !== focused.current)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // The first opening key opens it; a second one pressed meanwhile would not open it twice.
      want.open ??= event.key;
    };
    window.addEventListener('keydown', hold, true);
    unguard.current = () => window.removeEventListener('keydown', hold, true);
    settle.focus(select);
    focused.current = document.activeElement === document.body ? null : document.activeElement;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the loaded component mounts
  }, [Component]);

  // PrimeReact's Portal mounts its content one commit after the select mounts (in its own mount effect). A panel
  // shown before that is drawn without its entering transition, which is what places it and focuses its search
  // box. A state set here renders in the same pass as the Portal's, so the next effect runs once it is there.
  useEffect(() => {
    if (Component && wanted.current) setMounted(true);
  }, [Component]);

  useEffect(() => {
    if (!mounted) return;
    const want = wanted.current;
    const select = instance.current;
    wanted.current = null;
    unguard.current?.();
    unguard.current = null;
    if (!want || !select || !want.open) return;
    // The focus went elsewhere meanwhile (a Tab on, a click away): nothing to open.
    const active = document.activeElement;
    if (focused.current && active !== focused.current && active !== document.body) return;
    if (active !== focused.current) settle.focus(select);
    if (settle.open) return settle.open(select);
    // A click opens it through show(): a click replayed on its root would not (the select answers the pointer's
    // own events), and the click itself has long gone by.
    if (want.open === 'click') settle.show?.(select);
    else document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: want.open, code: want.open === ' ' ? 'Space' : want.open, bubbles: true, cancelable: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the loaded component is in place
  }, [mounted]);

  useEffect(() => () => unguard.current?.(), []);

  return {
    Component,
    wake,
    attach: (select) => {
      instance.current = select;
    },
    closedHandlers: {
      input: {
        onFocus: () => wake(null),
        // The focus left the select before the code came: the loaded select must not take it back.
        onBlur: (event) => {
          const to = event.relatedTarget;
          if (to && !event.currentTarget.closest('.p-inputwrapper')?.contains(to)) wanted.current = null;
        },
        onKeyDown: (event) => {
          if (!keys.has(event.key)) return;
          event.preventDefault();
          wake(event.key);
        },
      },
      // On click, not pointerdown: a select mounted between the two would take the click too and close again.
      root: { onClick: () => wake('click') },
    },
  };
}
