// Lint for what the type checker does not see: hooks used by the rules, accessible markup, and the house's
// floors (a shared folder never imports an area or a top floor; docs/architecture.md). `npm run lint`, part
// of `npm test`, allows no warning.
import { readdirSync, statSync } from 'node:fs';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { SHARED_FOLDERS } from './scripts/lib/import-graph.mjs';

const areas = readdirSync('src/lib').filter((name) => statSync(`src/lib/${name}`).isDirectory() && !SHARED_FOLDERS.includes(name));
const outside = [...areas, 'app', 'islands', 'components', 'layouts', 'pages'];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', '.astro/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.astro'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-control-regex': 'error',
      // `_name` says "deliberately unused" (a parameter a signature needs, a field left out of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // The hand-written parsers (CSV, diffs) use comma statements on purpose: `(a), (b)` in one branch.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // A scroll container is focusable on purpose: keyboard users scroll a wide table (axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'], tags: [] }],
      // PrimeReact's inputs are controls too.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3, controlComponents: ['InputText', 'InputNumber', 'InputTextarea', 'Dropdown', 'MultiSelect', 'Calendar', 'AutoComplete', 'Checkbox', 'InputSwitch', 'Password', 'Chips', 'DebouncedInput', 'NumberInput', 'DayPicker'] }],
      // Components decide focus themselves (PrimeReact's autoFocus is its own prop).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Day arithmetic lives in src/lib/time (issue 40): a raw day length elsewhere is a second, drifting copy.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/time/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'Literal[value=86400000]', message: 'Use DAY_MS, daysMs(n), addDays or daysBetween from src/lib/time/day.' }],
    },
  },
  {
    files: [...SHARED_FOLDERS.map((f) => `src/lib/${f}/**/*.{ts,tsx}`), 'src/lib/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.testkit.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: `^(\\.\\./)+(${outside.join('|')})(/|$)`, message: 'A shared floor imports no area and no top floor (docs/architecture.md): let the area plug in through its manifest.' }],
      }],
    },
  },
);
