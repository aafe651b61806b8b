/**
 * The title and description of a package page ('{name} CDN by {product} - A CDN for npm and
 * GitHub'), and what the page of a package that does not exist says, pure so that the web server (HTML for
 * crawlers, link previews and the first paint) and the page itself (after client-side navigation) say exactly
 * the same.
 */
import { BRAND } from '@skylift/shared/brand';

export type PackageKind = 'npm' | 'gh';

export function packagePageTitle(name: string): string {
  return `${name} CDN by ${BRAND.name} - A CDN for npm and GitHub`;
}

/** The generic description, led by the package's own one-line description when it has one. */
export function packagePageDescription(type: PackageKind, name: string, ownDescription?: string | null): string {
  const source = type === 'npm' ? 'every file of every version published to npm' : 'every file of every release on GitHub';
  const lead = ownDescription ? `${ownDescription.replace(/\.?\s*$/, '.')} ` : '';
  return `${lead}A free, fast, and reliable CDN for ${name}: ${source}, with usage statistics and ready-made links.`;
}

export const PACKAGE_NOT_FOUND_HEADING = 'Package not found';

/** The error catalogue's sentence for a package that does not exist. */
export function packageNotFoundText(name: string): string {
  return `Package ${name} was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
}
