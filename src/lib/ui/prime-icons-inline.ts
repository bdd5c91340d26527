import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PrimeIcons without its font (issue 41, the cold first visit): the woff2 of all 357 glyphs was 32 KB on
 * every first visit, for the hundred or so icons the console names. At build time primeicons.css becomes
 * the icons the sources name, each drawn from the package's own SVG (the source the font was made from) as
 * a CSS mask in the current colour — about 9 KB in the chrome's brotli'd CSS and no font request.
 *
 * Same box as the glyph: the SVGs' 20-unit square is the font's em square (ascent 960 + descent 64 of
 * 1024), so the icon is a 1em block whose bottom sits 0.0625em under the baseline, where the glyph's
 * descent put it. The `pi-spin` animation and the `pi-fw` width are kept from the package.
 */

/** `pi-<name>` class names in the sources (literal strings: the console never builds an icon name). */
const ICON_CLASS = /\bpi-([a-z0-9]+(?:-[a-z0-9]+)*)/g;

/** Class names of primeicons.css that are not icons. */
const NOT_ICONS = new Set(['fw', 'spin']);

/** The icon names the sources use (without `pi-`), only those the package has an SVG for. */
export function usedIcons(sources: string[], svgDir: string): string[] {
  const names = new Set<string>();
  for (const text of sources) for (const match of text.matchAll(ICON_CLASS)) names.add(match[1]!);
  return [...names].filter((name) => !NOT_ICONS.has(name) && existsSync(join(svgDir, `${name}.svg`))).sort();
}

/** An SVG as a compact CSS data URL (quotes swapped, only the characters a URL needs escaped). */
export function svgDataUrl(svg: string): string {
  const compact = svg
    .replace(/\s*\n\s*/g, '')
    .replace(/ width="20" height="20"/, '')
    .replace(/"/g, "'")
    .replace(/[#<>%]/g, (c) => encodeURIComponent(c));
  return `url("data:image/svg+xml,${compact}")`;
}

/**
 * primeicons.css rewritten: its @font-face and every `.pi-<name>:before { content }` rule dropped, the rest
 * (spin, fw, keyframes) kept, then one mask rule per used icon.
 */
export function inlineIconsCss(css: string, icons: string[], svgOf: (name: string) => string): string {
  const kept = css
    .replace(/@font-face\s*{[^}]*}/g, '')
    .replace(/\.pi-[a-z0-9-]+:before\s*{\s*content:[^}]*}/g, '')
    .replace(/\/\*[^*]*(?:\*(?!\/)[^*]*)*\*\//g, '')
    .replace(/\n\s*\n+/g, '\n');
  const base =
    '.pi{vertical-align:-0.0625em}' +
    '.pi:before{content:"";display:block;width:1em;height:1em;background-color:currentColor;' +
    '-webkit-mask:var(--pi) center/100% 100% no-repeat;mask:var(--pi) center/100% 100% no-repeat}' +
    '.pi-fw:before{margin:0 auto}';
  return `${kept}\n${base}\n${icons.map((name) => `.pi-${name}{--pi:${svgDataUrl(svgOf(name))}}`).join('\n')}\n`;
}

/** The whole rewrite for the package at `primeiconsDir` and the given sources. */
export function primeIconsCss(css: string, sources: string[], primeiconsDir: string): string {
  const svgDir = join(primeiconsDir, 'raw-svg');
  return inlineIconsCss(css, usedIcons(sources, svgDir), (name) => readFileSync(join(svgDir, `${name}.svg`), 'utf8'));
}
