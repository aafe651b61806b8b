/**
 * What the shell knows about the deployment it runs in, from the boot document: the remotes, their pages
 * (routes, titles, menus), the site content and the frame's redirects. Read once at start-up.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { BootDocument, SiteContent } from '@skylift/shared/config';
import type { RemotePages, RemotesManifest } from '@skylift/shared/pages';
import { frameRedirects, type FrameRedirect } from '@skylift/shared/pages';

export interface Site {
  remotes: RemotesManifest;
  pages: RemotePages[];
  content: SiteContent;
  redirects: FrameRedirect[];
}

export function siteOf(boot: Pick<BootDocument, 'remotes' | 'pages' | 'content'>): Site {
  return { remotes: boot.remotes, pages: boot.pages, content: boot.content, redirects: frameRedirects(boot.content) };
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteProvider> around the shell.');
  return site;
}
