import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@skylift/shared/pages';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

const manifest = (stats: string): RemotesManifest => ({
  'mf-search': 'http://site.test/remotes/mf-search/mf-manifest.json',
  'mf-package': 'http://site.test/remotes/mf-package/mf-manifest.json',
  'mf-stats': stats,
  'mf-tools': 'http://site.test/remotes/mf-tools/mf-manifest.json',
  'mf-marketing': 'http://site.test/remotes/mf-marketing/mf-manifest.json',
});

let federation: typeof import('./loadRemoteModule');
beforeEach(() => {
  jest.clearAllMocks();
  jest.isolateModules(() => {
    // A fresh copy of the module for each test: jest.isolateModules works with require, not with import.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    federation = require('./loadRemoteModule');
  });
});

test('loading before the manifest is registered fails with a clear error', async () => {
  await expect(federation.loadRemoteModule('mf-stats', './pages')).rejects.toThrow('mf-stats could not be loaded (./pages).');
  expect(loadRemote).not.toHaveBeenCalled();
});

test('registers every remote under its federation name, then only the ones that moved', () => {
  federation.registerRemoteManifest(manifest('http://site.test/remotes/mf-stats/mf-manifest.json'));
  expect(registerPlugins).toHaveBeenCalledTimes(1);
  expect((registerRemotes as jest.Mock).mock.calls[0][0]).toHaveLength(5);
  expect((registerRemotes as jest.Mock).mock.calls[0][0]).toContainEqual({ name: 'mf_stats', entry: 'http://site.test/remotes/mf-stats/remoteEntry.js' });

  federation.registerRemoteManifest(manifest('http://other.test/mf-stats/mf-manifest.json'));
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_stats', entry: 'http://other.test/mf-stats/remoteEntry.js' }], { force: true });

  federation.registerRemoteManifest(manifest('http://other.test/mf-stats/mf-manifest.json'));
  expect(registerRemotes).toHaveBeenCalledTimes(2);
});

test('loads an expose by federation name; a fresh load makes the runtime forget the remote and fetch its entry anew', async () => {
  const pages = { pages: {} };
  (loadRemote as jest.Mock).mockResolvedValue(pages);
  federation.registerRemoteManifest(manifest('http://site.test/remotes/mf-stats/mf-manifest.json'));
  await expect(federation.loadRemoteModule('mf-stats', './pages')).resolves.toBe(pages);
  expect(loadRemote).toHaveBeenLastCalledWith('mf_stats/pages');
  await federation.loadRemoteModule('mf-stats', './pages', { fresh: true });
  const entryOf = () => ((registerRemotes as jest.Mock).mock.lastCall as [Array<{ name: string; entry: string }>, { force: boolean }])[0][0]!;
  const first = entryOf();
  expect(first.name).toBe('mf_stats');
  expect(first.entry).toMatch(/^http:\/\/site\.test\/remotes\/mf-stats\/remoteEntry\.js\?reload=/);
  expect((registerRemotes as jest.Mock).mock.lastCall![1]).toEqual({ force: true });
  // Each fresh load an address of its own: no cache, the browser's or the runtime's, gives back the old entry.
  await federation.loadRemoteModule('mf-stats', './pages', { fresh: true });
  expect(entryOf().entry).not.toBe(first.entry);
});

test('a runtime failure becomes an error naming the remote', async () => {
  (loadRemote as jest.Mock).mockRejectedValue(new Error('Failed to get manifest.'));
  federation.registerRemoteManifest(manifest('http://site.test/remotes/mf-stats/mf-manifest.json'));
  await expect(federation.loadRemoteModule('mf-stats', './pages')).rejects.toThrow('mf-stats could not be loaded (./pages).');
});
