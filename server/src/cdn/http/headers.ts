/**
 * The names of the headers that report how a version was resolved, and the caching policy for each kind of
 * answer. The headers every CDN response carries are `../../http/commonHeaders.ts`.
 */
import type { FastifyReply } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { ResolvedVersion } from '../../packages/types.ts';

const PREFIX = `X-${BRAND.name}`;

export const VERSION_HEADER = `${PREFIX}-Version`;
export const VERSION_KIND_HEADER = `${PREFIX}-Version-Kind`;
/** Present ("true") when the registry could not be reached and the version came from the last known document. */
export const STALE_HEADER = `${PREFIX}-Stale-Resolution`;

export function applyVersionHeaders(reply: FastifyReply, resolved: ResolvedVersion): void {
  reply.header(VERSION_HEADER, resolved.version);
  reply.header(VERSION_KIND_HEADER, resolved.kind);
  if (resolved.stale) reply.header(STALE_HEADER, 'true');
}

export const CACHE_CONTROL = {
  /** Exact versions and commits never change. */
  immutable: 'public, max-age=31536000, s-maxage=31536000, immutable',
  /** Ranges, tags and latest: 7 days in browsers, 12 hours at the edge. */
  alias: 'public, max-age=604800, s-maxage=43200',
  /** Branches move: 12 hours everywhere. */
  branch: 'public, max-age=43200, s-maxage=43200',
  /** Errors (and answers from a stale document) are retried soon. */
  error: 'public, max-age=60, s-maxage=60',
} as const;

export type CachePolicy = keyof typeof CACHE_CONTROL;

export function cachePolicyFor(resolved: Pick<ResolvedVersion, 'kind' | 'stale'>): CachePolicy {
  if (resolved.kind === 'version' || resolved.kind === 'commit') return 'immutable';
  // A tag resolved from the last known document may already be out of date: do not let it stick.
  if (resolved.stale) return 'error';
  return resolved.kind === 'branch' ? 'branch' : 'alias';
}

/** The shortest-lived of several policies (a combined file lives as long as its most volatile part). */
export function shortestPolicy(policies: readonly CachePolicy[]): CachePolicy {
  const order: CachePolicy[] = ['error', 'branch', 'alias', 'immutable'];
  return order.find((p) => policies.includes(p)) ?? 'immutable';
}
