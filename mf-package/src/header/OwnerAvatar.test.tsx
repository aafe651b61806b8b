import { render, screen } from '@testing-library/react';
import { resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing/runtimeConfigFixture';
import { packageOwner } from '../model/packageOwner';
import type { PackageRef } from '../model/packageRef';
import { PackageHeader } from './PackageHeader';

beforeEach(() => setRuntimeConfig(testRuntimeConfig()));
afterEach(() => resetRuntimeConfig());

const viaProxy = (url: string) => `${testRuntimeConfig().wwwUrl}/img?url=${encodeURIComponent(url)}`;

function renderHeader(pkg: PackageRef, repository: { url: string; path: string } | null) {
  const { container } = render(
    <PackageHeader pkg={pkg} description={null} versions={['1.0.0']} version="1.0.0" onVersionChange={() => undefined} owner={packageOwner(pkg, repository)} />,
  );
  return container.querySelector<HTMLImageElement>('img.pkg-owner__avatar');
}

test("an npm package's owner, from its GitHub repository, is shown with an avatar loaded through our image proxy", () => {
  const avatar = renderHeader({ type: 'npm', name: 'react' }, { url: 'https://github.com/facebook/react', path: 'facebook/react' });
  expect(avatar?.getAttribute('src')).toBe(viaProxy('https://github.com/facebook.png?size=64'));
  expect(screen.getByRole('link', { name: 'facebook' })).toHaveAttribute('href', 'https://github.com/facebook');
});

test("a repository's owner is its user, with the avatar through the proxy", () => {
  const avatar = renderHeader({ type: 'gh', name: 'octo/widgets' }, null);
  expect(avatar?.getAttribute('src')).toBe(viaProxy('https://github.com/octo.png?size=64'));
});

test('no owner is shown for an npm package whose repository is elsewhere or unknown', () => {
  expect(renderHeader({ type: 'npm', name: 'lib' }, { url: 'https://code.example.test/owner/lib', path: 'owner/lib' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'owner' })).toBeNull();
});
