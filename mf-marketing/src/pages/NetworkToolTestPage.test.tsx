import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { PageRoutes } from '@skylift/shared/federation';
import { pages } from './index';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageRoutes declaration={pages} />
    </MemoryRouter>,
  );

test.each([
  ['/globalping/network-tools/ping', `${BRAND.networkTool} PING`],
  ['/globalping/network-tools/dns-from-europe', `${BRAND.networkTool} DNS from Europe`],
  ['/globalping/network-tools/http-from-amazoncom-inc', `${BRAND.networkTool} HTTP from Amazon.com, Inc.`],
])('%s is headed %s', async (path, heading) => {
  renderAt(path);
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(heading);
});

test('a policy page names the policy', async () => {
  renderAt('/terms/privacy-policy');
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Privacy policy');
});
