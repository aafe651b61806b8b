import { DEFAULT_SITE_CONTENT } from '../content/siteContent';
import { testRuntimeConfig } from '../testing/runtimeConfigFixture';
import { bootScriptTag, parseBootDocument, readBootDocument, readInlineBootDocument, type BootDocument } from './bootDocument';

const boot: BootDocument = {
  config: testRuntimeConfig(),
  remotes: { 'mf-tools': 'http://site.test/remotes/mf-tools/mf-manifest.json' },
  pages: [{ remote: 'mf-tools', pages: [{ path: '/tools/x', title: 'A </script><script>alert(1)</script> title', description: 'd', header: 'white' }] }],
  content: DEFAULT_SITE_CONTENT,
};

afterEach(() => {
  document.head.innerHTML = '';
});

test('the page carries the boot document in a script element that cannot be closed from inside, and the shell reads it back', () => {
  const tag = bootScriptTag(boot);
  expect(tag).not.toMatch(/<\/script>.*<\/script>/);
  document.head.innerHTML = tag;
  expect(document.head.querySelectorAll('script')).toHaveLength(1);
  expect(readInlineBootDocument()).toEqual(boot);
});

test('without one in the page, there is none inline, and it is fetched from /boot.json', async () => {
  expect(readInlineBootDocument()).toBeNull();
  const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => boot }) as unknown as Response);
  await expect(readBootDocument(document, fetchImpl as unknown as typeof fetch)).resolves.toEqual(boot);
  expect(fetchImpl).toHaveBeenCalledWith('/boot.json', expect.objectContaining({ cache: 'no-store' }));
});

test('a malformed boot document fails with the part at fault', () => {
  expect(() => parseBootDocument({ ...boot, pages: 'none' }, 'http://site.test/')).toThrow('The boot document has no list "pages".');
  expect(() => parseBootDocument({ ...boot, remotes: {} }, 'http://site.test/')).toThrow('names no remote');
  expect(() => parseBootDocument({ ...boot, content: { sponsors: 'x' } }, 'http://site.test/')).toThrow('sponsors must be a list');
  document.head.innerHTML = '<script id="skylift-boot" type="application/json">{not json</script>';
  expect(() => readInlineBootDocument()).toThrow('not valid JSON');
});
