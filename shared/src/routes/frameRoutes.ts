/**
 * The frame's own addresses, which belong to no remote: old links that moved. The shell follows them in the
 * browser and the web server answers them with a redirect status, both from this one list.
 */
import type { SiteContent } from '../content/siteContent';

export interface FrameRedirect {
  path: string;
  /** A path on this site or an absolute URL. */
  to: string;
}

export function frameRedirects(content: SiteContent): FrameRedirect[] {
  const redirects: FrameRedirect[] = [
    { path: '/rawgit', to: '/' },
    { path: '/features', to: '/' },
  ];
  // The community link exists only where the deployment has a community to send people to.
  if (content.links.chat) redirects.push({ path: '/discord', to: content.links.chat });
  return redirects;
}

export const isExternal = (to: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(to);
