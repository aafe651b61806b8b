/**
 * Aliases (ranges, dist-tags, `latest`, tags of repositories, branch heads) answered alike by every instance
 * of a fleet: the first instance to resolve one records its answer in the shared state for the alias's
 * lifetime, and the others answer that version until it expires or the package is purged. Answers are also
 * kept in this process until they expire, so the hot path stays a memory read.
 */
import { LRUCache } from 'lru-cache';
import type { AliasAnswer, SharedState } from '../../fleetState/index.ts';

export interface AliasResolution {
  version: string;
  kind: string;
  /** Resolved from the last known document while the upstream is away: not recorded for the fleet. */
  stale: boolean;
}

export class SharedAliases {
  /** By `${scope}\n${alias}`: one bounded cache, however many distinct ranges clients send for one package. */
  private readonly memo = new LRUCache<string, AliasAnswer>({ max: 50_000 });

  constructor(
    private readonly state: SharedState,
    private readonly ttlMs: number,
  ) {}

  /**
   * The answer of `alias` in package `scope` (`npm:<name>`, `gh:<repo>`): the fleet's while it lives,
   * otherwise `resolve(purgedAt)`'s, recorded unless another instance recorded one first.
   */
  async resolve(scope: string, alias: string, resolve: (purgedAt: number | null) => Promise<AliasResolution>): Promise<AliasResolution> {
    const known = this.memo.get(memoKey(scope, alias));
    if (known && known.expiresAt > Date.now()) return { version: known.version, kind: known.kind, stale: false };
    const shared = await this.state.alias(scope, alias);
    if (shared) return this.remember(scope, alias, shared);
    const own = await resolve(await this.state.purgedAt(scope));
    if (own.stale || this.ttlMs <= 0) return own;
    return this.remember(scope, alias, await this.state.claimAlias(scope, alias, own, this.ttlMs));
  }

  /** Forgets the package's answers here and in the fleet, and marks its documents stale from now (purge). */
  async purge(scope: string): Promise<void> {
    const prefix = memoKey(scope, '');
    for (const key of [...this.memo.keys()]) if (key.startsWith(prefix)) this.memo.delete(key);
    await this.state.purgeScope(scope, Date.now());
  }

  private remember(scope: string, alias: string, answer: AliasAnswer): AliasResolution {
    this.memo.set(memoKey(scope, alias), answer);
    return { version: answer.version, kind: answer.kind, stale: false };
  }
}

const memoKey = (scope: string, alias: string): string => `${scope}\n${alias}`;
