import { describe, expect, it } from 'vitest';
import type { S3Listing } from '../../lib/s3/contract';
import { listFolder, type S3PageAsk } from './list-folder';

/** A bucket of `count` files under docs/, answered as the server does: `limit` entries after the token's key. */
function bucketOf(count: number) {
  const keys = Array.from({ length: count }, (_, i) => `docs/file-${String(i).padStart(5, '0')}.txt`);
  const asked: S3PageAsk[] = [];
  const ask = async (q: S3PageAsk): Promise<S3Listing> => {
    asked.push(q);
    const from = q.continuationToken ? keys.indexOf(q.continuationToken) + 1 : 0;
    const page = keys.slice(from, from + q.limit);
    const more = from + q.limit < keys.length;
    return {
      configured: true, buckets: ['files'], bucket: 'files', prefix: q.prefix, folders: [], canEdit: true,
      objects: page.map((key) => ({ key, size: 1, lastModified: null, publicUrl: `https://s3.example/${key}` })),
      nextToken: more ? page[page.length - 1]! : null,
    };
  };
  return { ask, asked, keys };
}

describe('an S3 folder listed as far as "More files" asked', () => {
  it('lists the first page of 200 in one request, with the token of the next', async () => {
    const { ask, asked, keys } = bucketOf(450);
    const listing = await listFolder(ask, '', 'docs/', 1);
    expect(asked).toEqual([{ bucket: undefined, prefix: 'docs/', continuationToken: undefined, limit: 200 }]);
    expect(listing.objects.map((o) => o.key)).toEqual(keys.slice(0, 200));
    expect(listing.nextToken).toBe(keys[199]);
  });

  it('asks three pages again from the start in one request and stops at the folder\u2019s end', async () => {
    const { ask, asked, keys } = bucketOf(450);
    const listing = await listFolder(ask, 'files', 'docs/', 3);
    expect(asked.map((q) => q.limit)).toEqual([600]);
    expect(listing.objects.map((o) => o.key)).toEqual(keys);
    expect(listing.nextToken).toBeNull();
  });

  it('walks past the server\u2019s 1,000 a request with the continuation token', async () => {
    const { ask, asked, keys } = bucketOf(1500);
    const listing = await listFolder(ask, 'files', 'docs/', 6);
    expect(asked.map((q) => [q.limit, q.continuationToken])).toEqual([[1000, undefined], [200, keys[999]]]);
    expect(listing.objects).toHaveLength(1200);
    expect(listing.nextToken).toBe(keys[1199]);
  });
});
