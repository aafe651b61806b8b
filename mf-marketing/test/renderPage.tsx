import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageRoutes } from '@skylift/shared/federation/index';
import { pages } from '../src/pages/index';

/** Renders this remote's page for an address, as the shell would. */
export function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageRoutes pages={pages} />
    </MemoryRouter>,
  );
}
