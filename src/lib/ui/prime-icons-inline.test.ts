import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineIconsCss, primeIconsCss, svgDataUrl, usedIcons } from './prime-icons-inline';

const primeiconsDir = resolve('node_modules/primeicons');
const packageCss = readFileSync(resolve(primeiconsDir, 'primeicons.css'), 'utf8');

describe('PrimeIcons as masks of the icons in use', () => {
  it('finds the icon classes the sources name, not spin or fw, not names the package lacks', () => {
    const sources = [`<i class="pi pi-bars pi-spin" />`, `icon: 'pi pi-check'`, `className={\`pi \${on ? 'pi-sort-up-fill' : 'pi-sort-alt'}\`}`, 'pi-fw pi-no-such-icon'];
    expect(usedIcons(sources, resolve(primeiconsDir, 'raw-svg'))).toEqual(['bars', 'check', 'sort-alt', 'sort-up-fill']);
  });

  it('writes an SVG as a data URL a CSS url() can hold', () => {
    const svg = '<svg width="20" height="20" viewBox="0 0 20 20" fill="none" xmlns="http://www.w3.org/2000/svg">\n<path d="M3 10H17" stroke="#000"/>\n</svg>\n';
    expect(svgDataUrl(svg)).toBe(
      `url("data:image/svg+xml,%3Csvg viewBox='0 0 20 20' fill='none' xmlns='http://www.w3.org/2000/svg'%3E%3Cpath d='M3 10H17' stroke='%23000'/%3E%3C/svg%3E")`,
    );
  });

  it('drops the font and every unused glyph rule, keeps spin and fw, adds one mask a used icon', () => {
    const out = inlineIconsCss(packageCss, ['bars'], () => '<svg/>');
    expect(out).not.toContain('@font-face');
    expect(out).not.toContain('primeicons.woff');
    expect(out).not.toMatch(/content:\s*"\\e/);
    expect(out).toContain('@keyframes fa-spin');
    expect(out).toContain('.pi-spin {');
    expect(out).toContain('.pi-fw {');
    expect(out).toContain(`.pi-bars{--pi:url("data:image/svg+xml,%3Csvg/%3E")}`);
    expect(out).not.toContain('.pi-check');
    // The glyph's box: a 1em square whose bottom is the font's descent (64/1024 em) under the baseline.
    expect(out).toContain('.pi{vertical-align:-0.0625em}');
    expect(out).toContain('.pi:before{content:"";display:block;width:1em;height:1em;background-color:currentColor;');
  });

  it('is far smaller than the font it replaces for the console’s own icons', () => {
    const out = primeIconsCss(packageCss, [readFileSync(resolve('src/layouts/ConsoleLayout.astro'), 'utf8')], primeiconsDir);
    expect(out).toContain('.pi-bars{--pi:url("data:image/svg+xml,');
    expect(out).toContain('.pi-book{');
    expect(out.length).toBeLessThan(20_000);
  });
});
