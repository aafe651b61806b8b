/**
 * Reads WordPress.org's plugin and theme repositories over plain HTTP: a file's bytes (at most
 * `maxFileBytes`), whether a path is a folder (the server redirects a folder asked without its trailing slash),
 * and a folder's listing. A 404 is "not there"; an unreachable or failing upstream is the 502/504 every
 * upstream gives (`fetchUpstream`).
 */
import { PackageError } from '../types.ts';
import { discard, fetchUpstream, upstreamError, type UpstreamResponse } from '../upstream/fetchUpstream.ts';
import type { PackageMetrics } from '../upstream/metrics.ts';
import { parseSvnListing, type SvnEntry } from './svnListing.ts';
import { describe, upstreamUrl, type WordPressBases, type WordPressRef } from './wordpressRef.ts';

export interface WordPressClientOptions {
  bases: WordPressBases;
  timeoutMs: number;
  /** Largest file served, bytes; a larger one is a 403. */
  maxFileBytes: number;
  metrics: PackageMetrics;
  /** Entries kept of one folder listing (default 5,000). */
  maxListingEntries?: number;
}

export type UpstreamPath = { kind: 'file'; content: Buffer } | { kind: 'directory' };

const MB = 1024 * 1024;
/** A folder's listing page is small; a larger one is not a listing. */
const MAX_LISTING_BYTES = 4 * MB;

export const fileTooLarge = (limitBytes: number): PackageError =>
  new PackageError(403, `File size exceeded the configured limit of ${Math.round(limitBytes / MB)} MB.`);

async function readBounded(response: UpstreamResponse, what: string, maxBytes: number, tooLarge: () => PackageError): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        response.body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw upstreamError(error, what);
  }
  response.done();
  return Buffer.concat(chunks);
}

export class WordPressClient {
  constructor(private readonly options: WordPressClientOptions) {}

  /** The file at `path` ('/dir/file'), `directory` when it is a folder, null when there is none. */
  async file(ref: WordPressRef, path: string): Promise<UpstreamPath | null> {
    const what = describe(ref);
    const response = await fetchUpstream({
      upstream: 'wordpress',
      kind: 'file',
      url: upstreamUrl(this.options.bases, ref, path),
      what,
      timeoutMs: this.options.timeoutMs,
      redirect: 'manual',
      metrics: this.options.metrics,
    });
    if (response.status === 404) {
      discard(response);
      return null;
    }
    if (response.status >= 300 && response.status < 400) {
      discard(response);
      response.done();
      // The only redirect such a server gives for a path of the tree is the one to the folder's listing.
      const location = response.headers.get('location') ?? '';
      if (location.endsWith('/')) return { kind: 'directory' };
      throw PackageError.upstreamFailed(what, `the upstream redirected to ${location}`);
    }
    if (response.status !== 200) {
      discard(response);
      throw PackageError.upstreamFailed(what, `the upstream answered ${response.status}`);
    }
    const limit = this.options.maxFileBytes;
    return { kind: 'file', content: await readBounded(response, what, limit, () => fileTooLarge(limit)) };
  }

  /** The entries of the folder `dir` ('/' or '/dir/'), null when there is no such folder. */
  async listing(ref: WordPressRef, dir: string): Promise<SvnEntry[] | null> {
    const what = describe(ref);
    const response = await fetchUpstream({
      upstream: 'wordpress',
      kind: 'listing',
      url: upstreamUrl(this.options.bases, ref, dir),
      what,
      timeoutMs: this.options.timeoutMs,
      redirect: 'manual',
      metrics: this.options.metrics,
    });
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      discard(response);
      if (response.status !== 404) response.done();
      return null;
    }
    if (response.status !== 200) {
      discard(response);
      throw PackageError.upstreamFailed(what, `the upstream answered ${response.status}`);
    }
    const html = await readBounded(response, what, MAX_LISTING_BYTES, () =>
      PackageError.upstreamFailed(what, `the listing is over ${MAX_LISTING_BYTES} bytes`),
    );
    return parseSvnListing(html.toString('utf8'), this.options.maxListingEntries ?? 5000);
  }
}
