/**
 * The hosts the image proxy fetches from, and the rewrite the readme renderer applies with them: the
 * configured hosts plus the one readme images a package left out are taken from (the code host's raw files,
 * `SKYLIFT_GITHUB_RAW`), so the renderer never links an image the proxy would refuse, and the one owners'
 * avatars are on (`SKYLIFT_GITHUB_WEB`).
 */
import { IMAGE_PROXY_PATH, proxiedImageUrl, type ImageOrigins } from '@skylift/shared/format';
import type { Config } from '../../config/config.ts';
import { AllowedImageHosts } from './allowedHosts.ts';

export function imageProxyHosts(config: Pick<Config, 'imageProxy' | 'upstream'>): AllowedImageHosts {
  const hostOf = (url: string): string[] => {
    try {
      return [new URL(url).host];
    } catch {
      // None configured: what would come from there (readme images a package left out, avatars) is not shown.
      return [];
    }
  };
  return new AllowedImageHosts([...config.imageProxy.hosts, ...hostOf(config.upstream.githubRaw), ...hostOf(config.upstream.githubWeb)]);
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
