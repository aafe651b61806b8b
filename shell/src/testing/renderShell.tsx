/** Renders the shell (or a part of its frame) in the test site at an address, as the browser would after start-up. */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { SiteContent } from '@skylift/shared/content/siteContent';
import { App } from '../App';
import { SiteProvider } from '../site/site';
import { testSite } from './testSite';

export const locationRef: { current: { pathname: string; hash: string } } = { current: { pathname: '', hash: '' } };

function LocationProbe() {
  const location = useLocation();
  locationRef.current = { pathname: location.pathname, hash: location.hash };
  return null;
}

export function renderInSite(ui: ReactNode, { path = '/', content }: { path?: string; content?: SiteContent } = {}) {
  return render(
    <SiteProvider site={testSite(content)}>
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
