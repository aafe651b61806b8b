// The boundaries of eslint.config.js bite: each case lints a few lines as if they were a file of the
// repository (ESLint's lintText with that file's path) and expects the rule that must refuse them, or none.
// Run by the lint stage before the linting itself: `node --test scripts/lint/boundaries.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { ESLint } from 'eslint';
import { SERVER_LAYERS, SERVER_READS_FROM_SHARED, SERVER_SERVICES, SERVER_UNLAYERED, SHARED_ENTRIES } from '../../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The ids of the rules that report on `code` placed at `file` (a path from the repository's root). */
async function rulesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return [...new Set(result.messages.map((message) => message.ruleId ?? message.message))];
}

const PATHS = 'import-x/no-restricted-paths';
const NAMES = 'no-restricted-imports';
const DEPENDENCIES = 'import-x/no-extraneous-dependencies';

test('a remote importing another remote fails, by a relative path or by package name', async () => {
  assert.deepEqual(await rulesFor('mf-search/src/home/Cross.ts', "export { pages } from '../../../mf-package/src/pages/index';\n"), [PATHS]);
  const byName = await rulesFor('mf-search/src/home/Cross.ts', "export { pages } from '@skylift/mf-package/src/pages/index';\n");
  assert.ok(byName.includes(NAMES), `expected ${NAMES}, got ${byName.join(', ')}`);
});

test('a remote importing the shell fails', async () => {
  assert.deepEqual(await rulesFor('mf-tools/src/pages/Cross.tsx', "export { App } from '../../../shell/src/App';\n"), [PATHS]);
});

test('shared/ importing a remote or the shell fails', async () => {
  assert.deepEqual(await rulesFor('shared/src/ui/Cross.ts', "export { pages } from '../../../mf-stats/src/pages/index';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('shared/src/ui/Cross.ts', "export { App } from '../../../shell/src/App';\n"), [PATHS]);
});

test("the shell importing a remote's source fails: it loads remotes through federation only", async () => {
  assert.deepEqual(await rulesFor('shell/src/remotes/Cross.ts', "export { pages } from '../../../mf-stats/src/pages/index';\n"), [PATHS]);
});

test('the server reads only the pure entries of shared/ and nothing of the shell or a remote', async () => {
  for (const entry of SERVER_READS_FROM_SHARED) assert.deepEqual(await rulesFor('server/src/www/cross.ts', `export * from '${entry}';\n`), [], entry);
  assert.deepEqual(await rulesFor('server/src/www/cross.ts', "export { Dropdown } from '@skylift/shared/ui';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/www/cross.ts', "export { useRuntimeConfig } from '@skylift/shared';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/www/cross.ts', "export { App } from '../../../shell/src/App';\n"), [PATHS]);
});

test('the shared library is imported by its entry points only: a path into it fails, by package name or relative path', async () => {
  // By name: a path the library does not export (the way remotes used to reach its files).
  for (const file of ['mf-package/src/versions/Cross.ts', 'shell/src/frame/Cross.ts', 'server/src/www/cross.ts', 'shared/src/ui/Cross.ts']) {
    assert.deepEqual(await rulesFor(file, "export { Dropdown } from '@skylift/shared/ui/Dropdown/index';\n"), [NAMES], file);
  }
  assert.deepEqual(await rulesFor('mf-stats/src/common/Cross.ts', "export { palette } from '@skylift/shared/styles/tokens';\n"), [NAMES]);
  // By path: the file behind it.
  assert.deepEqual(await rulesFor('mf-tools/src/pages/Cross.ts', "export { Dropdown } from '../../../shared/src/ui/Dropdown/Dropdown';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('shell/src/frame/Cross.ts', "export { matchRoute } from '../../../shared/src/routes/matchRoute';\n"), [PATHS]);
});

test('every entry point of the shared library passes, in the shell, a remote and the library itself', async () => {
  const entries = SHARED_ENTRIES.filter((entry) => entry !== '@skylift/shared/testing');
  const code =
    entries.map((entry, n) => `import * as entry${n} from '${entry}';\n`).join('') + `export const all = [${entries.map((_, n) => `entry${n}`).join(', ')}];\n`;
  assert.deepEqual(await rulesFor('mf-stats/src/common/Fine.ts', code), []);
  assert.deepEqual(await rulesFor('shell/src/frame/Fine.ts', code), []);
  assert.deepEqual(await rulesFor('shared/src/ui/Fine.ts', code.replace(/^import \* as entry\d+ from '@skylift\/shared\/ui';\n/m, '')), []);
});

test("the shared library's testing entry is for tests: code the site runs may not import it", async () => {
  const code = "export { testRuntimeConfig } from '@skylift/shared/testing';\n";
  assert.deepEqual(await rulesFor('mf-search/src/home/Cross.ts', code), [NAMES]);
  assert.deepEqual(await rulesFor('mf-search/src/home/Cross.test.ts', code), []);
  assert.deepEqual(await rulesFor('shell/src/testing/Fine.ts', code), []);
});

test('what the boundaries allow passes: a remote importing shared/ and its own modules', async () => {
  const code = "import { BRAND } from '@skylift/shared';\nimport { pages } from '../pages/index';\nexport const both = [BRAND, pages];\n";
  assert.deepEqual(await rulesFor('mf-search/src/home/Fine.ts', code), []);
});

test('a workspace imports only the packages its package.json declares', async () => {
  // mf-search draws no charts, so echarts is not among its dependencies.
  assert.deepEqual(await rulesFor('mf-search/src/home/Chart.ts', "export { init } from 'echarts/core';\n"), [DEPENDENCIES]);
  assert.deepEqual(await rulesFor('mf-stats/src/common/Chart.ts', "export { init } from 'echarts/core';\n"), []);
});

test("a server folder importing a service's folder fails: a service is imported only by its own modules and services.ts", async () => {
  // The purge service reading the CDN's URL parsers where they used to live, the launcher the data API's message type.
  assert.deepEqual(await rulesFor('server/src/purge/paths.ts', "export { parseNpmPath } from '../cdn/serve/serveFileRequest.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/launcher/cross.ts', "export type { StatsStore } from '../data/app.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/requestlog/edge/cross.ts', "export { buildWwwApp } from '../../www/app.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/cdn/cross.ts', "export { buildSearchApp } from '../search/app.ts';\n"), [PATHS]);
  // esm.run is a service of its own: it reads the CDN's addresses from cdnUrl/, not from the CDN's folder.
  assert.deepEqual(await rulesFor('server/src/esmrun/cross.ts', "export { applyVersionHeaders } from '../cdn/http/headers.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/cdn/cross.ts', "export { shortLinkTarget } from '../esmrun/shortLink.ts';\n"), [PATHS]);
});

test('what the server boundaries allow passes: a service importing shared folders and its own, services.ts every service, tests across services', async () => {
  const sharedAndOwn = "export { parseNpmPath } from '../cdnUrl/parseCdnUrl.ts';\nexport { PurgeError } from './http/errors.ts';\n";
  assert.deepEqual(await rulesFor('server/src/purge/paths.ts', sharedAndOwn), []);
  assert.deepEqual(await rulesFor('server/src/services.ts', "export { buildCdnApp } from './cdn/app.ts';\n"), []);
  assert.deepEqual(await rulesFor('server/src/purge/app.test.ts', "export { buildTestApp } from '../cdn/testing/testApp.ts';\n"), []);
});

test('every entry of server/src has one layer, and the services are one layer', () => {
  const layered = SERVER_LAYERS.flatMap((layer) => layer.folders);
  assert.equal(new Set(layered).size, layered.length, 'an entry is in two layers');
  const entries = readdirSync(path.join(root, 'server', 'src')).filter((entry) => !SERVER_UNLAYERED.includes(entry));
  assert.deepEqual(
    entries.filter((entry) => !layered.includes(entry)),
    [],
    'add each new folder of server/src to SERVER_LAYERS in eslint.config.js',
  );
  assert.deepEqual(
    layered.filter((entry) => !entries.includes(entry)),
    [],
    'SERVER_LAYERS names an entry server/src no longer has',
  );
  assert.ok(SERVER_LAYERS.some((layer) => layer.folders === SERVER_SERVICES));
});

test('an import from a higher layer fails: the configuration reading the edge logs, observability the launcher, the package layer the CDN addresses', async () => {
  // The upward imports that were there before the layers were declared.
  assert.deepEqual(await rulesFor('server/src/config/config.ts', "export { parseEdgeFeeds } from '../requestlog/edge/feeds.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/observability/cross.ts', "export { RestartTally } from '../launcher/restartTally.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/services.ts', "export { isLeaderProcess } from './launcher/processRole.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/packages/cross.ts', "export { parseNpmPath } from '../cdnUrl/parseCdnUrl.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/config/cross.ts', "export { main } from '../main.ts';\n"), [PATHS]);
});

test('an import from another folder of the same layer fails: the request log reading the purge fan-out', async () => {
  assert.deepEqual(await rulesFor('server/src/requestlog/cross.ts', "export { publishPurge } from '../purgefanout/fanout.ts';\n"), [PATHS]);
  assert.deepEqual(await rulesFor('server/src/config/cross.ts', "export { pause } from '../background/pause.ts';\n"), [PATHS]);
});

test('what the layers allow passes: imports down any number of layers, within a folder, and in tests', async () => {
  assert.deepEqual(
    await rulesFor(
      'server/src/requestlog/edge/cross.ts',
      "export { parseNpmPath } from '../../cdnUrl/parseCdnUrl.ts';\nexport type { EdgeFeed } from '../../config/edgeFeeds.ts';\n",
    ),
    [],
  );
  assert.deepEqual(
    await rulesFor('server/src/launcher/cross.ts', "export type { LauncherMessage } from '../ipc/messages.ts';\nexport { drainApps } from './drain.ts';\n"),
    [],
  );
  assert.deepEqual(await rulesFor('server/src/config/cross.test.ts', "export { RestartTally } from '../launcher/restartTally.ts';\n"), []);
});
