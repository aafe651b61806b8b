/**
 * A dependency-free matcher for the route table's patterns (`:param`, `:param?`), used where
 * react-router is not available (the web server) and kept consistent with react-router's rules.
 */
import { ROUTES, type RouteEntry, isValidNetworkTool } from './routeTable';

export interface RouteMatch {
  route: RouteEntry;
  params: Record<string, string>;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  const optionalCount = patternParts.filter((p) => p.endsWith('?')).length;
  if (pathParts.length > patternParts.length || pathParts.length < patternParts.length - optionalCount) return null;
  let skip = patternParts.length - pathParts.length; // optional segments left out, taken from the left
  let pi = 0;
  for (const part of patternParts) {
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (optional && skip > 0) {
        skip--;
        continue;
      }
      const value = pathParts[pi++];
      if (value === undefined) return null;
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (pathParts[pi++] !== part) {
      return null;
    }
  }
  return params;
}

export function matchRoute(pathname: string): RouteMatch | null {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of ROUTES) {
    const params = matchPattern(route.path, normalised || '/');
    if (!params) continue;
    if (route.path === '/globalping/network-tools/:tool' && !isValidNetworkTool(params['tool'] ?? '')) continue;
    if (route.path === '/package/npm/:scope?/:name' && params['scope'] !== undefined && !params['scope'].startsWith('@')) continue;
    return { route, params };
  }
  return null;
}
