// The house rules: a test that the boundary rules still refuse what they must (boundaries.test.mjs), that each
// module of the shared library belongs to one entry point and the server's entries need no browser
// (sharedEntries.test.mjs, the rule in sharedEntries.mjs), that npm's workspaces match the one list of remotes
// (remotes.test.mjs) and that no colour is written outside the design tokens (colours.test.mjs, the rule in
// colours.mjs), that a stylesheet reads no custom property only another package defines
// (customProperties.test.mjs), and that no source file is over 500 lines without a
// reason at its top (fileLength.test.mjs, the rule in fileLength.mjs), that every file the READMEs and docs/ name
// exists (docLinks.test.mjs, the rule in docLinks.mjs), that no modules import each other in a circle
// (importCycles.test.mjs, the rule in importCycles.mjs), the licence check of the production
// dependencies (licences.mjs, with its own test licences.test.mjs), ESLint (eslint.config.js) over every
// workspace, then Prettier's check of the formatting (.prettierrc.json, .prettierignore). `npm run lint`, and
// the lint stage of `npm test` (`npm test -- --only=lint`).
import path from 'node:path';
import { ESLint } from 'eslint';
import { run, WORKSPACES } from '../lib/run.mjs';
import { checkLicences, readExceptions } from './licences.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

async function eslint() {
  // The cache keeps a second run fast: only files changed since are linted again.
  const linter = new ESLint({
    cwd: root,
    errorOnUnmatchedPattern: false,
    cache: true,
    cacheLocation: path.join(root, 'node_modules', '.cache', 'eslint') + path.sep,
  });
  const formatter = await linter.loadFormatter('stylish');
  // One workspace at a time, so a long run shows where it is; the root's own files (configs, scripts, webpack) last.
  const groups = [...WORKSPACES.map((ws) => ({ name: ws, patterns: [ws] })), { name: 'root', patterns: ['*.{js,cjs,mjs}', 'scripts', 'webpack'] }];
  const all = [];
  for (const group of groups) {
    const started = Date.now();
    const results = await linter.lintFiles(group.patterns);
    const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
    const warnings = results.reduce((sum, r) => sum + r.warningCount, 0);
    process.stdout.write(
      `eslint ${group.name}: ${results.length} files, ${errors} errors, ${warnings} warnings (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    all.push(...results);
  }
  const problems = all.filter((r) => r.errorCount + r.warningCount > 0);
  if (problems.length) process.stdout.write(await formatter.format(problems));
  // Warnings fail too: a rule is either enforced or off.
  return problems.length === 0;
}

process.stdout.write('lint: boundary rules...\n');
// The list of remotes (remotes.test.mjs) rides along: npm's workspaces must match it, and the boundaries are drawn from it.
const boundaries = await run(
  process.execPath,
  [
    '--test',
    '--test-reporter=dot',
    ...[
      'boundaries.test.mjs',
      'sharedEntries.test.mjs',
      'remotes.test.mjs',
      'licences.test.mjs',
      'colours.test.mjs',
      'customProperties.test.mjs',
      'fileLength.test.mjs',
      'docLinks.test.mjs',
      'importCycles.test.mjs',
      'descriptors.test.mjs',
    ].map((file) => path.join(import.meta.dirname, file)),
  ],
  { cwd: root },
);
process.stdout.write(`lint: boundary rules ${boundaries.code === 0 ? 'ok' : 'FAILED'} (${boundaries.seconds.toFixed(1)} s)\n`);
const licencesStarted = Date.now();
const licences = checkLicences(root, readExceptions());
for (const problem of licences.problems) process.stdout.write(`  ${problem}\n`);
process.stdout.write(
  `lint: licences of ${licences.checked} production packages (${licences.notInstalled} optional builds for other platforms not installed) ${licences.problems.length === 0 ? 'ok' : 'FAILED'} (${((Date.now() - licencesStarted) / 1000).toFixed(1)} s)\n`,
);
process.stdout.write('lint: eslint...\n');
const lintOk = await eslint();
process.stdout.write(`lint: eslint ${lintOk ? 'ok' : 'FAILED'}\n`);
process.stdout.write('lint: prettier --check...\n');
const prettier = await run(process.execPath, [path.join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.'], { cwd: root });
process.stdout.write(`lint: prettier --check ${prettier.code === 0 ? 'ok' : 'FAILED'} (${prettier.seconds.toFixed(1)} s)\n`);
if (boundaries.code !== 0 || licences.problems.length > 0 || !lintOk || prettier.code !== 0) {
  const hints = [
    licences.problems.length === 0
      ? ''
      : ' Replace a package whose licence is not permissive, or list it with the reason in scripts/lint/licence-exceptions.json.',
    prettier.code === 0 ? '' : ' `npm run format` rewrites the files Prettier lists.',
  ];
  process.stderr.write(`Lint failed.${hints.join('')}\n`);
  process.exit(1);
}
