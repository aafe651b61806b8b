import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRAND } from '@skylift/shared';
import { PAGE_ROUTES, type RemoteName } from '@skylift/shared/routes/routeTable';
import { loadRemoteModule, registerRemoteManifest } from '@skylift/shared/federation/loadRemoteModule';
import { fakePagesModule } from '../testing/fakeRemotes';
import { installFakeSite } from '../testing/fakeSite';
import { locationRef, renderShell } from '../testing/renderShell';
import { forgetLoadedPages } from '../remotes/loadRemotePages';
import { resetRemoteRegistry } from '../startup/remoteRegistry';
import { TEST_REMOTES } from '../testing/fakeSite';
import { leaveSiteFor } from './fullPageNavigation';

jest.mock('@skylift/shared/federation/loadRemoteModule', () => ({
  loadRemoteModule: jest.fn(),
  registerRemoteManifest: jest.fn(),
}));
jest.mock('./fullPageNavigation', () => ({ leaveSiteFor: jest.fn() }));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

/** A concrete address for each pattern of the route table. */
const SAMPLE: Record<string, string> = {
  '/package/npm/:scope?/:name': '/package/npm/left-pad',
  '/package/gh/:user/:repo': '/package/gh/octo/widgets',
  '/terms/:currentPolicy': '/terms/privacy-policy',
  '/oss-cdn/:name': '/oss-cdn/pyodide',
  '/globalping/network-tools/:tool': '/globalping/network-tools/ping-from-europe',
};

beforeEach(() => {
  installFakeSite();
  forgetLoadedPages();
  resetRemoteRegistry();
  (registerRemoteManifest as jest.Mock).mockClear();
  load.mockReset();
  load.mockImplementation(async (remote) => fakePagesModule(remote) as never);
  window.scrollTo = jest.fn();
});

describe('every route of the route table', () => {
  for (const route of PAGE_ROUTES) {
    const path = SAMPLE[route.path] ?? route.path;
    test(`${path} renders ${route.remote}'s page for ${route.path}, with its title`, async () => {
      renderShell(path);
      expect(await screen.findByRole('heading', { level: 1, name: `${route.remote} page ${route.path}` })).toBeInTheDocument();
      expect(load).toHaveBeenCalledWith(route.remote, './pages', { fresh: false });
      expect(document.title).toBe(route.title);
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', route.description);
      // Inside the frame.
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    });
  }

  test('a scoped npm package goes to the package page', async () => {
    renderShell('/package/npm/@babel/core');
    expect(await screen.findByRole('heading', { name: 'mf-package page /package/npm/:scope?/:name' })).toBeInTheDocument();
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

  test('/discord leaves for the chat community with a full page load', async () => {
    renderShell('/discord');
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith(BRAND.chatCommunityUrl));
  });

  test('/ with a hash goes to /projects/ plus the hash without its first two characters', async () => {
    renderShell('/#!jquery');
    await waitFor(() => expect(locationRef.current.pathname).toBe('/projects/jquery'));
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
      return {
        pages: {
          '/tools/purge': function PurgePage() {
            if (broken) throw new Error('render failure');
            return <h1>Purge cache page</h1>;
          },
        },
      } as never;
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
    expect(document.title).toBe(PAGE_ROUTES.find((r) => r.path === '/network')?.title);
  });
});
