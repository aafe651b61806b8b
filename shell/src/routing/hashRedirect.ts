/**
 * Old addresses of the site kept the page in the hash (`/#!jquery`), later in `/projects/jquery`: the
 * address a visitor arrives with goes straight to that package's page (sent the hash to
 * /projects/, which the web server now answers with a permanent redirect to the same page).
 */
import { legacyProjectTarget, legacyProjectsRedirect } from '@skylift/shared/routes/legacyProjects';

export function hashRedirectTarget(pathname: string, hash: string): string | null {
  if (pathname.startsWith('/projects/')) return legacyProjectsRedirect(pathname);
  // Only the old forms `#!name` and `#/name`: an ordinary anchor (`#top`) is no package.
  if (pathname !== '/' || !/^#[!/]/.test(hash)) return null;
  return legacyProjectTarget(hash.slice(2));
}
