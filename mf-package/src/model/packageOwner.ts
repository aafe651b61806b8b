/**
 * Who owns a package, as its page shows them: the user of a GitHub repository, or of the GitHub repository an
 * npm package names. Their avatar is the code host's `/{user}.png` (which redirects to its avatar host).
 */
import type { PackageRef } from './packageRef';

export interface PackageOwner {
  name: string;
  avatar: string;
  link: string;
}

const CODE_HOST = 'github.com';

export function packageOwner(pkg: PackageRef, repository: { url: string; path: string } | null): PackageOwner | null {
  let user: string | undefined;
  if (pkg.type === 'gh') user = pkg.name.split('/')[0];
  else if (repository) {
    try {
      if (new URL(repository.url).hostname.toLowerCase() === CODE_HOST) user = repository.path.split('/')[0];
    } catch {
      user = undefined;
    }
  }
  if (!user) return null;
  const link = `https://${CODE_HOST}/${user}`;
  return { name: user, avatar: `${link}.png?size=64`, link };
}
