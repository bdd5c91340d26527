import { useEffect, useRef, useState } from 'react';
import type { BodyOf, Contract, RequestOf } from '../../lib/contract';
import { api } from '../../lib/http/client';
import { shortcutRange, parseRange, type DateRange } from '../../lib/ui/filters/date-range';
import { parseList, writeQuery } from '../../lib/ui/filters/url-query';
import { parseOsValue, type OsFilterValue } from '../../lib/ui/filters/os-options';

/** The filters every report screen shares, as kept in the URL query (?apps=…&os=…&version=…&countries=…&from=…&to=…). */
export interface ReportFilterState {
  apps: string[];
  os: OsFilterValue;
  version: string;
  countries: string[];
  range: DateRange;
}

/** Reads the filters from a query string (the page passes the request's, so server and browser agree). */
export function parseFilters(search: string): ReportFilterState {
  const q = new URLSearchParams(search);
  return {
    apps: parseList(q.get('apps')),
    os: parseOsValue(q.get('os')),
    version: q.get('version')?.trim() || 'all',
    countries: parseList(q.get('countries')),
    range: parseRange(q.get('from'), q.get('to')) ?? shortcutRange('last30'),
  };
}

/** Filter state kept in the URL query: every change rewrites the query without a reload. */
export function useReportFilters(search: string): [ReportFilterState, (patch: Partial<ReportFilterState>) => void] {
  const [filters, setFilters] = useState(() => parseFilters(search));
  const update = (patch: Partial<ReportFilterState>) => {
    setFilters((current) => {
      const next = { ...current, ...patch };
      // A version belongs to one app: it is cleared when the apps change.
      if (patch.apps && !patch.version) next.version = 'all';
      writeQuery({
        apps: next.apps,
        os: next.os || null,
        version: next.version === 'all' ? null : next.version,
        countries: next.countries,
        from: next.range.from,
        to: next.range.to,
      });
      return next;
    });
  };
  return [filters, update];
}

/** The request of a report for the filters. */
export function reportInput(filters: ReportFilterState) {
  return { apps: filters.apps, os: filters.os, version: filters.version, countries: filters.countries, from: filters.range.from, to: filters.range.to };
}

/** Loads a report whenever its input changes; a newer request wins over a slower older one. */
export function useReport<C extends Contract>(contract: C, input: RequestOf<C>): { data: BodyOf<C>['data'] | null; loading: boolean } {
  const [data, setData] = useState<BodyOf<C>['data'] | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const key = JSON.stringify(input);
  useEffect(() => {
    const id = ++latest.current;
    setLoading(true);
    api(contract, JSON.parse(key) as RequestOf<C>)
      .then((body) => id === latest.current && setData(body.data))
      .catch(() => undefined)
      .finally(() => id === latest.current && setLoading(false));
  }, [contract, key]);
  return { data, loading };
}

/** The export URL of a report for the same input (the server builds the file from the same figures). */
export function exportUrl(path: string, input: Record<string, unknown>, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  params.set('format', format);
  return `${path}?${params.toString()}`;
}
