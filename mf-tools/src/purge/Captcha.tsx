/**
 * The captcha step of the purge tool. The purge service says which captcha it checks: the self-hosted
 * proof of work (the `<altcha-widget>` element, which fetches its challenge from the purge service) or a
 * hosted one (reCAPTCHA, hCaptcha, Turnstile: the provider's script renders it). `onSolved` gets the token.
 */
import { useEffect, useRef } from 'react';
import { Notice, Spinner, useAsync } from '@skylift/shared';
import { loadAltcha } from './loadAltcha';
import { getCaptchaWidget, type CaptchaWidget } from './purgeClient';

export const CAPTCHA_LOAD_ERROR = 'The captcha could not be loaded. Try again in a moment.';

/** The global render functions the hosted captchas' scripts define. */
type HostedApi = { render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => unknown };
const HOSTED: Record<'recaptcha' | 'hcaptcha' | 'turnstile', { global: string; className: string }> = {
  recaptcha: { global: 'grecaptcha', className: 'g-recaptcha' },
  hcaptcha: { global: 'hcaptcha', className: 'h-captcha' },
  turnstile: { global: 'turnstile', className: 'cf-turnstile' },
};
const CALLBACK = 'purgeCaptchaSolved';

function mountHosted(container: HTMLElement, widget: Extract<CaptchaWidget, { siteKey: string }>, onSolved: (token: string) => void): () => void {
  const { global, className } = HOSTED[widget.kind];
  const element = document.createElement('div');
  element.className = className;
  element.dataset['sitekey'] = widget.siteKey;
  element.dataset['callback'] = CALLBACK;
  container.appendChild(element);
  const scope = window as unknown as Record<string, unknown>;
  scope[CALLBACK] = onSolved;
  const api = scope[global] as HostedApi | undefined;
  if (api?.render) {
    api.render(element, { sitekey: widget.siteKey, callback: onSolved });
  } else if (!document.querySelector(`script[src="${widget.scriptUrl}"]`)) {
    // The provider's script renders every element of its class once it has loaded.
    const script = document.createElement('script');
    script.src = widget.scriptUrl;
    script.async = true;
    document.head.appendChild(script);
  }
  return () => {
    element.remove();
    if (scope[CALLBACK] === onSolved) delete scope[CALLBACK];
  };
}

function mountAltcha(container: HTMLElement, challengeUrl: string, onSolved: (token: string) => void): () => void {
  const element = document.createElement('altcha-widget');
  element.setAttribute('challenge', challengeUrl);
  element.setAttribute('name', 'captcha');
  const onVerified = (event: Event): void => {
    const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
    if (payload) onSolved(payload);
  };
  element.addEventListener('verified', onVerified);
  container.appendChild(element);
  return () => {
    element.removeEventListener('verified', onVerified);
    element.remove();
  };
}

/** Which captcha the purge service checks, with the altcha element defined when it is that one. */
async function loadWidget(purgeUrl: string): Promise<CaptchaWidget> {
  const widget = await getCaptchaWidget(purgeUrl);
  if (widget.kind === 'altcha') await loadAltcha();
  return widget;
}

export function Captcha({ purgeUrl, onSolved }: { purgeUrl: string; onSolved: (token: string) => void }) {
  const widget = useAsync(() => loadWidget(purgeUrl), [purgeUrl]);
  const container = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;

  useEffect(() => {
    const element = container.current;
    if (widget.status !== 'ok' || !element) return undefined;
    const onToken = (token: string): void => solved.current(token);
    return widget.value.kind === 'altcha' ? mountAltcha(element, widget.value.challengeUrl, onToken) : mountHosted(element, widget.value, onToken);
  }, [widget]);

  const state = widget.status === 'ok' ? 'ready' : widget.status === 'error' ? 'failed' : 'loading';

  return (
    <div aria-label="Captcha" role="group">
      {state === 'loading' && <Spinner label="Loading the captcha..." showLabel />}
      {state === 'failed' && <Notice variant="error">{CAPTCHA_LOAD_ERROR}</Notice>}
      <div ref={container} data-testid="captcha-widget" />
    </div>
  );
}
