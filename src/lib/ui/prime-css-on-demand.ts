// `?url`: the stylesheet's address only. Astro links the CSS of every module a page can reach, dynamic
// imports included, so a chrome dialog importing the theme would put it back on every page.
import primeCssHref from '../../styles/prime-all.css?url';
import themeCssHref from 'primereact/resources/themes/lara-light-blue/theme.css?url';

/**
 * For PrimeReact pieces the chrome opens on demand (the header note's dialog): loads the theme when the
 * page has none yet (a screen without PrimeReact), and resolves once it applies.
 */
export function ensurePrimeCss(): Promise<void> {
  const themed = getComputedStyle(document.documentElement).getPropertyValue('--surface-border').trim() !== '';
  const existing = document.querySelector<HTMLLinkElement>('link[data-prime-css]');
  if (themed && !existing) return Promise.resolve();
  if (existing) return existing.sheet ? Promise.resolve() : new Promise((done) => existing.addEventListener('load', () => done(), { once: true }));
  // The theme arrives whole here (a `?url` file is not trimmed like the bundled one); this path is rare.
  return Promise.all([themeCssHref, primeCssHref].map(addStylesheet)).then(() => undefined);
}

function addStylesheet(href: string): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.primeCss = '';
  const loaded = new Promise<void>((done) => {
    link.addEventListener('load', () => done(), { once: true });
    link.addEventListener('error', () => done(), { once: true });
  });
  document.head.append(link);
  return loaded;
}
