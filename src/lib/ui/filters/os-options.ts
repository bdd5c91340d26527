import { OS_CODES, OS_NAMES, type OsCode } from '../../platform';
import { ALL_LABEL, type FilterOption } from './options';

/** The OS filter value: 0 = All, else Android 1, iOS 2, WebGL 3. */
export type OsFilterValue = 0 | OsCode;
export const OS_ALL = 0;

/** Options of the OS select: All (0), Android (1), iOS (2), WebGL (3); without ALL when a single platform is required. */
export function osOptions({ withAll = true }: { withAll?: boolean } = {}): FilterOption<OsFilterValue>[] {
  const platforms = OS_CODES.map((code) => ({ title: OS_NAMES[code], value: code as OsFilterValue }));
  return withAll ? [{ title: ALL_LABEL, value: OS_ALL }, ...platforms] : platforms;
}

/** Reads an OS filter value from a query string value; anything unknown is ALL. */
export function parseOsValue(raw: string | null | undefined): OsFilterValue {
  const n = Number(raw);
  return n === 1 || n === 2 || n === 3 ? n : OS_ALL;
}
