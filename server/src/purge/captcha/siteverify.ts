/**
 * Hosted captchas (reCAPTCHA, hCaptcha, Turnstile) share one protocol: POST the secret, the token and
 * the client's address as a form to the provider's siteverify endpoint, which answers `{ success }`.
 */
import type { CaptchaVerifier } from './captchaVerifier.ts';

type HostedKind = 'recaptcha' | 'hcaptcha' | 'turnstile';

/** Each provider's own endpoints: where tokens are checked and where the page loads the widget. */
const PROVIDERS: Record<HostedKind, { verifyUrl: string; scriptUrl: string }> = {
  recaptcha: { verifyUrl: 'https://www.google.com/recaptcha/api/siteverify', scriptUrl: 'https://www.google.com/recaptcha/api.js' },
  hcaptcha: { verifyUrl: 'https://api.hcaptcha.com/siteverify', scriptUrl: 'https://js.hcaptcha.com/1/api.js' },
  turnstile: { verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js' },
};

export interface SiteverifyOptions {
  kind: HostedKind;
  secret: string;
  siteKey: string;
  verifyUrl?: string;
  timeoutMs: number;
}

export function createSiteverifyVerifier(options: SiteverifyOptions): CaptchaVerifier {
  const provider = PROVIDERS[options.kind];
  const verifyUrl = options.verifyUrl ?? provider.verifyUrl;
  return {
    widget: { kind: options.kind, siteKey: options.siteKey, scriptUrl: provider.scriptUrl },
    async verify(token, clientIp) {
      if (token === '' || token.length > 8192) return false;
      const form = new URLSearchParams({ secret: options.secret, response: token, remoteip: clientIp });
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        // The provider unreachable or answering nonsense: the purge is refused, not let through.
        return false;
      }
    },
  };
}
