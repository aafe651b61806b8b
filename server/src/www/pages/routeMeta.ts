/**
 * What the web server answers for a page address: a redirect, or the shell's page with the title,
 * description and share metadata of the route, read from the same route table the shell routes with.
 */
import { BRAND } from '@skylift/shared/brand';
import { matchRoute } from '@skylift/shared/routes/matchRoute';
import type { PageRoute } from '@skylift/shared/routes/routeTable';
import { packagePageDescription, packagePageTitle } from '@skylift/shared/meta/packagePageMeta';
import { packageShareImagePath } from '../share/sharePaths.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page as requested (path only, no query). */
  url: string;
  /** Absent on pages that must not be indexed. */
  canonicalUrl?: string;
  imageUrl: string;
  siteName: string;
  noindex: boolean;
}

export type PageDecision =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; status: 200 | 404; meta: PageMeta };

export interface SiteUrls {
  wwwUrl: string;
  /** Path of the default share image on the web server. */
  defaultImagePath: string;
}

/** The same title the shell's 404 page sets, so the tab does not change as the page starts. */
export const NOT_FOUND_TITLE = `Page not found - ${BRAND.name}`;
export const NOT_FOUND_DESCRIPTION = 'There is no page at this address.';

/**
 * Package pages carry the package's own title (spec 000 §2, package view) and npm packages their own share
 * image, which the address alone determines.
 */
function titleAndDescription(route: PageRoute, params: Record<string, string>): { title: string; description: string; imagePath?: string } {
  if (route.path === '/package/npm/:scope?/:name') {
    const name = params['scope'] ? `${params['scope']}/${params['name'] ?? ''}` : (params['name'] ?? '');
    return {
      title: packagePageTitle(name),
      description: packagePageDescription('npm', name),
      imagePath: packageShareImagePath(name),
    };
  }
  if (route.path === '/package/gh/:user/:repo') {
    const name = `${params['user'] ?? ''}/${params['repo'] ?? ''}`;
    return {
      title: packagePageTitle(name),
      description: packagePageDescription('gh', name),
    };
  }
  return { title: route.title, description: route.description };
}

export function decidePage(pathname: string, site: SiteUrls): PageDecision {
  const url = new URL(pathname, `${site.wwwUrl}/`).href;
  const imageUrl = new URL(site.defaultImagePath, `${site.wwwUrl}/`).href;
  // The path arrives decoded; the matcher decodes parameters itself, so hand it each segment encoded once.
  const match = matchRoute(pathname.split('/').map(encodeURIComponent).join('/'));
  if (match?.route.kind === 'redirect') {
    const external = /^[a-z][a-z0-9+.-]*:/i.test(match.route.to);
    // In-site moves are permanent; an external community link may change, so browsers must not remember it.
    return { kind: 'redirect', status: external ? 302 : 301, location: match.route.to };
  }
  if (match?.route.kind === 'page') {
    const { title, description, imagePath } = titleAndDescription(match.route, match.params);
    const canonicalPath = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return {
      kind: 'page',
      status: 200,
      meta: {
        title,
        description,
        url,
        canonicalUrl: new URL(canonicalPath, `${site.wwwUrl}/`).href,
        imageUrl: imagePath ? new URL(imagePath, `${site.wwwUrl}/`).href : imageUrl,
        siteName: BRAND.name,
        noindex: false,
      },
    };
  }
  return {
    kind: 'page',
    status: 404,
    meta: { title: NOT_FOUND_TITLE, description: NOT_FOUND_DESCRIPTION, url, imageUrl, siteName: BRAND.name, noindex: true },
  };
}
