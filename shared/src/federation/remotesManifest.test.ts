import { parseRemotesManifest, RemotesManifestError } from './remotesManifest';

const complete = {
  'mf-search': '/remotes/mf-search/mf-manifest.json',
  'mf-package': 'http://cdn.test/mf-package/mf-manifest.json',
  'mf-stats': '/remotes/mf-stats/mf-manifest.json',
  'mf-tools': '/remotes/mf-tools/mf-manifest.json',
  'mf-marketing': '/remotes/mf-marketing/mf-manifest.json',
};

test('resolves every remote to an absolute URL', () => {
  const manifest = parseRemotesManifest(complete, 'http://site.test/remotes.json');
  expect(manifest['mf-search']).toBe('http://site.test/remotes/mf-search/mf-manifest.json');
  expect(manifest['mf-package']).toBe('http://cdn.test/mf-package/mf-manifest.json');
});

test('names the remote that is missing', () => {
  const { 'mf-stats': _omitted, ...rest } = complete;
  expect(() => parseRemotesManifest(rest, 'http://site.test/')).toThrow(new RemotesManifestError('The remotes manifest has no URL for mf-stats.'));
});

test('rejects something that is not an object', () => {
  expect(() => parseRemotesManifest(['x'], 'http://site.test/')).toThrow('not a JSON object');
});
