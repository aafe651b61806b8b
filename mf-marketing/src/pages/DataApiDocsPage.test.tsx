import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@skylift/shared';
import { DataApiDocsPage } from './DataApiDocsPage';

const config: RuntimeConfig = {
  brand: 'Skylift',
  wwwUrl: 'http://www.test',
  cdnUrl: 'http://cdn.test',
  dataApiUrl: 'http://data.test/',
  purgeUrl: 'http://purge.test',
  esmRunUrl: 'http://esm.test',
  search: { appId: 'A', apiKey: 'k', indexName: 'npm-search', hostUrl: 'http://search.test' },
  remotesManifestUrl: '/remotes.json',
};

afterEach(() => resetRuntimeConfig());

test('links to the data service’s own documentation and contract', () => {
  setRuntimeConfig(config);
  render(
    <MemoryRouter>
      <DataApiDocsPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: /API documentation/ })).toHaveAttribute('href', 'http://data.test/docs');
  expect(screen.getByRole('link', { name: /OpenAPI contract/ })).toHaveAttribute('href', 'http://data.test/v1/spec.yaml');
});
