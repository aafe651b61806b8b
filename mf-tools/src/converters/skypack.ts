/**
 * Skypack links: the whole link must match; the answer is our `+esm` build. A package, optionally scoped, with a
 * version (exact, `^` range, major, major.minor or `next`) and a subpath or file (`lodash-es/debounce`,
 * `preact@10/hooks`, `three@0.150.0/examples/jsm/controls/OrbitControls.js`); or a pinned link
 * (`/pin/react@v17.0.2-{hash}/mode=imports,min/optimized/react.js`), which names an exact version.
 */
import { ConversionError, SCHEME, trimSlash, type ComparisonExample, type ConversionTargets } from './types';

export const SKYPACK_ERROR = "Sorry, this doesn't look like a valid Skypack link :(";

const SCOPE = '(@[a-z0-9~-][a-z0-9._~-]*/)?';
const NAME = '([a-z0-9][a-z0-9._-]*)';

const SKYPACK_LINK = new RegExp(
  [
    `${SCHEME}cdn\\.skypack\\.dev/`,
    SCOPE,
    NAME,
    '(@\\^?\\d+\\.\\d+\\.\\d+|@\\^?\\d+\\.\\d+|@\\^?\\d+|@next)?', // exact, ^, major, major.minor or next
    '((?:/[\\w.-]+)*)', // a subpath or a file path
    '(\\?[\\w=&.-]*)?$', // query
  ].join(''),
  'i',
);

/** `/pin/{name}@v{version}-{hash}/{options}/optimized/{file}` (or `/-/` for `/pin/`): the build of one exact version. */
const PINNED_LINK = new RegExp(
  `${SCHEME}cdn\\.skypack\\.dev/(?:pin|-)/${SCOPE}${NAME}@v(\\d+\\.\\d+\\.\\d+(?:-[\\w.]+?)?)-[A-Za-z0-9]{20}/[\\w=,.-]+/optimized/(.+)\\.js$`,
  'i',
);

/** The kinds of link the comparison table shows, in this service's form. */
export const SKYPACK_EXAMPLES: readonly ComparisonExample[] = [
  { label: 'The latest version', link: 'https://cdn.skypack.dev/canvas-confetti' },
  { label: 'An exact version', link: 'https://cdn.skypack.dev/react@17.0.2' },
  { label: 'A version range', link: 'https://cdn.skypack.dev/react@^17.0.1' },
  { label: 'A major version', link: 'https://cdn.skypack.dev/react@17' },
  { label: 'A scoped package', link: 'https://cdn.skypack.dev/@material/ripple@14' },
  { label: 'A subpath of the package', link: 'https://cdn.skypack.dev/preact@10/hooks' },
  { label: 'A module of the package', link: 'https://cdn.skypack.dev/lodash-es/debounce' },
  { label: 'A file in the package', link: 'https://cdn.skypack.dev/three@0.150.0/examples/jsm/controls/OrbitControls.js' },
  { label: 'A pinned build', link: 'https://cdn.skypack.dev/pin/react@v17.0.2-ePyNxRkPiAYOSxpbqrjE/mode=imports,min/optimized/react.js' },
  { label: 'A minified build', link: 'https://cdn.skypack.dev/lodash-es?min' },
];

export function convertSkypack(input: string, targets: ConversionTargets): string {
  const link = input.trim();
  const cdn = trimSlash(targets.cdnUrl);
  const pinned = PINNED_LINK.exec(link);
  if (pinned) {
    const [, scope = '', name, version, file] = pinned;
    // The package's own build is named after it (`optimized/react.js`), a subpath's after the package and the
    // subpath (`optimized/preact/hooks.js`); any other file is a dependency's, not a link anyone pastes.
    const own = `${scope}${name}`;
    const subpath = file === name || file === own ? '' : file!.startsWith(`${own}/`) ? file!.slice(own.length) : null;
    if (subpath === null) throw new ConversionError(SKYPACK_ERROR);
    return `${cdn}/npm/${scope}${name}@${version}${subpath}/+esm`;
  }
  const match = SKYPACK_LINK.exec(link);
  if (!match || /^\/(?:pin|-)\//.test(new URL(link, 'https://cdn.skypack.dev').pathname)) throw new ConversionError(SKYPACK_ERROR);
  const [, scope = '', name, version = '', path = ''] = match;
  return `${cdn}/npm/${scope}${name}${version}${path}/+esm`;
}
