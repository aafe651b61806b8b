/** The author search link: `/?query=author%3A%20{owner}`. */
export function authorSearchPath(owner: string): string {
  return `/?query=${encodeURIComponent(`author: ${owner}`)}`;
}

/** A package's page on the site; scoped names keep their slash (`/package/npm/@scope/name`). */
export function packagePagePath(name: string, type: 'npm' | 'gh' = 'npm'): string {
  // `@` stays readable: it is allowed in a path and is how npm scopes look everywhere.
  return `/package/${type}/${name
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/^%40/, '@'))
    .join('/')}`;
}
