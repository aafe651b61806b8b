import { pagesUrlOf, remoteEntryUrlOf, parseRemotesManifest, RemotesManifestError } from './remotesManifest';

const complete = {
  'mf-search': '/remotes/mf-search/mf-manifest.json',
  'mf-package': 'http://cdn.test/mf-package/mf-manifest.json',
};

test('resolves every remote to an absolute URL, keeping the order', () => {
  const manifest = parseRemotesManifest(complete, 'http://site.test/remotes.json');
  expect(manifest).toEqual({
    'mf-search': 'http://site.test/remotes/mf-search/mf-manifest.json',
    'mf-package': 'http://cdn.test/mf-package/mf-manifest.json',
  });
  expect(Object.keys(manifest)).toEqual(['mf-search', 'mf-package']);
});

test('names the remote whose URL is missing or invalid', () => {
  expect(() => parseRemotesManifest({ ...complete, 'mf-stats': '' }, 'http://site.test/')).toThrow(
    new RemotesManifestError('The remotes manifest has no URL for mf-stats.'),
  );
  expect(() => parseRemotesManifest({ 'mf-stats': 'http://[' }, 'http://site.test/')).toThrow('invalid URL for mf-stats');
});

test('rejects remote names a federation runtime could not register', () => {
  expect(() => parseRemotesManifest({ 'Bad Name': '/x.json' }, 'http://site.test/')).toThrow('invalid remote name "Bad Name"');
});

test('rejects something that is not an object, or names nothing', () => {
  expect(() => parseRemotesManifest(['x'], 'http://site.test/')).toThrow('not a JSON object');
  expect(() => parseRemotesManifest({}, 'http://site.test/')).toThrow('names no remote');
});

test('the page declarations sit beside the federation manifest', () => {
  expect(pagesUrlOf('http://cdn.test/a/b/mf-manifest.json')).toBe('http://cdn.test/a/b/mf-pages.json');
});

test('the browser loads a remote by the container script beside its federation manifest', () => {
  expect(remoteEntryUrlOf('http://cdn.test/a/b/mf-manifest.json')).toBe('http://cdn.test/a/b/remoteEntry.js');
});
