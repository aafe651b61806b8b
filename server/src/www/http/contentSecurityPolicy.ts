/**
 * The website's Content-Security-Policy: what its pages may load, connect to, frame and post to. Every
 * origin in it comes from the deployment: the remotes manifest (followed as it changes), the service URLs
 * of the configuration, the esm.run page's sandbox and module CDNs, the network-testing API the website's
 * content names, and the newsletter form of the operator's content. Nothing else is allowed. Scripts come
 * only from the site, its remotes and the exact addresses its pages load from the other services: the
 * home page demo's one module of the CDN, the API reference's renderer (by default on the CDN), the data
 * API's script that loads it and, where the deployment chose
 * a hosted captcha, that provider's; never the whole CDN, never
 * another module CDN (the esm.run benchmark imports those in a frame with a policy of its own,
 * `benchmarkFrame.ts`).
 */
import { createHash } from 'node:crypto';
import type { SiteContent } from '@skylift/shared/config';
import type { Config } from '../../config/config.ts';
import { ESM_DEMO_MODULE_PATH } from '@skylift/shared/esm';

/** What the esm.run page uses when the configuration names nothing: the page's own defaults, repeated here. */
const ESM_TOOL_DEFAULTS = {
  sandboxUrl: 'https://jsfiddle.net/api/post/library/pure/',
  moduleCdnTemplates: ['https://esm.sh/{name}', 'https://cdn.skypack.dev/{name}'],
};

/**
 * The network-testing API the website's content names: its tool pages call it, its docs page draws its
 * contract. The content remote's build publishes it (site/publishedContent.ts).
 */
export interface NetworkToolOrigins {
  apiUrl: string | null;
  apiContractUrl: string | null;
}

/** The origin of an absolute http(s) URL (a CSP source expression), or null for anything else. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** A CSP hash source allowing one inline script, whose text must match exactly. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * The data API's script that starts a contract reference (in the frame of the network-testing API's reference
 * page, which inherits this policy); it loads the configured renderer (`config.referenceRenderer`).
 */
export const DATA_REFERENCE_SCRIPTS = ['/docs/init.js'];

/** The module CDNs the esm.run page compares and the sandbox it posts to: the configured ones, or the page's defaults. */
export function esmToolOrigins(config: Config): { moduleCdns: Array<string | null>; sandbox: string | null } {
  const moduleCdns = (config.esmTools?.moduleCdns?.map((cdn) => cdn.template) ?? ESM_TOOL_DEFAULTS.moduleCdnTemplates).map(originOf);
  return { moduleCdns, sandbox: originOf(config.esmTools?.sandboxUrl ?? ESM_TOOL_DEFAULTS.sandboxUrl) };
}

/**
 * What a hosted captcha's script needs on the purge page (each provider's published CSP guidance): the
 * script, what it loads next, and the frame it draws the challenge in. Allowed only when the deployment chose
 * that captcha (`SKYLIFT_CAPTCHA`); the default, ALTCHA, is served by our purge service and needs none.
 */
const HOSTED_CAPTCHA_SOURCES: Record<'recaptcha' | 'hcaptcha' | 'turnstile', { script: string[]; frame: string[]; connect: string[] }> = {
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: [],
  },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'], connect: [] },
};

function hostedCaptchaSources(config: Config): { script: string[]; frame: string[]; connect: string[] } {
  const kind = config.purge.captcha.kind;
  return kind === 'altcha' ? { script: [], frame: [], connect: [] } : HOSTED_CAPTCHA_SOURCES[kind];
}

const sources = (...values: Array<string | null | undefined>): string => [...new Set(values.filter((value): value is string => !!value))].join(' ');

export interface PolicyInputs {
  config: Config;
  /** Remote name -> URL of its mf-manifest.json, as the shell will load them. */
  remotes: Record<string, string>;
  content: SiteContent;
  networkTool: NetworkToolOrigins;
}

export function contentSecurityPolicy({ config, remotes, content, networkTool }: PolicyInputs): string {
  const services = config.services;
  const cdn = originOf(services.cdn.publicUrl);
  const data = originOf(services.data.publicUrl);
  const remoteOrigins = Object.values(remotes).map(originOf);
  const { moduleCdns, sandbox } = esmToolOrigins(config);
  const captcha = hostedCaptchaSources(config);

  return [
    "default-src 'self'",
    // Remote entries and chunks; the one module of the CDN the home page demo imports; the reference renderer
    // and the data service's script loading it, in the contract frame. No inline script (the boot
    // document is JSON, which is never run), no eval.
    `script-src ${sources(
      "'self'",
      ...remoteOrigins,
      cdn && `${cdn}${ESM_DEMO_MODULE_PATH}`,
      config.referenceRenderer.url,
      ...DATA_REFERENCE_SCRIPTS.map((path) => data && `${data}${path}`),
      ...captcha.script,
    )}`,
    // Styles injected by the remotes and the style attributes React writes.
    `style-src ${sources("'self'", "'unsafe-inline'", ...remoteOrigins, data)}`,
    // Images of other hosts (readmes, avatars) come through our image proxy on the site itself; the CDN serves
    // packages' own images and the data API the badges. The operator's sponsor and provider logos are the
    // one other source, named in the content.
    `img-src ${sources(
      "'self'",
      'data:',
      ...remoteOrigins,
      cdn,
      data,
      ...content.sponsors.map((sponsor) => originOf(sponsor.logo)),
      ...content.providers.map((provider) => originOf(provider.logo)),
    )}`,
    `font-src ${sources("'self'", 'data:', ...remoteOrigins, cdn, data)}`,
    `connect-src ${sources(
      "'self'",
      ...remoteOrigins,
      cdn,
      data,
      originOf(services.search.publicUrl),
      originOf(config.search.hostUrl),
      originOf(services.purge.publicUrl),
      originOf(services.esmrun.publicUrl),
      originOf(networkTool.apiUrl),
      originOf(networkTool.apiContractUrl),
      ...moduleCdns,
      ...captcha.connect,
    )}`,
    // The data API's reference page; the benchmark's frames (a document of the site's own).
    `frame-src ${sources("'self'", data, ...captcha.frame)}`,
    "worker-src 'self' blob:",
    // "Open in JSFiddle" and the newsletter form post elsewhere.
    `form-action ${sources("'self'", sandbox, originOf(content.links.newsletter))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
