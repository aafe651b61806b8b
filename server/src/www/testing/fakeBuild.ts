/**
 * A small but real-shaped website build in a temporary folder, for tests: the shell's index.html with the
 * title and route-meta markers, a content-hashed script with .br/.gz siblings, and one remote's
 * mf-manifest.json, remoteEntry.js and a hashed chunk, and the page declarations of four remotes, and the blog
 * posts the content remote publishes. A file beside the builds stands for everything that must stay unreachable.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BRAND } from '@skylift/shared/brand';
import type { RemotePages } from '@skylift/shared/pages';
import type { BlogPost } from '../blog/posts.ts';
import { PUBLISHED_CONTENT_FILE } from '../site/publishedContent.ts';
import { packagePageDescription, packagePageTitle } from '@skylift/shared/pages';
import { loadConfig, type Config } from '../../config/config.ts';

export interface FakeBuild {
  root: string;
  shellDir: string;
  remoteDir: string;
  /** The script's contents, to compare with what is served. */
  hashedScript: string;
  remove(): void;
}

export const SHELL_SCRIPT = 'main.3f9a0c1d7b.js';
export const REMOTE_CHUNK = '__federation_expose_pages.0a1b2c3d.js';
export const SECRET = 'secret outside the builds';
export const REMOTE_STANDALONE_HTML = '<!doctype html><html><head><title>mf-search alone</title></head><body></body></html>';

export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Default title</title>
    <!--route-meta-->
    <script defer src="/${SHELL_SCRIPT}"></script>
  </head>
  <body><div id="root"><!--first-paint--></div></body>
</html>
`;

/** The page declarations the fake build's remotes publish (mf-pages.json), shaped as the real remotes' are. */
export const FAKE_DECLARATIONS: RemotePages[] = [
  { remote: 'mf-search', pages: [{ path: '/', title: BRAND.defaultTitle, description: BRAND.defaultDescription, heading: BRAND.tagline, header: 'regular' }] },
  {
    remote: 'mf-package',
    pages: [
      {
        path: '/package/npm/:name',
        title: packagePageTitle('{name}'),
        description: packagePageDescription('npm', '{name}'),
        heading: '{name}',
        header: 'icon',
        example: '/package/npm/example',
      },
      {
        path: '/package/npm/:scope/:name',
        title: packagePageTitle('{scope}/{name}'),
        description: packagePageDescription('npm', '{scope}/{name}'),
        header: 'icon',
        params: { scope: { pattern: '@[^/]+' } },
        example: '/package/npm/@babel/core',
      },
      {
        path: '/package/gh/:user/:repo',
        title: packagePageTitle('{user}/{repo}'),
        description: packagePageDescription('gh', '{user}/{repo}'),
        header: 'icon',
        example: '/package/gh/octo/repo',
      },
    ],
  },
  {
    remote: 'mf-stats',
    pages: [{ path: '/statistics', title: `Statistics - ${BRAND.name}`, description: `Usage and network statistics of ${BRAND.name}.`, header: 'regular' }],
  },
  {
    remote: 'mf-marketing',
    pages: [
      { path: '/about', title: `About us - ${BRAND.name}`, description: `Who builds ${BRAND.name}.`, header: 'white' },
      { path: '/sponsors', title: `Sponsors - ${BRAND.name}`, description: `Who sponsors ${BRAND.name}.`, header: 'regular' },
      { path: '/documentation', title: `Documentation - ${BRAND.name}`, description: `How to use ${BRAND.name}.`, header: 'white' },
      {
        path: '/globalping/network-tools/:tool',
        title: `Network tool {tool} - ${BRAND.name}`,
        description: 'A network test.',
        header: 'network-tool',
        params: { tool: { pattern: '(ping|dns)(-from-europe)?' } },
        example: '/globalping/network-tools/ping-from-europe',
      },
    ],
  },
];

/** The content remote's published blog posts (published-content.json), in the order its content lists them. */
export const FAKE_POSTS: BlogPost[] = [
  ['introducing-the-cdn', 'Introducing {{brand}}: files at a link', '2026-11-21T09:00:00Z'],
  ['es-modules-with-esm', 'ES modules from any npm package', '2026-11-21T12:00:00Z'],
  ['statistics-from-the-request-log', 'How every request becomes a statistic', '2026-11-21T15:00:00Z'],
  ['caching-and-versions', 'Caching, versions and aliases', '2026-11-22T09:00:00Z'],
  ['sri-and-dynamic-files', 'Integrity hashes and generated files', '2026-11-20T09:00:00Z'],
  ['run-your-own', 'Running your own {{brand}} instance', '2026-11-23T09:00:00Z'],
].map(([slug = '', title = '', published = '']) => ({
  slug,
  title,
  published,
  summary: `What "${title}" is about, in a sentence long enough to be a summary.`,
  markdown: `# ${title}\n\nRead the [documentation](/documentation) of {{brand}}, then load \`{{cdnUrl}}/npm/jquery\`.\n`,
}));

export function createFakeBuild(): FakeBuild {
  const root = mkdtempSync(path.join(tmpdir(), 'www-build-'));
  const shellDir = path.join(root, 'shell', 'dist');
  const remoteDir = path.join(root, 'mf-search', 'dist');
  mkdirSync(shellDir, { recursive: true });
  mkdirSync(remoteDir, { recursive: true });

  const hashedScript = `/* shell */\n${'console.log("the shell starts");\n'.repeat(200)}`;
  writeFileSync(path.join(shellDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(shellDir, SHELL_SCRIPT), hashedScript);
  writeFileSync(path.join(shellDir, `${SHELL_SCRIPT}.br`), brotliCompressSync(hashedScript));
  writeFileSync(path.join(shellDir, `${SHELL_SCRIPT}.gz`), gzipSync(hashedScript));
  // A large text file shipped without precompressed siblings: compressed on the fly.
  writeFileSync(path.join(shellDir, 'licenses.txt'), 'MIT License. '.repeat(500));

  writeFileSync(
    path.join(remoteDir, 'mf-manifest.json'),
    JSON.stringify({ id: 'mf-search', name: 'mf-search', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  writeFileSync(path.join(remoteDir, 'remoteEntry.js'), 'var mf_search = {};\n');
  writeFileSync(path.join(remoteDir, REMOTE_CHUNK), 'export const pages = {};\n');
  writeFileSync(path.join(remoteDir, 'index.html'), REMOTE_STANDALONE_HTML);
  for (const declaration of FAKE_DECLARATIONS) {
    const dir = path.join(root, declaration.remote, 'dist');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'mf-pages.json'), JSON.stringify(declaration));
  }
  writeFileSync(
    path.join(root, 'mf-marketing', 'dist', PUBLISHED_CONTENT_FILE),
    JSON.stringify({ posts: FAKE_POSTS, networkTool: { apiUrl: 'https://api.network-tool.example.test', apiContractUrl: null } }),
  );

  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  return { root, shellDir, remoteDir, hashedScript, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Configuration with public URLs of a pretend deployment; nothing is contacted. */
export function testConfig(projectRoot: string): Config {
  return loadConfig(
    {
      SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9/registry',
      SKYLIFT_LOG_LEVEL: 'silent',
      SKYLIFT_WWW_URL: 'https://www.example.test',
      SKYLIFT_CDN_URL: 'https://cdn.example.test',
      SKYLIFT_DATA_URL: 'https://data.example.test',
      SKYLIFT_PURGE_URL: 'https://purge.example.test',
      SKYLIFT_ESMRUN_URL: 'https://esm.example.test',
      SKYLIFT_SEARCH_HOST_URL: 'https://search.example.test/prefix',
      SKYLIFT_GITHUB_RAW: 'https://raw.example.test',
      SKYLIFT_ROOT: projectRoot,
    },
    { projectRoot },
  );
}
