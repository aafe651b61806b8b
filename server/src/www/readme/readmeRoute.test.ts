import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { MemoryPackageStore } from '../../packages/testing/memoryPackageStore.ts';
import { buildWwwApp } from '../app.ts';
import { createFakeBuild, testConfig, type FakeBuild } from '../testing/fakeBuild.ts';
import { NO_README, parseReadmePath } from './readmeRoute.ts';

const CDN = 'https://cdn.example.test';

const HOSTILE = [
  '# Hostile',
  '<script>window.pwned = 1</script>',
  '<img src="x.png" onerror="window.pwned = 2">',
  '[click](javascript:alert(1))',
  '<a href="JaVaScRiPt:alert(1)">upper</a>',
  '<iframe src="https://evil.example.test"></iframe>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">styled</div>',
  '<svg><script>alert(1)</script></svg>',
].join('\n\n');

const GOOD = [
  '# Good lib',
  'See [the guide](docs/guide.md), [the root](/LICENSE), [a section](#usage) and [the site](https://example.test/page).',
  '![logo](./img/logo.png)',
  '## Usage',
  '```js\nconst answer = 42;\n```',
].join('\n\n');

const store = new MemoryPackageStore([
  {
    ref: { type: 'npm', name: 'good-lib' },
    versions: { '1.0.0': { files: { '/README.md': GOOD, '/index.js': '', '/img/logo.png': 'png' } }, '2.0.0': { files: { '/readme.markdown': '# Two\n' } } },
    tags: { latest: '2.0.0' },
  },
  { ref: { type: 'npm', name: '@scope/hostile' }, versions: { '1.0.0': { files: { '/README.md': HOSTILE, '/x.png': 'png' } } } },
  { ref: { type: 'npm', name: 'silent' }, versions: { '1.0.0': { files: { '/index.js': '', '/docs/README.md': '# not the package readme' } } } },
  {
    ref: { type: 'gh', name: 'octo/widgets' },
    versions: { '1.2.0': { files: { '/docs/README.md': '![shot](../shot.png)', '/README.md': '![shot](shot.png)', '/shot.png': 'png' } } },
  },
  {
    ref: { type: 'npm', name: 'chalky' },
    versions: {
      '1.0.0': {
        files: {
          '/README.md': '<img src="media/logo.svg" alt="chalky">\n\n![badge](./present.svg)',
          '/present.svg': '<svg/>',
          '/package.json': JSON.stringify({
            name: 'chalky',
            repository: { type: 'git', url: 'git+https://github.com/owner/chalky.git', directory: 'packages/chalky' },
          }),
        },
      },
    },
  },
  {
    ref: { type: 'npm', name: 'clobber' },
    versions: {
      '1.0.0': {
        files: { '/README.md': '<h2 id="config">Config</h2>\n\n<a name="root">r</a> <a id="root" name="getElementById" href="#config">go</a>\n\n# X\n\n# X\n' },
      },
    },
  },
  {
    ref: { type: 'npm', name: 'no-repo' },
    versions: {
      '1.0.0': { files: { '/README.md': '# No repo\n\n![logo](media/logo.svg)\n\n![remote](https://img.example.test/a.svg)', '/package.json': '{}' } },
    },
  },
]);

describe('/readme', () => {
  let build: FakeBuild;
  let app: FastifyInstance;
  before(async () => {
    build = createFakeBuild();
    app = await buildWwwApp(testConfig(build.root), { packageStore: store });
  });
  after(async () => {
    await app.close();
    build.remove();
  });

  const fetchReadme = async (path: string) => {
    const response = await app.inject({ url: path });
    return { response, doc: new JSDOM(response.body).window.document };
  };

  it('renders a readme to HTML with highlighted code', async () => {
    const { response, doc } = await fetchReadme('/readme/npm/good-lib/1.0.0');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.equal(doc.querySelector('h1')?.textContent, 'Good lib');
    const code = doc.querySelector('pre code');
    assert.ok(code?.classList.contains('hljs'));
    assert.ok(code?.querySelector('span[class^="hljs-"]'), 'code is highlighted');
    assert.match(String(response.headers['cache-control']), /max-age=604800/);
  });

  it('rewrites relative links and images to the version on the CDN, leaves absolute URLs alone, points anchors at the headings', async () => {
    const { doc } = await fetchReadme('/readme/npm/good-lib/1.0.0');
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    assert.deepEqual(hrefs, [
      `${CDN}/npm/good-lib@1.0.0/docs/guide.md`,
      `${CDN}/npm/good-lib@1.0.0/LICENSE`,
      '#user-content-usage',
      'https://example.test/page',
    ]);
    assert.equal(doc.getElementById('user-content-usage')?.textContent, 'Usage', 'the in-page link finds its heading');
    assert.equal(doc.querySelector('img')?.getAttribute('src'), `${CDN}/npm/good-lib@1.0.0/img/logo.png`);
  });

  it('takes an image the package left out from the repository’s raw files, through the configured base and the image proxy', async () => {
    const { doc } = await fetchReadme('/readme/npm/chalky/1.0.0');
    const sources = [...doc.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    const raw = 'https://raw.example.test/owner/chalky/HEAD/packages/chalky/media/logo.svg';
    assert.deepEqual(sources, [`https://www.example.test/img?url=${encodeURIComponent(raw)}`, `${CDN}/npm/chalky@1.0.0/present.svg`]);
  });

  it('leaves out an image the package left out when no repository is known, never a broken image', async () => {
    const { doc } = await fetchReadme('/readme/npm/no-repo/1.0.0');
    assert.equal(doc.querySelector('h1')?.textContent, 'No repo');
    // The other image is of a host the image proxy does not fetch from: its text is shown instead.
    assert.deepEqual([...doc.querySelectorAll('img')], []);
    assert.match(doc.body.textContent ?? '', /remote/);
  });

  it('removes scripts, event handlers, frames, styles and javascript: URLs', async () => {
    const { response, doc } = await fetchReadme('/readme/npm/@scope/hostile/1.0.0');
    assert.equal(response.statusCode, 200);
    assert.equal(doc.querySelectorAll('script, iframe, svg').length, 0);
    assert.doesNotMatch(response.body, /javascript:/i);
    assert.doesNotMatch(response.body, /onerror|onclick|style=/i);
    assert.doesNotMatch(response.body, /pwned/);
    assert.equal(doc.querySelector('img')?.getAttribute('src'), `${CDN}/npm/@scope/hostile@1.0.0/x.png`);
    assert.equal(doc.querySelector('div')?.textContent, 'styled');
  });

  it('prefixes every id and name of the readme, so it cannot clobber the page’s elements or globals', async () => {
    const { doc } = await fetchReadme('/readme/npm/clobber/1.0.0');
    const named = [...doc.querySelectorAll('[id], [name]')].map((element) => `${element.getAttribute('id') ?? ''}|${element.getAttribute('name') ?? ''}`);
    assert.deepEqual(named, [
      'user-content-config|',
      '|user-content-root',
      'user-content-root|user-content-getElementById',
      'user-content-x|',
      'user-content-x-1|',
    ]);
    assert.equal(doc.querySelector('a[href^="#"]')?.getAttribute('href'), '#user-content-config');
  });

  it('answers the latest version without a version, with a short cache', async () => {
    const { response, doc } = await fetchReadme('/readme/npm/good-lib');
    assert.equal(doc.querySelector('h1')?.textContent, 'Two');
    assert.match(String(response.headers['cache-control']), /max-age=300/);
  });

  it('answers the placeholder when the package has no top-level readme', async () => {
    const { response } = await fetchReadme('/readme/npm/silent/1.0.0');
    assert.equal(response.statusCode, 200);
    assert.equal(response.body, NO_README);
  });

  it('reads the top-level readme of a GitHub repository and rewrites to the gh path', async () => {
    const { doc } = await fetchReadme('/readme/gh/octo/widgets/1.2.0');
    assert.equal(doc.querySelector('img')?.getAttribute('src'), `${CDN}/gh/octo/widgets@1.2.0/shot.png`);
  });

  it('answers an unknown package or version with a 404 in the error shape', async () => {
    const missing = await app.inject({ url: '/readme/npm/no-such-package' });
    assert.equal(missing.statusCode, 404);
    assert.equal(typeof missing.json().message, 'string');
    const version = await app.inject({ url: '/readme/npm/good-lib/9.9.9' });
    assert.equal(version.statusCode, 404);
  });

  it('answers a malformed address with a 400 that says what is wrong', async () => {
    for (const url of ['/readme/svn/thing', '/readme/gh/only-user', '/readme/npm/a/1.0.0/extra']) {
      const response = await app.inject({ url });
      assert.equal(response.statusCode, 400, url);
      assert.ok(response.json().message.length > 10, url);
    }
  });
});

describe('parseReadmePath', () => {
  it('reads scoped names, GitHub names and versions', () => {
    assert.deepEqual(parseReadmePath('npm/@babel/core/7.0.0'), { ref: { type: 'npm', name: '@babel/core' }, version: '7.0.0' });
    assert.deepEqual(parseReadmePath('npm/react'), { ref: { type: 'npm', name: 'react' }, version: '' });
    assert.deepEqual(parseReadmePath('gh/user/repo/v1'), { ref: { type: 'gh', name: 'user/repo' }, version: 'v1' });
  });
});

describe('/readme caching', () => {
  it('renders an exact version once and answers repeat visits from memory, with a 304 for a known copy', async () => {
    const build = createFakeBuild();
    const counting = new MemoryPackageStore([{ ref: { type: 'npm', name: 'once' }, versions: { '1.0.0': { files: { '/README.md': '# Once\n' } } } }]);
    const app = await buildWwwApp(testConfig(build.root), { packageStore: counting });
    try {
      const first = await app.inject({ url: '/readme/npm/once/1.0.0' });
      const second = await app.inject({ url: '/readme/npm/once/1.0.0' });
      assert.equal(second.body, first.body);
      assert.equal(counting.calls.listing, 1, 'the listing is read once');
      const revalidated = await app.inject({ url: '/readme/npm/once/1.0.0', headers: { 'if-none-match': String(first.headers.etag) } });
      assert.equal(revalidated.statusCode, 304);
    } finally {
      await app.close();
      build.remove();
    }
  });
});
