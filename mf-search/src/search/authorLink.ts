/** The author search link of spec 000 §2: `/?query=author%3A%20{owner}`. */
export function authorSearchPath(owner: string): string {
  return `/?query=${encodeURIComponent(`author: ${owner}`)}`;
}

/** A package's page on the site; scoped names keep their slash (`/package/npm/@scope/name`). */
export function packagePagePath(name: string, type: 'npm' | 'gh' = 'npm'): string {
  return `/package/${type}/${name.split('/').map(encodeURIComponent).join('/')}`;
}
