/** The fronting CDNs this deployment has credentials for, in the order their results are listed. */
import type { Config } from '../../config/config.ts';
import { bunnyProvider } from './bunny.ts';
import { cloudflareProvider } from './cloudflare.ts';
import { fastlyProvider } from './fastly.ts';
import { gcoreProvider } from './gcore.ts';
import type { ProviderHttp, PurgeProvider } from './provider.ts';

export type { PurgeProvider, ProviderCode } from './provider.ts';

export function configuredProviders(config: Config, http: ProviderHttp = { fetch, timeoutMs: config.upstream.timeoutMs }): PurgeProvider[] {
  const { providers } = config.purge;
  const list: PurgeProvider[] = [];
  if (providers.bunny) list.push(bunnyProvider(providers.bunny, http));
  if (providers.cloudflare) list.push(cloudflareProvider(providers.cloudflare, http));
  if (providers.fastly) list.push(fastlyProvider(providers.fastly, http));
  if (providers.gcore) list.push(gcoreProvider(providers.gcore, http));
  return list;
}
