// The colour rule: the website's colours are written once, in the design tokens (shared/src/styles/tokens.css and
// tokens.ts); every other stylesheet and module of the frontend packages reads them (`var(--color-...)`, or the
// `palette` of tokens.ts where a custom property cannot reach: canvas charts, a shadow root on another site). So do
// the shell's HTML template (its first paint's colours are written in by the build) and the server's sources (the
// pages and images the services draw: CDN listings, share images, the icon, badges), which import the palette.
// A hex colour or a colour function (rgb(), hsl(), ...) anywhere else fails the lint stage, so a new shade is a
// decision made in the tokens rather than a drift. Tests and their helpers are not checked: the colours they
// write are data (a provider's colour in an operator's content file), not the site's look.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONTEND_WORKSPACES } from '../lib/run.mjs';

export const TOKEN_FILES = ['shared/src/styles/tokens.css', 'shared/src/styles/tokens.ts'];

const CHECKED = /\.(?:css|ts|tsx|js|jsx|mjs|cjs)$/;
/**
 * HTML of a package's own sources (the shell's index.html template). Not an example page (`mf-package/examples/`),
 * which plays a partner's site restyling our widget with that site's own colours.
 */
const CHECKED_HTML = /^[^/]+\/src\/.*\.html$/;
/** Besides the frontend packages: the server's own sources. */
const SERVER_SOURCES = 'server/src';
const TESTS = /(?:\.test\.[jt]sx?$|(?:^|\/)(?:testing|test|__mocks__)\/)/;
/** `#fff`, `#ffff`, `#ffffff`, `#ffffffff`: not part of a longer word, nor a private field (`this.#add`) or entity (`&#123;`). */
const HEX = /(?<![\w.&#])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi;

/** Whether the rule applies to `file`, a path from the repository's root. */
export function isChecked(file) {
  const workspace = file.split('/', 1)[0];
  const covered = FRONTEND_WORKSPACES.includes(workspace ?? '') || file.startsWith(`${SERVER_SOURCES}/`);
  return covered && (CHECKED.test(file) || CHECKED_HTML.test(file)) && !TESTS.test(file) && !TOKEN_FILES.includes(file);
}

/** The colour literals of `text`, the content of `file`, as `file:line: literal`; empty when it has none. */
export function colourProblems(file, text) {
  if (!isChecked(file)) return [];
  const problems = [];
  text.split('\n').forEach((line, index) => {
    for (const match of [...line.matchAll(HEX), ...line.matchAll(FUNCTION)]) {
      problems.push(`${file}:${index + 1}: ${match[0]}${match[0].endsWith('(') ? '...)' : ''}`);
    }
  });
  return problems;
}

/** The frontend packages' and the server's files: tracked, and new ones not ignored (so that a colour fails before it is committed). */
function checkedFiles(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...FRONTEND_WORKSPACES, SERVER_SOURCES], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return [...new Set(output.split('\0').filter(Boolean))];
}

/** Every colour literal outside the tokens in the repository's frontend packages and server sources. */
export function repositoryColourProblems(root) {
  const problems = [];
  for (const file of checkedFiles(root)) {
    if (!isChecked(file)) continue;
    const absolute = path.join(root, file);
    // A tracked file deleted in the working tree is gone from what is checked.
    if (!existsSync(absolute)) continue;
    problems.push(...colourProblems(file, readFileSync(absolute, 'utf8')));
  }
  return problems;
}
