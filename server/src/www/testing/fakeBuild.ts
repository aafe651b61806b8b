/**
 * A small but real-shaped website build in a temporary folder, for tests: the shell's index.html with the
 * title and route-meta markers, a content-hashed script with .br/.gz siblings, and one remote's
 * mf-manifest.json, remoteEntry.js and a hashed chunk. A file beside the builds stands for everything
 * that must stay unreachable.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
  <body><div id="root"></div></body>
</html>
`;

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
      SKYLIFT_ROOT: projectRoot,
    },
    { projectRoot },
  );
}
