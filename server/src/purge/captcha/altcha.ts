/**
 * The self-hosted proof-of-work captcha (ALTCHA): the page's widget fetches a signed challenge, spends a
 * moment of CPU finding the counter, and sends back a payload this module checks. Each challenge expires
 * after a few minutes and is accepted once.
 */
import crypto from 'node:crypto';
import { CappedMap, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import type { CaptchaVerifier } from './captchaVerifier.ts';

export interface AltchaOptions {
  /** Signs challenges; random per process when not configured (challenges then die with the process). */
  hmacKey: string | undefined;
  challengeUrl: string;
  /** Counters the client must try, at most: the work asked of a browser. */
  maxCounter?: number;
  expiresInSeconds?: number;
  /**
   * Records a used challenge id for `ttlMs` and answers whether it was unused, in one atomic step shared by
   * every process that accepts these challenges (`usedChallengesIn(sharedState)`). Without it the record is
   * this verifier's own memory, and a challenge could be spent once per process.
   */
  markUsed?: (id: string, ttlMs: number) => Promise<boolean>;
}

const ALGORITHM = 'SHA-256';

/** The record of used challenges `verify` consults. */
type UsedStore = NonNullable<Parameters<typeof verify>[4]>;

export function createAltchaVerifier(options: AltchaOptions): CaptchaVerifier & { challenge(): Promise<unknown> } {
  const hmacKey = options.hmacKey ?? crypto.randomBytes(32).toString('hex');
  const maxCounter = options.maxCounter ?? 200_000;
  const expiresIn = options.expiresInSeconds ?? 600;
  // Payloads already accepted, so one solved challenge cannot purge twice; bounded in size.
  const markUsed = options.markUsed;
  const used: UsedStore = markUsed
    ? {
        // Kept as long as the challenge can verify; after that its signature's expiry refuses it anyway.
        setIfAbsent: (id: string) => markUsed(id, expiresIn * 1000),
        // altcha-lib calls setIfAbsent when a store has it, and only falls back to get and set without it.
        get: () => false,
        set: (id: string) => markUsed(id, expiresIn * 1000),
      }
    : new CappedMap<string, boolean>({ maxSize: 50_000 });

  return {
    widget: { kind: 'altcha', challengeUrl: options.challengeUrl },
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + expiresIn * 1000),
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: hmacKey,
      }),
    async verify(token) {
      if (token.length > 8192) return false;
      const result = await verify(token, deriveKey, hmacKey, hmacKey, used);
      return result.error === null;
    },
  };
}
