import type { S3Listing } from '../../lib/s3/contract';

/** Entries the server answers per page of a folder (the contract's default), and at most in one request. */
export const S3_PAGE = 200;
const MOST = 1000;

export type S3PageAsk = { bucket?: string; prefix: string; continuationToken?: string; limit: number };

/**
 * A folder's listing as far as `pages` pages of it ("More files" asks for one page more). The listing is
 * asked again from its start each time, in as few requests as the server allows (up to 1,000 entries each),
 * so the rows always come from one answer of the list controller and a folder left meanwhile can never mix
 * into them. The last answer gives the listing's facts (bucket, buckets, next page, edit right).
 */
export async function listFolder(ask: (q: S3PageAsk) => Promise<S3Listing>, bucket: string, prefix: string, pages: number): Promise<S3Listing> {
  const want = S3_PAGE * pages;
  let got = 0;
  let token: string | undefined;
  let last: S3Listing | null = null;
  const folders: string[] = [];
  const objects: S3Listing['objects'] = [];
  do {
    last = await ask({ bucket: bucket || undefined, prefix, continuationToken: token, limit: Math.min(want - got, MOST) });
    folders.push(...last.folders);
    objects.push(...last.objects);
    got += last.folders.length + last.objects.length;
    token = last.nextToken ?? undefined;
  } while (token && got < want);
  return { ...last, folders, objects };
}
