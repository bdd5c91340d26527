import { useEffect, useRef, useState } from 'react';
import { searchToObject, toSearchParams, type BodyOf, type Contract, type RequestOf } from '../../lib/contract';
import { api } from '../../lib/http/client';
import type { ReportDescriptor } from '../../lib/reports/define';
import { shortcutRange, type DateRange } from '../../lib/ui/filters/date-range';
import type { OsFilterValue } from '../../lib/ui/filters/os-options';
import { useLatestGuard } from '../../lib/ui/list/use-latest-guard';

/** The filters every report shares, as the filter bar edits them. */
export interface ReportFilterState {
  apps: string[];
  os: OsFilterValue;
  version: string;
  countries: string[];
  range: DateRange;
}

export type ReportInput = Record<string, unknown> & { apps: string[]; os: number; version: string; countries: string[]; from?: string; to?: string };

/**
 * A report's input from a query string, read by the descriptor's own request schema (the one the server
 * parses the API query with). A query that does not parse falls back to the defaults, field by field.
 */
export function parseReportInput(descriptor: ReportDescriptor, search: string): ReportInput {
  const raw = searchToObject(new URLSearchParams(search));
  const schema = descriptor.contract.request;
  const whole = schema.safeParse(raw);
  if (whole.success) return whole.data as ReportInput;
  const bad = new Set(whole.error.issues.map((i) => String(i.path[0])));
  return schema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)))) as ReportInput;
}

/** The input with a concrete range (the last 30 days of the console's clock when the URL names none). */
export function withRange(input: ReportInput): ReportInput & { from: string; to: string } {
  if (input.from && input.to) return input as ReportInput & { from: string; to: string };
  const range = shortcutRange('last30');
  return { ...input, from: range.from, to: range.to };
}

export function filterState(input: ReportInput & { from: string; to: string }): ReportFilterState {
  return { apps: input.apps, os: input.os as OsFilterValue, version: input.version, countries: input.countries, range: { from: input.from, to: input.to } };
}

/** The query string of an input: the page URL, the API call and the export link all use it. */
export function reportQuery(input: Record<string, unknown>): string {
  // The shared filters' defaults stay out of the URL (every platform, every version).
  const clean = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== '' && !(k === 'os' && v === 0) && !(k === 'version' && v === 'all')));
  return toSearchParams(clean).toString();
}

/**
 * Loads a report whenever its input changes; a newer request wins over a slower older one. `initial` is
 * the answer the server rendered for the first input (null when it does not match): no second request.
 */
export function useReport<C extends Contract>(
  contract: C,
  input: RequestOf<C>,
  initial: BodyOf<C>['data'] | null,
): { data: BodyOf<C>['data'] | null; loading: boolean; failed: boolean } {
  const key = JSON.stringify(input);
  const [state, setState] = useState<{ data: BodyOf<C>['data'] | null; failed: boolean }>({ data: initial, failed: false });
  const [loading, setLoading] = useState(initial === null);
  const guard = useLatestGuard();
  const first = useRef(true);
  useEffect(() => {
    const served = first.current && initial !== null;
    first.current = false;
    if (served) return;
    const isCurrent = guard.begin();
    setLoading(true);
    api(contract, JSON.parse(key) as RequestOf<C>)
      .then((body) => isCurrent() && setState({ data: body.data, failed: false }))
      .catch(() => isCurrent() && setState((s) => ({ ...s, failed: true })))
      .finally(() => isCurrent() && setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contract, key]);
  return { ...state, loading };
}
