import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

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
  /** The ref callback for the loaded component: focuses (and opens) it after the mount reached for it. */
  attach: (instance: I | null) => void;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function useLoadOnReach<C, I>(
  load: () => Promise<C>,
  settle: { focus: (instance: I) => void; show?: (instance: I) => void; open?: (instance: I) => void },
): LoadOnReach<C, I> {
  const [Component, setComponent] = useState<C | null>(null);
  // What the reach asked for, until the loaded component mounts: focus it, and open it too.
  // `open`: the key that opened it (replayed on the loaded select, which answers it as it would have), or 'click'.
  const wanted = useRef<{ open: string | null } | null>(null);
  const loading = useRef(false);

  const wake = (open: string | null) => {
    if (Component) return;
    wanted.current = { open: open ?? wanted.current?.open ?? null };
    if (loading.current) return;
    loading.current = true;
    void load().then((component) => setComponent(() => component));
  };

  const attach = (instance: I | null) => {
    const want = wanted.current;
    if (!instance || !want) return;
    wanted.current = null;
    // Between this commit, which removed the focused look-alike, and the focus below, keys reach <body>:
    // an opening key pressed then still opens the select.
    const meanwhile = (event: globalThis.KeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key) || (document.activeElement && document.activeElement !== document.body)) return;
      event.preventDefault();
      want.open ??= event.key;
    };
    window.addEventListener('keydown', meanwhile, true);
    // After the commit that mounted it (a focus moved while React commits does not reach the select's handler).
    setTimeout(() => {
      window.removeEventListener('keydown', meanwhile, true);
      settle.focus(instance);
      if (!want.open) return;
      if (settle.open) return settle.open(instance);
      const focused = document.activeElement;
      // A click opens it (a click replayed on its root did not: the select answers the pointer's own events).
      if (want.open === 'click') settle.show?.(instance);
      else focused?.dispatchEvent(new KeyboardEvent('keydown', { key: want.open, code: want.open === ' ' ? 'Space' : want.open, bubbles: true, cancelable: true }));
    });
  };

  return {
    Component,
    wake,
    attach,
    closedHandlers: {
      input: {
        onFocus: () => wake(null),
        // The focus left the select before the code came: the loaded select must not take it back.
        onBlur: (event) => {
          const to = event.relatedTarget;
          if (to && !event.currentTarget.closest('.p-inputwrapper')?.contains(to)) wanted.current = null;
        },
        onKeyDown: (event) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          wake(event.key);
        },
      },
      // On click, not pointerdown: a select mounted between the two would take the click too and close again.
      root: { onClick: () => wake('click') },
    },
  };
}
