/**
 * Old addresses of the site kept the page in the hash (`/#!jquery`), later in `/projects/jquery`: the
 * address a visitor arrives with goes straight to that package's page (sent the hash to
 * /projects/, which the web server now answers with a permanent redirect to the same page).
 *
 * The rules for reading an old address are asked for only when the address has one of the old forms (almost no
 * visit does); they are of `@skylift/shared/pages`, which the frame has loaded by then.
 */
export async function hashRedirectTarget(pathname: string, hash: string): Promise<string | null> {
  const projectsPath = pathname.startsWith('/projects/');
  // Only the old forms `#!name` and `#/name`: an ordinary anchor (`#top`) is no package.
  const oldHash = pathname === '/' && /^#[!/]/.test(hash);
  if (!projectsPath && !oldHash) return null;
  const { legacyProjectTarget, legacyProjectsRedirect } = await import('@skylift/shared/pages');
  return projectsPath ? legacyProjectsRedirect(pathname) : legacyProjectTarget(hash.slice(2));
}
