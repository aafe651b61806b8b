/**
 * What the web server answers for a page address: a redirect, or the shell's page with the title,
 * description and share metadata the owning remote declares, found with the same matcher the shell routes
 * with, so a path no remote claims is a 404 here and in the browser alike.
 */
import { BRAND } from '@skylift/shared/brand';
import { fillTemplate, type RemotePages, isExternal, type FrameRedirect, matchRoute, normalisePathname } from '@skylift/shared/pages';
import { packageOfPage } from '../share/packageFacts.ts';
import { packageShareImagePath } from '../share/sharePaths.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** The heading the page opens with, when its remote declares one: drawn in the first paint. */
  heading?: string;
  /** Absolute URL of the page as requested (path only, no query). */
  url: string;
  /** Absent on pages that must not be indexed. */
  canonicalUrl?: string;
  imageUrl: string;
  siteName: string;
  noindex: boolean;
  /** Addresses the page's code will fetch first, which the browser may fetch meanwhile (`<link rel="preload">`). */
  preload?: string[];
}

export type PageDecision = { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'page'; status: 200 | 404; meta: PageMeta };

export interface SiteUrls {
  wwwUrl: string;
  /** Path of the default share image on the web server. */
  defaultImagePath: string;
}

export interface SiteRoutes {
  pages: readonly RemotePages[];
  redirects: readonly FrameRedirect[];
}

/** The same title the shell's 404 page sets, so the tab does not change as the page starts. */
export const NOT_FOUND_TITLE = `Page not found - ${BRAND.name}`;
export const NOT_FOUND_DESCRIPTION = 'There is no page at this address.';

export function decidePage(pathname: string, site: SiteUrls, routes: SiteRoutes): PageDecision {
  const absolute = (relative: string): string => new URL(relative, `${site.wwwUrl}/`).href;
  const url = absolute(pathname);
  const imageUrl = absolute(site.defaultImagePath);
  // The path arrives decoded; the matcher decodes parameters itself, so hand it each segment encoded once.
  const match = matchRoute(pathname.split('/').map(encodeURIComponent).join('/'), routes.pages, routes.redirects);
  if (match?.kind === 'redirect') {
    const { to } = match.redirect;
    // In-site moves are permanent; an external community link may change, so browsers must not remember it.
    return { kind: 'redirect', status: isExternal(to) ? 302 : 301, location: to };
  }
  if (match?.kind === 'page') {
    // An npm package has its own share image, which the address alone determines.
    const pkg = packageOfPage(pathname);
    return {
      kind: 'page',
      status: 200,
      meta: {
        title: fillTemplate(match.page.title, match.params),
        description: fillTemplate(match.page.description, match.params),
        ...(match.page.heading ? { heading: fillTemplate(match.page.heading, match.params) } : {}),
        url,
        canonicalUrl: absolute(normalisePathname(pathname)),
        imageUrl: pkg?.type === 'npm' ? absolute(packageShareImagePath(pkg.name)) : imageUrl,
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
