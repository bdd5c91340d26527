import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';

/**
 * Build-time only (astro.config.mjs): PrimeReact's Lara theme styles every one of PrimeReact's ~90
 * components (224 KB); the console uses about twenty. This finds the components the source imports, and
 * those they import in turn, and drops the theme's selectors that name a component nobody uses. A
 * selector naming a used component, or no component at all, stays: a component added tomorrow brings its
 * rules back with its first import.
 */

const PRIME_IMPORT = /from\s+['"]primereact\/([a-z]+)['"]/g;

/** Every PrimeReact component (a folder with its own ESM module) of the installed package. */
export function primeComponents(primeDir: string): string[] {
  return readdirSync(primeDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(primeDir, entry.name, `${entry.name}.esm.js`)))
    .map((entry) => entry.name);
}

/** The components a source tree imports, with the components those import, transitively. */
export function usedPrimeComponents(sources: string[], primeDir: string): Set<string> {
  const used = new Set<string>();
  const pending: string[] = [];
  const scan = (text: string) => {
    for (const match of text.matchAll(PRIME_IMPORT)) {
      if (used.has(match[1]!)) continue;
      used.add(match[1]!);
      pending.push(match[1]!);
    }
  };
  sources.forEach(scan);
  // Component modules import each other as 'primereact/<name>' too.
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const module = join(primeDir, name, `${name}.esm.js`);
    if (existsSync(module)) scan(readFileSync(module, 'utf8'));
  }
  return used;
}

/** The component a `p-…` class belongs to: the class is `p-<name>` or starts with `p-<name>-`. */
function componentOf(className: string, components: readonly string[]): string | undefined {
  return components.find((name) => className === `p-${name}` || className.startsWith(`p-${name}-`));
}

/** The theme without the selectors that name a component outside `used`; rules left without selectors go. */
export function trimPrimeTheme(css: string, components: readonly string[], used: ReadonlySet<string>): string {
  const unused = components.filter((name) => !used.has(name));
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => ![...selector.matchAll(/\.(p-[a-z0-9-]+)/g)].some((m) => componentOf(m[1]!, unused)));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}

/**
 * The console's typeface: the system's own UI font (docs/decisions.md, "System font stack"). Each of these
 * covers Latin with Vietnamese's stacked diacritics: San Francisco (-apple-system), Segoe UI, Roboto and
 * Noto Sans (Android, ChromeOS, most Linux desktops). Nothing to download: the Lara theme's two Inter
 * variable fonts were 711 KB of a 946 KB first visit (issue 41).
 */
export const SYSTEM_FONT_STACK = `-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif`;

/**
 * The theme on the system font stack: its @font-face rules (Inter, regular and italic) go, so the browser
 * never fetches them, and the font-family declarations that named Inter name the stack instead.
 */
export function systemFontTheme(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules('font-face', (at) => {
    at.remove();
  });
  root.walkDecls((decl) => {
    if ((decl.prop === 'font-family' || decl.prop === '--font-family') && /Inter var/.test(decl.value)) decl.value = SYSTEM_FONT_STACK;
    // Inter's character variants (cv02, cv03…): meaningless for any other font.
    else if ((decl.prop === 'font-feature-settings' || decl.prop === '--font-feature-settings') && /cv\d\d/.test(decl.value)) decl.remove();
  });
  return root.toString();
}

const STRING = /"(?:[^"\\]|\\.)*"/y;

/**
 * The structural CSS PrimeReact's components inject from JavaScript when they first render (a module's
 * top-level `var styles = "…"`, and the shared base styles, some built with `.concat`). Emitted into the
 * stylesheet as well, so server-rendered components are laid out before hydration: until then a
 * Dropdown's hidden native select showed, full width, and pages jumped (and were wider than a phone).
 * The rules keep PrimeReact's own `@layer primereact`, so they weigh what they weigh at run time; the
 * runtime copy that follows changes nothing.
 */
export function primeRuntimeStyles(used: ReadonlySet<string>, primeDir: string): string {
  const out: string[] = [];
  for (const name of ['componentbase', ...[...used].sort()]) {
    const module = join(primeDir, name, `${name}.esm.js`);
    if (!existsSync(module)) continue;
    const values = new Map<string, string>();
    for (const line of readFileSync(module, 'utf8').split('\n')) {
      const head = /^var (\w+) = (?=")/.exec(line);
      if (!head) continue;
      let at = head[0].length;
      let value = '';
      for (;;) {
        STRING.lastIndex = at;
        const literal = STRING.exec(line);
        if (!literal) break;
        value += JSON.parse(literal[0]) as string;
        at = STRING.lastIndex;
        // `"a".concat(x, "b").concat(y, "c")`: the closing parenthesis of the previous concat comes first.
        const concat = /^\)?\.concat\((\w+), /.exec(line.slice(at));
        if (!concat || !values.has(concat[1]!)) break;
        value += values.get(concat[1]!)!;
        at += concat[0].length;
      }
      // Only a value read to its end: a concat of something computed at run time is left to run time.
      if (/^\)?;/.test(line.slice(at))) values.set(head[1]!, value);
    }
    const wanted = name === 'componentbase' ? ['baseStyle', 'commonStyle'] : ['styles'];
    for (const key of wanted) {
      const css = values.get(key);
      if (css?.trim() && parses(css)) out.push(`/* primereact/${name}: ${key} */\n${css}`);
    }
  }
  return out.join('\n');
}

function parses(css: string): boolean {
  try {
    postcss.parse(css);
    return true;
  } catch {
    return false;
  }
}
