/**
 * The captcha a purge must pass, chosen by configuration: a self-hosted proof of work by default (no
 * third-party account needed), or a hosted captcha checked through the siteverify protocol.
 */
import type { Config } from '../../config/config.ts';
import type { SharedState } from '../../fleetState/index.ts';
import { createAltchaVerifier } from './altcha.ts';
import type { CaptchaVerifier } from './captchaVerifier.ts';
import { createSiteverifyVerifier } from './siteverify.ts';

/**
 * The record of used proof-of-work challenges in the shared state, so that every purge process (of this
 * machine, or of the fleet with Redis) accepts a challenge once: passing the throttle of its id is the
 * atomic "not used before".
 */
export function usedChallengesIn(state: Pick<SharedState, 'passThrottle'>): (id: string, ttlMs: number) => Promise<boolean> {
  return (id, ttlMs) => {
    const now = Date.now();
    return state.passThrottle(`captcha-used:${id}`, now, ttlMs);
  };
}

export function createVerifier(config: Config, options: { markUsed?: (id: string, ttlMs: number) => Promise<boolean> } = {}): CaptchaVerifier {
  const { captcha } = config.purge;
  if (captcha.kind === 'altcha') {
    return createAltchaVerifier({
      hmacKey: captcha.altchaHmacKey,
      challengeUrl: `${config.services.purge.publicUrl}/captcha/challenge`,
      markUsed: options.markUsed,
    });
  }
  return createSiteverifyVerifier({
    kind: captcha.kind,
    secret: captcha.secret!,
    siteKey: captcha.siteKey ?? '',
    verifyUrl: captcha.verifyUrl,
    timeoutMs: config.upstream.timeoutMs,
  });
}
