/** Renders the shell (or a part of its frame) in the test site at an address, as the browser would after start-up. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { DEFAULT_SITE_CONTENT, type SiteContent } from '@skylift/shared/config';
import type { RemotePages } from '@skylift/shared/pages';
import { setSiteContent } from '@skylift/shared/stores';
import { App } from '../App';
import { SiteProvider } from '../site/site';
import { testSite } from './testSite';

export const locationRef: { current: { pathname: string; hash: string } } = { current: { pathname: '', hash: '' } };

function LocationProbe() {
  const location = useLocation();
  locationRef.current = { pathname: location.pathname, hash: location.hash };
  return null;
}

export function renderInSite(ui: ReactNode, { path = '/', content, pages }: { path?: string; content?: SiteContent; pages?: RemotePages[] } = {}) {
  // As at start-up: the shell's own frame reads the site, and every remote the shared content store.
  setSiteContent(content ?? DEFAULT_SITE_CONTENT);
  return render(
    <SiteProvider site={testSite(content, pages)}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </SiteProvider>,
  );
}

export function renderShell(path: string, options: { content?: SiteContent } = {}) {
  return renderInSite(<App />, { path, ...options });
}
