import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listPage, textSearch } from './contract';

const fieldsRefused = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('the page a list asks for', () => {
  const accounts = z.object({ textSearch, ...listPage() });
  const logs = z.object(listPage({ limit: 50, maxLimit: 200 }));
  const iapLog = z.object(listPage({ limit: 50, maxLimit: 500, maxPage: 100_000 }));

  it('is the first page of 20 when the query names none, and reads numbers from the query text', () => {
    expect(accounts.parse({})).toEqual({ page: 1, limit: 20 });
    expect(accounts.parse({ page: '3', limit: '50', textSearch: '  mia ' })).toEqual({ page: 3, limit: 50, textSearch: 'mia' });
    expect(logs.parse({})).toEqual({ page: 1, limit: 50 });
  });

  it('refuses a page below 1, a fraction, or more rows than the list allows, naming the field', () => {
    expect(fieldsRefused(accounts, { page: '0' })).toEqual(['page']);
    expect(fieldsRefused(accounts, { page: '1.5' })).toEqual(['page']);
    expect(fieldsRefused(accounts, { limit: '101' })).toEqual(['limit']);
    expect(fieldsRefused(logs, { limit: '200' })).toEqual([]);
    expect(fieldsRefused(logs, { limit: '201' })).toEqual(['limit']);
    expect(fieldsRefused(accounts, { textSearch: 'x'.repeat(101) })).toEqual(['textSearch']);
  });

  it('caps the page only where deep offsets are refused', () => {
    expect(fieldsRefused(iapLog, { page: '100000' })).toEqual([]);
    expect(fieldsRefused(iapLog, { page: '100001' })).toEqual(['page']);
    expect(fieldsRefused(logs, { page: '100001' })).toEqual([]);
  });
});
