// The team's change of tests/independent-delivery.test.ts: a copy of mf-tools that declares one more page and one
// more Tools menu entry, and whose purge page points at it (so that page's code, and its chunk's name, change), built with the same webpack configuration as the real one (about a minute of a core).
// `npm test` (scripts/test.mjs, once the website is built) or run.mjs starts it once, before the journeys and at a
// low priority, so that it fills the cores the rest leaves idle, and names its folder in SKYLIFT_E2E_SECOND_BUILD;
// the journey then waits for its result. Run alone, the journey starts the build itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const SECOND_BUILD_ENV = 'SKYLIFT_E2E_SECOND_BUILD';
/** Where the copy is built; its dist/ is what the journey deploys. */
export const SECOND_BUILD_DIR = path.join(root, 'e2e', '.work', 'mf-tools-v2');
/** Written when the build ends, for a journey in another process to read. */
const RESULT_FILE = 'build-result.json';

/** The purge page's introduction, and the sentence the change adds after it. */
const PURGE_PAGE = path.join('src', 'pages', 'PurgePage.tsx');
const PURGE_INTRO_END = 'Otherwise they might wait up to 7\n          days.';
export const PURGE_PAGE_ADDITION = 'What changed in the tools is in the release notes.';

/** The team's change: one new page file, its entry in the remote's page declaration, a sentence on the purge page. */
const NEW_PAGE = `export function ReleaseNotesPage() {
  return (
    <article>
      <h1>Release notes</h1>
      <p>What changed in the tools, newest first.</p>
    </article>
  );
}
`;
const NEW_DECLARATION_ENTRY = `  {
    path: '/tools/release-notes',
    title: t('Release notes'),
    description: 'What changed in the tools, newest first.',
    header: 'regular',
    menus: [{ menu: 'tools', label: 'Release notes', order: 12 }],
    load: () => import('./ReleaseNotesPage').then((m) => m.ReleaseNotesPage),
  },
]);`;

/** The copy of mf-tools with the team's change, ready to build. */
function prepareCopy(work) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.dirname(work), { recursive: true });
  // dereference: a checkout whose mf-tools is a link must still get a copy, never an edit of the original.
  cpSync(path.join(root, 'mf-tools'), work, { recursive: true, dereference: true, filter: (source) => !/[/\\](dist|node_modules)$/.test(source) });
  writeFileSync(path.join(work, 'src', 'pages', 'ReleaseNotesPage.tsx'), NEW_PAGE);
  const declarationFile = path.join(work, 'src', 'pages', 'index.ts');
  const declaration = readFileSync(declarationFile, 'utf8');
  assert.ok(declaration.trimEnd().endsWith(']);'), 'the declaration ends with its list of pages');
  writeFileSync(declarationFile, declaration.trimEnd().replace(/\]\);$/, NEW_DECLARATION_ENTRY) + '\n');
  const purgeFile = path.join(work, PURGE_PAGE);
  const purge = readFileSync(purgeFile, 'utf8');
  assert.ok(purge.includes(PURGE_INTRO_END), 'the purge page ends its introduction as the change expects');
  writeFileSync(purgeFile, purge.replace(PURGE_INTRO_END, `${PURGE_INTRO_END} ${PURGE_PAGE_ADDITION}`));
  // The copy lives elsewhere, so its configuration names the shared factory by its full path.
  const config = readFileSync(path.join(work, 'webpack.config.js'), 'utf8').replace(
    '../webpack/createConfig.mjs',
    path.join(root, 'webpack', 'createConfig.mjs'),
  );
  writeFileSync(path.join(work, 'webpack.config.js'), config);
}

/**
 * Prepares and builds the copy in `work`; resolves with the build's exit code and output once it ends, and
 * writes them beside the copy. Never synchronous: the process that starts it may be serving a product meanwhile.
 * @param {{ work?: string, lowPriority?: boolean }} [options]
 * @returns {{ pid: number | undefined, result: Promise<{ code: number | null, output: string, dist: string }> }}
 */
export function startSecondBuild({ work = SECOND_BUILD_DIR, lowPriority = false } = {}) {
  prepareCopy(work);
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--config', 'webpack.config.js'],
    { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Lowered before webpack starts its workers, which inherit it: the journeys running meanwhile come first.
  if (lowPriority && child.pid !== undefined) os.setPriority(child.pid, 19);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const result = new Promise((resolve) => {
    const done = (code) => {
      const outcome = { code, output, dist: path.join(work, 'dist') };
      // Whole or not at all, for a reader in another process.
      writeFileSync(path.join(work, `${RESULT_FILE}.part`), JSON.stringify(outcome));
      renameSync(path.join(work, `${RESULT_FILE}.part`), path.join(work, RESULT_FILE));
      resolve(outcome);
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(null);
    });
    child.on('exit', (code) => done(code));
  });
  return { pid: child.pid, result };
}

/** The build's outcome as written beside the copy in `work`, or undefined while it runs. */
function writtenResult(work) {
  const file = path.join(work, RESULT_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * The outcome of the build started (by this or another process) in `work`, as soon as it is written beside the
 * copy: looked for again at each change of the folder, which the build's own start created. Rejects at the deadline.
 * @returns {Promise<{ code: number | null, output: string, dist: string }>}
 */
export function secondBuildResult(work = SECOND_BUILD_DIR, timeoutMs = 600_000) {
  return new Promise((resolve, reject) => {
    const watcher = watch(work);
    const deadline = setTimeout(() => {
      watcher.close();
      reject(new Error(`The second build of mf-tools in ${work} did not end within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    const look = () => {
      const outcome = writtenResult(work);
      if (!outcome) return;
      watcher.close();
      clearTimeout(deadline);
      resolve(outcome);
    };
    watcher.on('change', look);
    watcher.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    // Written before the watch began: the folder sees no further change.
    look();
  });
}
