/**
 * The hosts the image proxy fetches from, and the rewrite the readme renderer applies with them: the
 * configured hosts plus the one readme images a package left out are taken from (the code host's raw files,
 * `SKYLIFT_GITHUB_RAW`), so the renderer never links an image the proxy would refuse.
 */
import { IMAGE_PROXY_PATH, proxiedImageUrl, type ImageOrigins } from '@skylift/shared/format';
import type { Config } from '../../config/config.ts';
import { AllowedImageHosts } from './allowedHosts.ts';

export function imageProxyHosts(config: Pick<Config, 'imageProxy' | 'upstream'>): AllowedImageHosts {
  let rawHost: string[] = [];
  try {
    rawHost = [new URL(config.upstream.githubRaw).host];
  } catch {
    // No raw file host: readme images a package left out are not shown at all.
  }
  return new AllowedImageHosts([...config.imageProxy.hosts, ...rawHost]);
}

/**
 * An absolute image address as a readme shows it: ours unchanged, an allowed host's through the proxy, null
 * for any other (the renderer shows the image's text instead).
 */
export function readmeImageProxy(hosts: AllowedImageHosts, origins: ImageOrigins): (url: string) => string | null {
  const proxyPrefix = `${origins.wwwUrl.replace(/\/+$/, '')}${IMAGE_PROXY_PATH}?`;
  return (url) => {
    const shown = proxiedImageUrl(url, origins);
    if (shown === null || !shown.startsWith(proxyPrefix)) return shown;
    return hosts.check(new URL(shown).searchParams.get('url') ?? '').ok ? shown : null;
  };
}
