/** Which package a page shows, from the route's parameters: npm names may be scoped, GitHub names are user/repo. */
import type { PackageType } from '@skylift/shared';

export interface PackageRef {
  type: PackageType;
  name: string;
}

export function npmRef(scope: string | undefined, name: string): PackageRef {
  return { type: 'npm', name: scope ? `${scope}/${name}` : name };
}

export function ghRef(user: string, repo: string): PackageRef {
  return { type: 'gh', name: `${user}/${repo}` };
}

/** The page's own address for a package (used by links between tabs and by the share button). */
export function packagePagePath(ref: PackageRef): string {
  return `/package/${ref.type}/${ref.name}`;
}
