/** What a captcha is to the purge service, whichever kind checks it (`altcha.ts`, `siteverify.ts`; chosen in `verifier.ts`). */

/** What the page needs to show the captcha: served at GET /captcha. */
export type CaptchaWidget = { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha' | 'hcaptcha' | 'turnstile'; siteKey: string; scriptUrl: string };

export interface CaptchaVerifier {
  widget: CaptchaWidget;
  /** Whether the token the widget produced is genuine (and not used before). Never throws for a bad token. */
  verify(token: string, clientIp: string): Promise<boolean>;
  /** A fresh proof-of-work challenge (self-hosted kind only). */
  challenge?(): Promise<unknown>;
}
