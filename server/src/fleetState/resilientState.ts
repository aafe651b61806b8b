/**
 * Redis (or the SQLite file of one machine) must not take the CDN down: every call goes to the shared state,
 * and when that fails (Redis away, too slow, refusing; the file locked past its busy timeout, a full disk)
 * the failure is reported and this process answers on its own, from its memory state, as a single process
 * would. Messages published while Redis is away reach this process's subscribers only.
 */
import { MemoryState } from './memoryState.ts';
import type { AliasAnswer, HeldLock, MessageHandler, RateDecision, SharedState } from './types.ts';

export type FailureListener = (operation: string, error: unknown) => void;

export class ResilientState implements SharedState {
  readonly kind: SharedState['kind'];
  private readonly local = new MemoryState();

  constructor(
    private readonly shared: SharedState,
    private readonly onFailure: FailureListener,
  ) {
    this.kind = shared.kind;
  }

  private async attempt<T>(operation: string, shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      return await shared();
    } catch (error) {
      this.onFailure(operation, error);
      return local();
    }
  }

  alias(scope: string, alias: string): Promise<AliasAnswer | null> {
    return this.attempt(
      'alias',
      () => this.shared.alias(scope, alias),
      () => this.local.alias(scope, alias),
    );
  }

  claimAlias(scope: string, alias: string, proposed: { version: string; kind: string }, ttlMs: number): Promise<AliasAnswer> {
    return this.attempt(
      'claimAlias',
      () => this.shared.claimAlias(scope, alias, proposed, ttlMs),
      () => this.local.claimAlias(scope, alias, proposed, ttlMs),
    );
  }

  async purgeScope(scope: string, at: number): Promise<void> {
    // The local copy is forgotten too, so answers recorded while Redis was away do not outlive the purge.
    await this.local.purgeScope(scope, at);
    await this.attempt(
      'purgeScope',
      () => this.shared.purgeScope(scope, at),
      async () => undefined,
    );
  }

  async purgedAt(scope: string): Promise<number | null> {
    const [local, shared] = await Promise.all([
      this.local.purgedAt(scope),
      this.attempt(
        'purgedAt',
        () => this.shared.purgedAt(scope),
        async () => null,
      ),
    ]);
    return local === null ? shared : shared === null ? local : Math.max(local, shared);
  }

  tryLock(name: string, ttlMs: number): Promise<HeldLock | null> {
    return this.attempt(
      'tryLock',
      () => this.shared.tryLock(name, ttlMs),
      () => this.local.tryLock(name, ttlMs),
    );
  }

  waitForUnlock(name: string): Promise<void> {
    return this.attempt(
      'waitForUnlock',
      () => this.shared.waitForUnlock(name),
      () => this.local.waitForUnlock(name),
    );
  }

  takeRate(bucket: string, client: string, limit: number, windowMs: number): Promise<RateDecision> {
    return this.attempt(
      'takeRate',
      () => this.shared.takeRate(bucket, client, limit, windowMs),
      () => this.local.takeRate(bucket, client, limit, windowMs),
    );
  }

  passThrottle(key: string, at: number, throttleMs: number): Promise<boolean> {
    return this.attempt(
      'passThrottle',
      () => this.shared.passThrottle(key, at, throttleMs),
      () => this.local.passThrottle(key, at, throttleMs),
    );
  }

  getRecord(key: string): Promise<string | null> {
    return this.attempt(
      'getRecord',
      () => this.shared.getRecord(key),
      () => this.local.getRecord(key),
    );
  }

  async setRecord(key: string, value: string, ttlMs: number): Promise<void> {
    // Kept here as well: a record written while Redis was away can still be read back by this process.
    await this.local.setRecord(key, value, ttlMs);
    await this.attempt(
      'setRecord',
      () => this.shared.setRecord(key, value, ttlMs),
      async () => undefined,
    );
  }

  async addMember(set: string, member: string): Promise<void> {
    await this.local.addMember(set, member);
    await this.attempt(
      'addMember',
      () => this.shared.addMember(set, member),
      async () => undefined,
    );
  }

  async removeMember(set: string, member: string): Promise<void> {
    await this.local.removeMember(set, member);
    await this.attempt(
      'removeMember',
      () => this.shared.removeMember(set, member),
      async () => undefined,
    );
  }

  members(set: string): Promise<string[]> {
    return this.attempt(
      'members',
      () => this.shared.members(set),
      () => this.local.members(set),
    );
  }

  publish(channel: string, message: string): Promise<number> {
    return this.attempt(
      'publish',
      () => this.shared.publish(channel, message),
      () => this.local.publish(channel, message),
    );
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    const [local, shared] = await Promise.all([
      this.local.subscribe(channel, handler),
      this.attempt(
        'subscribe',
        () => this.shared.subscribe(channel, handler),
        async () => async () => undefined,
      ),
    ]);
    return async () => {
      await Promise.all([local(), shared()]);
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.shared.close(), this.local.close()]);
  }
}
