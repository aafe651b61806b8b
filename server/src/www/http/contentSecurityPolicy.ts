/**
 * The website's Content-Security-Policy: what its pages may load, connect to, frame and post to. Every
 * origin in it comes from the deployment: the remotes manifest (followed as it changes), the service URLs
 * of the configuration, the esm.run page's sandbox and module CDNs, the network-testing API the website's
 * content names, and the newsletter form of the operator's content. Nothing else is allowed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SiteContent } from '@skylift/shared/content/siteContent';
import type { Config } from '../../config/config.ts';
import { BENCHMARK_FRAME_SCRIPT } from '@skylift/shared/esm/benchmarkFrame';

/** What the esm.run page uses when the configuration names nothing (the page's own defaults, `mf-tools/src/esm/esmConfig.ts`). */
const ESM_TOOL_DEFAULTS = {
  sandboxUrl: 'https://jsfiddle.net/api/post/library/pure/',
  moduleCdnTemplates: ['https://esm.sh/{name}', 'https://cdn.skypack.dev/{name}'],
};

/** The website content's network-testing API (`mf-marketing/content/site.json`): its tool pages call it, its docs page draws its contract. */
export const SITE_JSON = fileURLToPath(new URL('../../../../mf-marketing/content/site.json', import.meta.url));

export interface NetworkToolOrigins {
  apiUrl: string | null;
  apiContractUrl: string | null;
}

export function readNetworkTool(file: string = SITE_JSON): NetworkToolOrigins {
  try {
    const site = JSON.parse(readFileSync(file, 'utf8')) as { networkTool?: Partial<NetworkToolOrigins> };
    const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    return { apiUrl: str(site.networkTool?.apiUrl), apiContractUrl: str(site.networkTool?.apiContractUrl) };
  } catch {
    return { apiUrl: null, apiContractUrl: null };
  }
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
 * The esm.run benchmark's frames are srcdoc documents, which inherit this policy, and run one fixed inline
 * module script each (shared/src/esm/benchmarkFrame.ts): allowed by its hash, so no other inline script is.
 */
export const BENCHMARK_FRAME_HASH = scriptHashSource(BENCHMARK_FRAME_SCRIPT);

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
  const moduleCdns = (config.esmTools?.moduleCdns?.map((cdn) => cdn.template) ?? ESM_TOOL_DEFAULTS.moduleCdnTemplates).map(originOf);
  const sandbox = originOf(config.esmTools?.sandboxUrl ?? ESM_TOOL_DEFAULTS.sandboxUrl);

  return [
    "default-src 'self'",
    // Remote entries and chunks; the CDN's +esm builds (the home page demo); the data service's reference
    // script in the contract frame; the module CDNs the esm.run benchmark imports from, and the one inline
    // script its frames run. No other inline script (the boot document is JSON, which is never run), no eval.
    `script-src ${sources("'self'", BENCHMARK_FRAME_HASH, ...remoteOrigins, cdn, data, ...moduleCdns)}`,
    // Styles injected by the remotes and the style attributes React writes.
    `style-src ${sources("'self'", "'unsafe-inline'", ...remoteOrigins, data)}`,
    // Readme images may come from anywhere; images cannot run script.
    'img-src * data: blob:',
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
    )}`,
    // The data API's reference page; the benchmark's frames.
    `frame-src ${sources("'self'", data, ...moduleCdns)}`,
    "worker-src 'self' blob:",
    // "Open in JSFiddle" and the newsletter form post elsewhere.
    `form-action ${sources("'self'", sandbox, originOf(content.links.newsletter))}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
