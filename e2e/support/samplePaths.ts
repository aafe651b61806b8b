/** A concrete path for every page route of the route table, with real-looking parameters. */
import { PAGE_ROUTES, type PageRoute } from '../../shared/src/routes/routeTable.ts';

const SAMPLE_PARAMS: Record<string, Record<string, string>> = {
  // Packages and repositories that the fixture upstreams serve (server/test/fixtures/upstream/).
  '/package/npm/:scope?/:name': { name: 'tiny-lib' },
  '/package/gh/:user/:repo': { user: 'skylift-fixtures', repo: 'tagged' },
  '/terms/:currentPolicy': { currentPolicy: 'privacy-policy' },
  '/oss-cdn/:name': { name: 'pyodide' },
  '/globalping/network-tools/:tool': { tool: 'ping-from-europe' },
};

export function samplePath(route: PageRoute): string {
  const params = SAMPLE_PARAMS[route.path] ?? {};
  return route.path
    .split('/')
    .filter((part) => !(part.endsWith('?') && !(part.slice(1, -1) in params)))
    .map((part) => (part.startsWith(':') ? encodeURIComponent(params[part.replace(/^:|\?$/g, '')] ?? 'x') : part))
    .join('/') || '/';
}

export const SAMPLE_PAGES: Array<{ route: PageRoute; path: string }> = PAGE_ROUTES.map((route) => ({ route, path: samplePath(route) }));
