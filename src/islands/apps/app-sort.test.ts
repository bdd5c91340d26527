import { describe, expect, it } from 'vitest';
import { nextAppSort } from './AppTable';

describe('the App Manager\u2019s header clicks', () => {
  it('turn the sorted column round, start another ascending and "Updated" newest first', () => {
    expect(nextAppSort({ field: 'name', order: 'asc' }, 'name')).toEqual({ field: 'name', order: 'desc' });
    expect(nextAppSort({ field: 'name', order: 'desc' }, 'name')).toEqual({ field: 'name', order: 'asc' });
    expect(nextAppSort({ field: 'name', order: 'desc' }, 'team')).toEqual({ field: 'team', order: 'asc' });
    expect(nextAppSort({ field: 'team', order: 'asc' }, 'updated')).toEqual({ field: 'updated', order: 'desc' });
  });
});
