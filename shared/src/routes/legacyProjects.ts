/**
 * The old site named a package page `/projects/{name}` (and before that `/#!{name}`). Those links live on in
 * readmes and bookmarks: they lead to the package page, permanently.
 */

const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i;
const PREFIX = '/projects/';

/** The package page for an old project name, or null when it is no npm package name. */
export function legacyProjectTarget(name: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(name).replace(/\/+$/, '');
  } catch {
    return null;
  }
  if (decoded.length > 214 || !PACKAGE_NAME.test(decoded)) return null;
  return `/package/npm/${decoded}`;
}

/** The package page an old `/projects/{name}` address stands for, or null for any other address. */
export function legacyProjectsRedirect(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  return legacyProjectTarget(pathname.slice(PREFIX.length));
}
