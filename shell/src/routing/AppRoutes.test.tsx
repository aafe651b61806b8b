import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND } from '@skylift/shared';
import { fillTemplate, type RemoteName, matchPattern } from '@skylift/shared/pages';
import { loadRemoteModule, registerRemoteManifest } from '../remotes/loadRemoteModule';
import { fakePagesModule } from '../testing/fakeRemotes';
import { installFakeSite } from '../testing/fakeSite';
import { locationRef, renderShell } from '../testing/renderShell';
import { forgetLoadedPages } from '../remotes/loadRemotePages';
import { resetRemoteRegistry } from '../startup/remoteRegistry';
import { FULL_CONTENT, TEST_PAGES, TEST_REMOTES } from '../testing/testSite';
import { leaveSiteFor } from './fullPageNavigation';
import { reloadForNewDeployment } from '../remotes/reloadForNewDeployment';

jest.mock('../remotes/loadRemoteModule', () => ({
  loadRemoteModule: jest.fn(),
  registerRemoteManifest: jest.fn(),
}));
jest.mock('./fullPageNavigation', () => ({ leaveSiteFor: jest.fn() }));
jest.mock('../remotes/reloadForNewDeployment', () => ({ reloadForNewDeployment: jest.fn(() => true) }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

beforeEach(() => {
  installFakeSite();
  forgetLoadedPages();
  resetRemoteRegistry();
  (registerRemoteManifest as jest.Mock).mockClear();
  (leaveSiteFor as jest.Mock).mockClear();
  load.mockReset();
  load.mockImplementation(async (remote) => fakePagesModule(remote) as never);
  window.scrollTo = jest.fn();
});

describe('every page the remotes declare', () => {
  for (const { remote, pages } of TEST_PAGES) {
    for (const page of pages) {
      const path = page.example ?? page.path;
      test(`${path} renders ${remote}'s page for ${page.path}, with its title`, async () => {
        renderShell(path);
        expect(await screen.findByRole('heading', { level: 1, name: `${remote} page ${page.path}` })).toBeInTheDocument();
        expect(load).toHaveBeenCalledWith(remote, './pages', { fresh: false });
        const params = matchPattern(page.path, path) ?? {};
        expect(document.title).toBe(fillTemplate(page.title, params));
        expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', fillTemplate(page.description, params));
        // Inside the frame.
        expect(screen.getByRole('banner')).toBeInTheDocument();
        expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      });
    }
  }

  test('a title is filled in from the address', async () => {
    renderShell('/package/npm/@babel/core');
    expect(await screen.findByRole('heading', { name: 'mf-package page /package/npm/:scope/:name' })).toBeInTheDocument();
    expect(document.title).toBe('@babel/core package');
  });
});

describe('redirects', () => {
  for (const from of ['/rawgit', '/features']) {
    test(`${from} goes to the home page`, async () => {
      renderShell(from);
      expect(await screen.findByRole('heading', { name: 'mf-search page /' })).toBeInTheDocument();
      expect(locationRef.current.pathname).toBe('/');
    });
  }

  test('/discord leaves for the chat community the deployment names, with a full page load', async () => {
    renderShell('/discord', { content: FULL_CONTENT });
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(FULL_CONTENT.links.chat));
  });

  test('/discord is no page where the deployment names no chat community', async () => {
    renderShell('/discord');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(leaveSiteFor).not.toHaveBeenCalled();
  });

  test('/ with a hash goes to the package page the hash names', async () => {
    renderShell('/#!jquery');
    await waitFor(() => expect(locationRef.current.pathname).toBe('/package/npm/jquery'));
  });

  test('a hash on another page is left alone', async () => {
    renderShell('/about#people');
    expect(await screen.findByRole('heading', { name: 'mf-marketing page /about' })).toBeInTheDocument();
    expect(locationRef.current).toEqual({ pathname: '/about', hash: '#people' });
  });
});

describe('the 404 page', () => {
  for (const path of ['/no/such/page', '/globalping/network-tools/teleport', '/package/npm/x/y', '/statistics/extra']) {
    test(`${path} shows the 404 page inside the frame`, async () => {
      renderShell(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      expect(document.title).toBe(`Page not found - ${BRAND.name}`);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    });
  }

  test('the link home works', async () => {
    renderShell('/nothing-here');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'mf-search page /' })).toBeInTheDocument();
  });
});

describe('a remote that fails', () => {
  test('shows the fallback on its routes, keeps the others working, and Retry really loads again', async () => {
    let statsUp = false;
    load.mockImplementation(async (remote: RemoteName) => {
      if (remote === 'mf-stats' && !statsUp) throw new Error('mf-stats could not be loaded (./pages).');
      return fakePagesModule(remote) as never;
    });
    renderShell('/statistics');
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveTextContent('This part of the site could not be loaded.');

    // Another remote's route still works.
    await userEvent.click(screen.getAllByRole('link', { name: 'About Us' })[0]!);
    expect(await screen.findByRole('heading', { name: 'mf-marketing page /about' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();

    // Back to the broken remote: still the fallback; once it is back up, Retry loads it afresh.
    await userEvent.click(screen.getAllByRole('link', { name: 'Stats' })[0]!);
    await screen.findByTestId('remote-fallback');
    statsUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'mf-stats page /statistics' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mf-stats', './pages', { fresh: true });
    // Retry read the remotes manifest again, so a remote moved by the deployment is found at its new address.
    expect(registerRemoteManifest).toHaveBeenCalledTimes(2);
    expect(registerRemoteManifest).toHaveBeenLastCalledWith(TEST_REMOTES);
  });

  test('a page that throws while rendering shows the fallback, and Retry renders it again', async () => {
    let broken = true;
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    load.mockImplementation(async (remote: RemoteName) => {
      if (remote !== 'mf-tools') return fakePagesModule(remote) as never;
      const module = fakePagesModule(remote);
      module.pages.pages = module.pages.pages.map((page) =>
        page.path === '/tools/purge'
          ? {
              ...page,
              load: async () =>
                function PurgePage() {
                  if (broken) throw new Error('render failure');
                  return <h1>Purge cache page</h1>;
                },
            }
          : page,
      );
      return module as never;
    });
    renderShell('/tools/purge');
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Purge cache page' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});

/** A copy of mf-tools whose purge page's chunk a new deployment removed: loading it fails as webpack's loader does. */
function withPurgeChunkGone(module: ReturnType<typeof fakePagesModule>): ReturnType<typeof fakePagesModule> {
  module.pages.pages = module.pages.pages.map((page) =>
    page.path === '/tools/purge'
      ? {
          ...page,
          load: async () => {
            throw Object.assign(new Error('Loading chunk 1374 failed.'), { name: 'ChunkLoadError' });
          },
        }
      : page,
  );
  return module;
}

describe('a remote redeployed under an open page', () => {
  const reload = reloadForNewDeployment as jest.Mock;
  beforeEach(() => reload.mockReset());

  test('a page whose code is gone is loaded again from the deployment now live, with no fallback and nothing logged', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    reload.mockReturnValue(true);
    load.mockImplementation(
      async (remote: RemoteName) => (remote === 'mf-tools' ? withPurgeChunkGone(fakePagesModule(remote)) : fakePagesModule(remote)) as never,
    );
    renderShell('/github');
    expect(await screen.findByRole('heading', { name: 'mf-tools page /github' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Tools' })[0]!);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Purge cache' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(locationRef.current.pathname).toBe('/tools/purge');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError.mock.calls.filter(([first]) => String(first).startsWith('A page of'))).toEqual([]);
    consoleError.mockRestore();
  });

  test('a page whose code is still missing once the page was loaded again shows the fallback with its Retry', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    reload.mockReturnValue(false);
    load.mockImplementation(
      async (remote: RemoteName) => (remote === 'mf-tools' ? withPurgeChunkGone(fakePagesModule(remote)) : fakePagesModule(remote)) as never,
    );
    renderShell('/tools/purge');
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});

describe('navigation', () => {
  test('scrolls to the top smoothly on a client-side navigation, and updates the title', async () => {
    renderShell('/');
    await screen.findByRole('heading', { name: 'mf-search page /' });
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(async () => {
      await userEvent.click(screen.getAllByRole('link', { name: 'Network' })[0]!);
    });
    expect(await screen.findByRole('heading', { name: 'mf-marketing page /network' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.title).toBe('Our Network');
  });
});
