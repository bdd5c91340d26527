import { useCallback, useState } from 'react';
import { writeQuery } from './url-query';

/** How one filter value travels in the URL query. */
export interface QueryCodec<T> {
  parse(raw: string | null): T;
  /** null or "" removes the key (the default value need not appear in the URL). */
  serialize(value: T): string | null;
}

/**
 * A filter value kept in the URL query (?key=…): read once from `search` (the page passes the request's
 * query so the server render and the browser agree), written back without a reload on every change.
 */
export function useQueryState<T>(key: string, codec: QueryCodec<T>, search: string): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => codec.parse(new URLSearchParams(search).get(key)));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writeQuery({ [key]: codec.serialize(next) });
    },
    [key, codec],
  );
  return [value, update];
}

export const textCodec: QueryCodec<string> = { parse: (raw) => raw ?? '', serialize: (v) => v.trim() || null };
export const listCodec: QueryCodec<string[]> = {
  parse: (raw) => (raw ?? '').split(',').map((v) => v.trim()).filter(Boolean),
  serialize: (v) => (v.length ? v.join(',') : null),
};
/** A choice among fixed values; anything else in the URL falls back to the first. */
export function enumCodec<T extends string | number>(values: readonly T[]): QueryCodec<T> {
  return {
    parse: (raw) => values.find((v) => String(v) === raw) ?? values[0]!,
    serialize: (v) => (v === values[0] ? null : String(v)),
  };
}
