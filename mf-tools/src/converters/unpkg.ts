/** unpkg links: a package file becomes our npm link; `?module` becomes an esm.run link. */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

export const UNPKG_ERROR = "Sorry, this doesn't look like a valid unpkg link :(";

// Name (scoped allowed), optional @version, optional path, optional ?module and nothing else.
const UNPKG_LINK = /^https?:\/\/unpkg\.com\/([^/@?]+|@[^/@?]+\/[^/@?]+)(@[^/?]+)?(\/[^?]*)?(\?module)?$/i;

export function convertUnpkg(input: string, targets: ConversionTargets): string {
  const match = UNPKG_LINK.exec(input);
  if (!match) throw new ConversionError(UNPKG_ERROR);
  const [, name, version = '', file = '', module] = match;
  const base = module ? `${trimSlash(targets.esmRunUrl)}/` : `${trimSlash(targets.cdnUrl)}/npm/`;
  return `${base}${name}${version}${file}`;
}
