import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { heldKey, queue, type Reach } from './reach-queue';

/**
 * A PrimeReact select whose code loads when the select is first reached for, not with the page (issue 41,
 * a light first visit): until then the caller draws the closed select's own markup and hands it these
 * handlers. Tab into it loads the code and the loaded select takes the focus. What the person did meanwhile is
 * given to the loaded select once it is in place, as if it had been there all along: a click opens it; Enter,
 * Space or ArrowDown open it (once, however many were pressed); a typed letter opens it on the first option so
 * named (PrimeReact's own answer to typing); Escape takes back what came before it. The loaded component is held
 * in state rather than React.lazy: a Suspense boundary in the server's HTML may be streamed apart with an inline
 * script, which the Content-Security-Policy refuses.
 */
export interface LoadOnReach<C, I> {
  /** The loaded component, null until reached for. */
  Component: C | null;
  /** Handlers for the look-alike's focusable input and its root. */
  closedHandlers: {
    input: { onFocus: () => void; onBlur: (event: FocusEvent) => void; onKeyDown: (event: KeyboardEvent) => void };
    root: { onClick: () => void };
  };
  /** Load on a reach the handlers do not cover ('click' to open the select once loaded, or null). */
  wake: (open: 'click' | null) => void;
  /** The ref callback for the loaded component. */
  attach: (instance: I | null) => void;
}

export interface Settle<I> {
  /** Moves the focus into the loaded component. */
  focus: (instance: I) => void;
  /** Opens it as its own click would. */
  show?: (instance: I) => void;
  /** Opens it when a click reached for it (instead of show). */
  open?: (instance: I) => void;
  /** The look-alike is a text box that keeps what is typed itself: no key is held or given again. */
  textBox?: boolean;
}

export function useLoadOnReach<C, I>(load: () => Promise<C>, settle: Settle<I>): LoadOnReach<C, I> {
  const [Component, setComponent] = useState<C | null>(null);
  // Until the loaded component is settled: null if nothing reached for it (or the focus went on), else what did.
  const wanted = useRef<Reach[] | null>(null);
  const loading = useRef(false);
  const instance = useRef<I | null>(null);
  // Where the loaded component took the focus, and the key guard that holds keys until it is in place.
  const focused = useRef<Element | null>(null);
  const unguard = useRef<(() => void) | null>(null);
  // Set one commit after the loaded component mounted: the commit in which its overlay's Portal mounts.
  const [inPlace, setInPlace] = useState(false);

  const wake = (reach: Reach | 'Escape' | null) => {
    if (Component) return;
    wanted.current ??= [];
    if (reach) queue(wanted.current, reach);
    if (loading.current) return;
    loading.current = true;
    void load().then((component) => setComponent(() => component));
  };

  // In the commit that swapped the look-alike for the loaded select (no event can come in between): the focus
  // moves to the select, and from now until it is in place below, its keys are held rather than answered: the
  // select would answer an opening key or a letter by drawing a panel its Portal cannot hold yet, unplaced
  // (under the menu) and without the focus in its search box.
  useLayoutEffect(() => {
    const reaches = wanted.current;
    const select = instance.current;
    if (!Component || !reaches || !select) return;
    if (!settle.textBox) {
      const hold = (event: globalThis.KeyboardEvent) => {
        const active = document.activeElement;
        const key = heldKey(event);
        if (!key || (active && active !== document.body && active !== focused.current)) return;
        queue(reaches, key);
        // Escape goes on to the select, closed yet: it answers it as it answers any Escape while closed.
        if (key === 'Escape') return;
        event.preventDefault();
        event.stopImmediatePropagation();
      };
      window.addEventListener('keydown', hold, true);
      unguard.current = () => window.removeEventListener('keydown', hold, true);
    }
    settle.focus(select);
    focused.current = document.activeElement === document.body ? null : document.activeElement;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the loaded component mounts
  }, [Component]);

  // PrimeReact's Portal mounts its content one commit after the select mounts (in its own mount effect). A panel
  // shown before that is drawn without its entering transition, which is what places it and focuses its search
  // box. A state set here renders in the same pass as the Portal's, so the next effect runs once it is there.
  useEffect(() => {
    if (Component && wanted.current) setInPlace(true);
  }, [Component]);

  useEffect(() => {
    if (!inPlace) return;
    const reaches = wanted.current;
    const select = instance.current;
    wanted.current = null;
    unguard.current?.();
    unguard.current = null;
    if (!reaches || !select || reaches.length === 0) return;
    // The focus went elsewhere meanwhile (a Tab on, a click away): nothing to give it.
    const active = document.activeElement;
    if (focused.current && active !== focused.current && active !== document.body) return;
    if (active !== focused.current) settle.focus(select);
    for (const reach of reaches) {
      // A click opens it through show(): a click replayed on its root would not (the select answers the
      // pointer's own events), and the click itself has long gone by.
      if (reach === 'click') (settle.open ?? settle.show)?.(select);
      else document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: reach.key, code: reach.code, bubbles: true, cancelable: true }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the loaded component is in place
  }, [inPlace]);

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
          const key = settle.textBox ? null : heldKey(event);
          if (!key) return;
          if (key !== 'Escape') event.preventDefault();
          wake(key);
        },
      },
      // On click, not pointerdown: a select mounted between the two would take the click too and close again.
      root: { onClick: () => wake('click') },
    },
  };
}
