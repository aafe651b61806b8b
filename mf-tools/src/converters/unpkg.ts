/**
 * unpkg links: a package file becomes our npm link; `?module` becomes an esm.run link. unpkg's file
 * browser (`/browse/{package}@{version}/{path}`) is its own page, not a file of the package: it becomes the
 * same place on our CDN, whose directories list their files (`/npm/react@18.2.0/`).
 */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

export const UNPKG_ERROR = "Sorry, this doesn't look like a valid unpkg link :(";

// Optional browse/ (unpkg's file browser), name (scoped allowed), optional @version, optional path, optional ?module and nothing else.
const UNPKG_LINK = /^https?:\/\/unpkg\.com\/(browse\/)?([^/@?]+|@[^/@?]+\/[^/@?]+)(@[^/?]+)?(\/[^?]*)?(\?module)?$/i;

export function convertUnpkg(input: string, targets: ConversionTargets): string {
  const match = UNPKG_LINK.exec(input);
  if (!match) throw new ConversionError(UNPKG_ERROR);
  const [, browse, name, version = '', file = '', module] = match;
  const base = module && !browse ? `${trimSlash(targets.esmRunUrl)}/` : `${trimSlash(targets.cdnUrl)}/npm/`;
  return `${base}${name}${version}${file}`;
}
