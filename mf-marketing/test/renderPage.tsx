import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { remotePagesOf, matchRoute } from '@skylift/shared/pages';
import { pages } from '../src/pages/index';

/**
 * Renders this remote's page for an address, as the shell would once the page's code has arrived: the page
 * that owns the address is loaded first, so the test sees the page itself, not its loading state.
 */
export async function renderPage(path: string) {
  const match = matchRoute(path, [remotePagesOf(pages)]);
  const definition = match?.kind === 'page' ? pages.pages.find((page) => page.path === match.page.path) : undefined;
  if (!definition) throw new Error(`No page of this remote owns ${path}.`);
  const Page = await definition.load();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={definition.path} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}
