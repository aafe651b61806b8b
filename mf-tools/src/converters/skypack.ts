/** Skypack links: the whole link must match; the answer is our `+esm` build. */
import { ConversionError, trimSlash, type ComparisonExample, type ConversionTargets } from './types';

export const SKYPACK_ERROR = "Sorry, this doesn't look like a valid Skypack link :(";

const SKYPACK_LINK = new RegExp(
  [
    '^https?://cdn\\.skypack\\.dev/',
    '(@[a-z0-9~-][a-z0-9._~-]*/)?', // scope
    '([a-z0-9][a-z0-9._-]*)', // package name
    '(@\\^?\\d+\\.\\d+\\.\\d+|@\\^?\\d+\\.\\d+|@\\^?\\d+|@next)?', // exact, ^, major, major.minor or next
    '(/hooks)?',
    '((?:/[\\w-]*)+(?:\\.[a-z]+)+)?', // a file path with an extension
    '(\\?[\\w=&.-]*)?$', // query
  ].join(''),
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
  { label: 'A file in the package', link: 'https://cdn.skypack.dev/three@0.150.0/examples/jsm/controls/OrbitControls.js' },
  { label: 'A minified build', link: 'https://cdn.skypack.dev/lodash-es?min' },
];

export function convertSkypack(input: string, targets: ConversionTargets): string {
  const match = SKYPACK_LINK.exec(input);
  if (!match) throw new ConversionError(SKYPACK_ERROR);
  const [, scope = '', name, version = '', hooks, path = ''] = match;
  // The hooks part, when present, takes the place of a file path before /+esm.
  return `${trimSlash(targets.cdnUrl)}/npm/${scope}${name}${version}${hooks ?? path}/+esm`;
}
