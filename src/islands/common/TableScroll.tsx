import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The keyboard-scrollable region a wide table sits in (focusable and named, so a keyboard can scroll it),
 * with a visible cue while columns are hidden past its right edge: a fade over the edge and the words
 * "Scroll sideways for more columns". Without the cue a phone showed the first columns only and nothing
 * said there were more (issue 41). The cue is measured, not guessed: it shows only while the table is wider
 * than its region and not scrolled to its end.
 */
export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    // A PrimeReact DataTable scrolls inside its own wrapper; a plain table scrolls the region itself.
    const scroller = () => region.querySelector<HTMLElement>('.p-datatable-wrapper') ?? region;
    const measure = () => {
      const s = scroller();
      setMore(s.scrollWidth - s.clientWidth - s.scrollLeft > 2);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    // Rows arriving (a list loaded after the first paint) widen the table without resizing the region.
    const mutations = new MutationObserver(measure);
    mutations.observe(region, { childList: true, subtree: true });
    // Scroll events do not bubble: listen while they pass the region on their way down.
    region.addEventListener('scroll', measure, { passive: true, capture: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      region.removeEventListener('scroll', measure, { capture: true });
    };
  }, []);
  return (
    <div className="table-scroll-frame">
      <div className="table-scroll-edge">
        <div ref={ref} className={`table-scroll${className ? ` ${className}` : ''}`} tabIndex={0} role="region" aria-label={label}>
          {children}
        </div>
        {more && <span className="scroll-fade" aria-hidden="true" />}
      </div>
      {more && (
        <p className="scroll-cue" data-testid="scroll-cue">
          Scroll sideways for more columns <i className="pi pi-arrow-right" aria-hidden="true" />
        </p>
      )}
    </div>
  );
}
