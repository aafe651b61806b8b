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

test('embeds the data service’s reference and links to it and to the contract', () => {
  setRuntimeConfig(config);
  render(
    <MemoryRouter>
      <DataApiDocsPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Data API documentation');
  expect(screen.getByTitle('Data API reference')).toHaveAttribute('src', 'http://data.test/docs');
  expect(screen.getByRole('link', { name: /reference in its own tab/ })).toHaveAttribute('href', 'http://data.test/docs');
  expect(screen.getByRole('link', { name: /OpenAPI contract/ })).toHaveAttribute('href', 'http://data.test/v1/spec.yaml');
});
