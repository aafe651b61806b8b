/**
 * esm.sh links: the whole link must match; the answer is our `+esm` build, with the build options both services
 * know carried over (`?dev`, `?bundle`, `?target=`, `?exports=`, `?deps=`; others are esm.sh's own and dropped).
 * A GitHub repository (`esm.sh/gh/{owner}/{repo}[@ref][/path]`) becomes our `/gh/` link of the same place.
 */
import { ConversionError, SCHEME, trimSlash, type ComparisonExample, type ConversionTargets } from './types';

export const ESM_SH_ERROR = "Sorry, this doesn't look like a valid esm.sh link :(";

const ESM_SH_LINK = new RegExp(
  [
    `${SCHEME}esm\\.sh/`,
    '(?:v\\d+/)?', // a pinned build version of esm.sh itself
    '((?:@[a-z0-9~-][a-z0-9._~-]*/)?[a-z0-9_-]+)', // package name, optionally scoped
    '(@\\d+\\.\\d+\\.\\d+(?:-[\\w.]+)?|@\\d+\\.\\d+|@\\d+)?', // major, major.minor or full
    '((?:/[\\w-]+)*(?:\\.\\w+){0,2})', // a path with up to two extensions
    '(\\?[A-Za-z0-9_=:/&@.,-]+)?$', // query
  ].join(''),
  'i',
);

/** esm.sh/gh/{owner}/{repo}, a ref after `@`, then a path. */
const ESM_SH_GITHUB = new RegExp(`${SCHEME}esm\\.sh/(?:v\\d+/)?gh/([\\w.-]+)/([\\w.-]+?)(@[\\w.-]+)?((?:/[\\w.-]+)*)/?(\\?.*)?$`, 'i');

/** Our `+esm` targets; esm.sh's others (es2015, deno, node...) have no equal and are dropped. */
const TARGETS = new Set(['es2018', 'es2019', 'es2020', 'es2021', 'es2022', 'es2023', 'es2024', 'esnext']);
const DEFAULT_TARGET = 'es2022';

/** The kinds of link the comparison table shows, in this service's form. */
export const ESM_SH_EXAMPLES: readonly ComparisonExample[] = [
  { label: 'The latest version', link: 'https://esm.sh/react' },
  { label: 'An exact version', link: 'https://esm.sh/react@18.2.0' },
  { label: 'A major version', link: 'https://esm.sh/react@18' },
  { label: 'A subpath of the package', link: 'https://esm.sh/react-dom@18.2/client' },
  { label: 'A file in the package', link: 'https://esm.sh/lodash@4.17.21/debounce.js' },
  { label: 'A development build', link: 'https://esm.sh/react@18?dev' },
  { label: 'A build option in the query', link: 'https://esm.sh/react@18?dev&target=es2022' },
  { label: 'A GitHub repository', link: 'https://esm.sh/gh/jquery/jquery@3.7.1' },
];

/** The options of an esm.sh query that our `+esm` builds take too, written as our canonical query ('' for none). */
export function esmOptionsOf(query: string): string {
  const params = new URLSearchParams(query);
  const options: string[] = [];
  if (params.has('bundle')) options.push('bundle');
  const deps = params.get('deps');
  if (deps) options.push(`deps=${deps}`);
  if (params.has('dev')) options.push('dev');
  const exports = params.get('exports');
  if (exports) options.push(`exports=${exports}`);
  const target = params.get('target')?.toLowerCase();
  if (target && TARGETS.has(target) && target !== DEFAULT_TARGET) options.push(`target=${target}`);
  return options.length ? `?${options.join('&')}` : '';
}

export function convertEsmSh(input: string, targets: ConversionTargets): string {
  const link = input.trim();
  const cdn = trimSlash(targets.cdnUrl);
  const github = ESM_SH_GITHUB.exec(link);
  if (github) {
    const [, owner, repo, ref = '', path = ''] = github;
    return `${cdn}/gh/${owner}/${repo}${ref}${path === '' ? '/' : path}`;
  }
  const match = ESM_SH_LINK.exec(link);
  if (!match || match[1]!.toLowerCase() === 'gh') throw new ConversionError(ESM_SH_ERROR);
  const [, name, version = '', path = '', query = ''] = match;
  return `${cdn}/npm/${name}${version}${path}/+esm${esmOptionsOf(query.slice(1))}`;
}
