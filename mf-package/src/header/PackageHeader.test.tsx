import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { PackageHeader } from './PackageHeader';

// About as many versions as react has: releases plus thousands of canaries, in publish order.
const RELEASES = Array.from({ length: 20 }, (_, major) => Array.from({ length: 10 }, (__, minor) => `${major}.${minor}.0`)).flat();
const CANARIES = Array.from({ length: 2763 }, (_, n) => `19.3.0-canary-${n.toString(16).padStart(8, '0')}-2025${String(1 + (n % 12)).padStart(2, '0')}01`);
const VERSIONS = [...RELEASES, ...CANARIES];

function renderHeader(version = '19.9.0') {
  const onVersionChange = jest.fn();
  render(<PackageHeader pkg={{ type: 'npm', name: 'react' }} description={null} versions={VERSIONS} version={version} onVersionChange={onVersionChange} />);
  return onVersionChange;
}

const activeOption = () => {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the version dropdown with thousands of versions', () => {
  it('lists releases by semver with the prereleases folded, a page at a time', async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(VERSIONS).toHaveLength(2963);
    await user.click(screen.getByRole('button', { name: 'Version: 19.9.0' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['19.9.0', '19.8.0', '19.7.0']);
    expect(options).toContain('Show 2763 prereleases of 19.3.0');
    expect(options.some((label) => label?.includes('canary'))).toBe(false);
    expect(options.length).toBeLessThanOrEqual(101);
  });

  it('filters by prefix from the keyboard: "18" leads with 18.x and Enter picks it', async () => {
    const user = userEvent.setup();
    const onVersionChange = renderHeader();
    screen.getByRole('button', { name: 'Version: 19.9.0' }).focus();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('18');
    expect(activeOption()).toBe('18.9.0');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onVersionChange).toHaveBeenCalledWith('18.7.0');
  });

  it('unfolds a release’s prereleases on request and shows those of a selected prerelease', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Version: 19.9.0' }));
    await user.click(screen.getByRole('option', { name: 'Show 2763 prereleases of 19.3.0' }));
    expect(screen.getByRole('option', { name: 'Hide prereleases of 19.3.0' })).toBeInTheDocument();
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    const at = options.indexOf('Hide prereleases of 19.3.0');
    // Newest build first.
    expect(options[at + 1]).toMatch(/^19\.3\.0-canary-.*-20251201$/);
  });

  it('opens on a selected canary with its group unfolded', async () => {
    const user = userEvent.setup();
    renderHeader(CANARIES[5]!);
    await user.click(screen.getByRole('button', { name: `Version: ${CANARIES[5]}` }));
    expect(screen.getByRole('option', { name: CANARIES[5] })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the owner', () => {
  const owner = { name: 'lodash', link: 'https://github.com/lodash', avatar: 'https://github.com/lodash.png?size=64' };
  const renderOwner = () =>
    render(
      <PackageHeader
        pkg={{ type: 'npm', name: 'lodash' }}
        description={null}
        versions={['4.17.21']}
        version="4.17.21"
        onVersionChange={jest.fn()}
        owner={owner}
      />,
    );

  beforeEach(() => setRuntimeConfig(testRuntimeConfig()));

  it('links to their page on the code host, the avatar loaded through our image proxy', () => {
    renderOwner();
    const link = screen.getByRole('link', { name: 'lodash' });
    expect(link).toHaveAttribute('href', 'https://github.com/lodash');
    expect(link.querySelector('img')).toHaveAttribute('src', `${testRuntimeConfig().wwwUrl}/img?url=${encodeURIComponent(owner.avatar)}`);
  });

  it('keeps the name alone when the avatar cannot load', () => {
    renderOwner();
    const image = screen.getByRole('link', { name: 'lodash' }).querySelector('img')!;
    fireEvent.error(image);
    expect(screen.getByRole('link', { name: 'lodash' }).querySelector('img')).toBeNull();
  });
});
