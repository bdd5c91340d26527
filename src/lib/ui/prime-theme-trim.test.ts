import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { primeComponents, primeRuntimeStyles, SYSTEM_FONT_STACK, systemFontTheme, trimPrimeTheme, usedPrimeComponents } from './prime-theme-trim';

const primeDir = resolve('node_modules/primereact');

describe('trimming the PrimeReact theme to the components in use', () => {
  it('finds the imported components and those they import', () => {
    const used = usedPrimeComponents([`import { DataTable } from 'primereact/datatable';`], primeDir);
    expect(used.has('datatable')).toBe(true);
    // DataTable draws its own paginator and filter dropdowns.
    expect(used.has('paginator')).toBe(true);
    expect(used.has('dropdown')).toBe(true);
    expect(used.has('galleria')).toBe(false);
  });

  it('drops only selectors naming an unused component', () => {
    const css = [
      '.p-button { color: red; }',
      '.p-galleria .p-galleria-item, .p-button-label { margin: 0; }',
      '.p-carousel-item { padding: 0; }',
      '@media (max-width: 600px) { .p-carousel { display: none; } }',
      '.p-component, .p-chips-token { font: inherit; }',
      '@keyframes p-fade { from { opacity: 0; } }',
    ].join('\n');
    const out = trimPrimeTheme(css, ['button', 'galleria', 'carousel', 'chip', 'chips'], new Set(['button', 'chips']));
    expect(out).toContain('.p-button { color: red; }');
    expect(out).toContain('.p-button-label');
    expect(out).not.toContain('galleria');
    expect(out).not.toContain('carousel');
    expect(out).not.toContain('@media');
    // p-chips is not p-chip's: a prefix counts only up to a hyphen.
    expect(out).toContain('.p-chips-token');
    expect(out).toContain('@keyframes p-fade');
  });

  it('keeps the rules of every component the console imports and shrinks the theme', () => {
    const theme = readFileSync(join(primeDir, 'resources/themes/lara-light-blue/theme.css'), 'utf8');
    const used = usedPrimeComponents([`from 'primereact/dialog'`, `from 'primereact/tree'`], primeDir);
    const out = trimPrimeTheme(theme, primeComponents(primeDir), used);
    expect(out).toContain('.p-dialog .p-dialog-header');
    expect(out).toContain('.p-tree .p-tree-container');
    expect(out).not.toContain('.p-carousel');
    expect(out.length).toBeLessThan(theme.length / 2);
  });
});

describe("PrimeReact's run-time structural styles", () => {
  it('are emitted for the base and each used component, with the .concat pieces resolved', () => {
    const css = primeRuntimeStyles(new Set(['dropdown', 'galleria_missing']), primeDir);
    expect(css).toContain('.p-hidden-accessible {');
    expect(css).toContain('.p-dropdown-label {');
    // commonStyle closes its @layer after the concatenated button and input styles.
    expect(css).toMatch(/\.p-button-label[\s\S]*?\n}\n[\s\S]*primereact\/dropdown/);
    expect(css).not.toContain('.concat');
    expect(css).not.toContain('.p-galleria');
  });
});

describe('the theme on the system font stack (issue 41: no font file on a first visit)', () => {
  const theme = readFileSync(join(primeDir, 'resources/themes/lara-light-blue/theme.css'), 'utf8');

  it('drops the Lara theme\'s Inter faces, regular and italic, and names the system stack instead', () => {
    const out = systemFontTheme(theme);
    expect(theme).toContain('InterVariable-Italic.woff2');
    expect(out).not.toMatch(/@font-face|woff2|Inter var|cv02/);
    expect(out).toContain(`font-family: ${SYSTEM_FONT_STACK};`);
    expect(out).toContain(`--font-family: ${SYSTEM_FONT_STACK};`);
    // Components still read the variable, and the feature settings fall back to normal.
    expect(out).toContain('font-family: var(--font-family)');
    expect(out).toContain('font-feature-settings: var(--font-feature-settings, normal)');
  });

  it('gives the chrome (pages without PrimeReact) the same stack, with no font face of its own', () => {
    const chrome = readFileSync(resolve('src/styles/chrome-font.css'), 'utf8');
    expect(chrome).not.toMatch(/@font-face|url\(/);
    expect(chrome).toContain(`  font-family: ${SYSTEM_FONT_STACK};`);
    expect(chrome).toContain(`  --font-family: ${SYSTEM_FONT_STACK};`);
  });
});
