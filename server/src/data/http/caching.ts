/**
 * Cache lifetimes of the contract: metadata that can change (versions, tags, ranges) for 5 minutes, what
 * an exact version contains for a year, statistics until the next UTC midnight; errors are not cached.
 */
import type { FastifyReply } from 'fastify';
import { secondsUntilUtcMidnight } from '../../stats/periods.ts';

export type CacheClass = 'metadata' | 'immutable' | 'stats';

const FIVE_MINUTES = 300;
const ONE_YEAR = 31_536_000;

export function cacheFor(reply: FastifyReply, kind: CacheClass, now: Date): void {
  const maxAge = kind === 'metadata' ? FIVE_MINUTES : kind === 'immutable' ? ONE_YEAR : secondsUntilUtcMidnight(now);
  reply.header('cache-control', `public, max-age=${maxAge}${kind === 'immutable' ? ', immutable' : ''}`);
}

export const NO_STORE = 'no-cache, no-store, must-revalidate';
