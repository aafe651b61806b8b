/** Skypack links: the whole link must match; the answer is our `+esm` build. */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

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

export function convertSkypack(input: string, targets: ConversionTargets): string {
  const match = SKYPACK_LINK.exec(input);
  if (!match) throw new ConversionError(SKYPACK_ERROR);
  const [, scope = '', name, version = '', hooks, path = ''] = match;
  // The hooks part, when present, takes the place of a file path before /+esm.
  return `${trimSlash(targets.cdnUrl)}/npm/${scope}${name}${version}${hooks ?? path}/+esm`;
}
