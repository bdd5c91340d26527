/**
 * The shared report filters (spec section 1 "Reusable filters"). Import components one by one from their
 * files so that an island only ships the filters it shows; this index lists them.
 *
 * - OsSelect            ALL/Android/Ios/WebGL                           os-options.ts
 * - MultiSelectFilter   All / Clear, 100 (200 wide), level mode          multi-select.ts
 * - DateRangePicker     240 px, shortcuts in UTC+7                       date-range.ts
 * - CountrySelect       41 top countries first, then others, Unknown    countries.ts
 * - LanguageSelect      ISO 639-1 with English names                     languages.ts
 * - DebouncedInput      300 ms                                           debounce.ts
 * - NumberInput         strips commas                                    number.ts (also formatNumber, timeAgo)
 * The app and version pickers read the apps area's store and contracts, so they live there:
 * src/lib/apps/filters/ (AppAutocomplete, VersionAutocomplete).
 * PrimeReact's Dropdown, MultiSelect, Calendar and AutoComplete load when a filter is first reached for; until
 * then each filter draws the closed component's markup (load-on-reach.ts; LazyDropdown for plain dropdowns).
 * Values live in the URL query through useQueryState (use-query-state.ts, url-query.ts).
 */
export type { FilterOption } from './options';
