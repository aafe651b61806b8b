/** esm.sh links: the whole link must match; the answer is our `+esm` build. */
import { ConversionError, trimSlash, type ComparisonExample, type ConversionTargets } from './types';

export const ESM_SH_ERROR = "Sorry, this doesn't look like a valid esm.sh link :(";

const ESM_SH_LINK = new RegExp(
  [
    '^https?://esm\\.sh/',
    '((?:@[a-z0-9~-][a-z0-9._~-]*/)?[a-z0-9_-]+)', // package name, optionally scoped
    '(@\\d+\\.\\d+\\.\\d+|@\\d+\\.\\d+|@\\d+)?', // major, major.minor or full
    '((?:/[\\w-]+)*(?:\\.\\w+){0,2})', // a path with up to two extensions
    '(\\?[A-Za-z0-9_=:/&@.-]+)?$', // query
  ].join(''),
  'i',
);

/** The kinds of link the comparison table shows, in this service's form. */
export const ESM_SH_EXAMPLES: readonly ComparisonExample[] = [
  { label: 'The latest version', link: 'https://esm.sh/react' },
  { label: 'An exact version', link: 'https://esm.sh/react@18.2.0' },
  { label: 'A major version', link: 'https://esm.sh/react@18' },
  { label: 'A subpath of the package', link: 'https://esm.sh/react-dom@18.2/client' },
  { label: 'A file in the package', link: 'https://esm.sh/lodash@4.17.21/debounce.js' },
  { label: 'A build option in the query', link: 'https://esm.sh/react@18?dev&target=es2022' },
];

export function convertEsmSh(input: string, targets: ConversionTargets): string {
  const match = ESM_SH_LINK.exec(input);
  if (!match) throw new ConversionError(ESM_SH_ERROR);
  const [, name, version = '', path = ''] = match;
  return `${trimSlash(targets.cdnUrl)}/npm/${name}${version}${path}/+esm`;
}
