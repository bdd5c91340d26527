import { describe, expect, it } from 'vitest';
import { patchQuery } from '../filters/url-query';
import { defaultListState, listQueryPatch, readListState, withFilters, withSort, type ListSpec } from './list-state';

const spec: ListSpec<{ username: string; method: string; status: string }> = { filters: { username: '', method: '', status: '' }, sort: { field: 'at', order: 'desc' } };

describe('list state in the URL', () => {
  it('round-trips filters, sort and page through the query, keeping the keys it does not own', () => {
    const state = { filters: { username: 'ana b', method: 'POST', status: '' }, page: 3, sort: { field: 'durationMs', order: 'asc' as const } };
    const href = patchQuery('/adminAccount/apiLog?id=com.game&value=Game', listQueryPatch(state, spec));
    expect(href).toBe('/adminAccount/apiLog?id=com.game&value=Game&username=ana+b&method=POST&page=3&sort=durationMs');
    expect(readListState(href.slice(href.indexOf('?')), spec)).toEqual(state);
  });

  it('leaves defaults out of the URL: the first page in the default order is the bare path', () => {
    expect(patchQuery('/adminAccount/apiLog?page=4&sort=path&method=GET', listQueryPatch(defaultListState(spec), spec))).toBe('/adminAccount/apiLog');
    expect(listQueryPatch({ ...defaultListState(spec), sort: { field: 'at', order: 'asc' } }, spec).sort).toBe('at');
    expect(listQueryPatch({ ...defaultListState(spec), sort: null }, spec).sort).toBe('');
  });

  it('falls back to the default for a malformed page or sort, and ignores keys it does not own', () => {
    expect(readListState('?page=0&sort=drop%20table&other=1', spec)).toEqual({ filters: { username: '', method: '', status: '' }, page: 1, sort: { field: 'at', order: 'desc' } });
    expect(readListState('?page=-2&sort=-path', spec)).toEqual({ filters: { username: '', method: '', status: '' }, page: 1, sort: { field: 'path', order: 'desc' } });
  });

  it('keeps two lists of one page apart by prefix', () => {
    const prefixed = { ...spec, prefix: 'log.' };
    expect(listQueryPatch({ ...defaultListState(prefixed), page: 2, filters: { username: 'x', method: '', status: '' } }, prefixed)).toEqual({ 'log.username': 'x', 'log.method': null, 'log.status': null, 'log.page': 2, 'log.sort': null });
    expect(readListState('?page=5&log.page=2', prefixed).page).toBe(2);
  });

  it('starts again from page 1 when a filter or the sort changes', () => {
    const onPage4 = { ...defaultListState(spec), page: 4 };
    expect(withFilters(onPage4, { method: 'GET' })).toEqual({ filters: { username: '', method: 'GET', status: '' }, page: 1, sort: { field: 'at', order: 'desc' } });
    expect(withSort(onPage4, { field: 'path', order: 'asc' }).page).toBe(1);
  });
});
