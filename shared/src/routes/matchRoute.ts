/**
 * Which page owns an address, from the remotes' page declarations and the frame's redirects. Dependency-free
 * so that the web server (404 status, titles for crawlers) and the shell (client routing) apply exactly the
 * same rules, including the parameter rules a page declares (`:scope` must start with `@`, a network tool
 * must be a known one). Patterns use react-router's syntax (`:param`, `:param?`).
 */
import type { PageInfo, RemotePages } from '../federation/pageDeclaration';
import type { FrameRedirect } from './frameRoutes';

export type RouteMatch = { kind: 'page'; remote: string; page: PageInfo; params: Record<string, string> } | { kind: 'redirect'; redirect: FrameRedirect };

export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
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

const compiled = new Map<string, RegExp>();
function ruleOf(pattern: string): RegExp {
  let rule = compiled.get(pattern);
  if (!rule) {
    // Anchored whatever the author wrote: a rule describes the whole parameter.
    rule = new RegExp(`^(?:${pattern})$`);
    compiled.set(pattern, rule);
  }
  return rule;
}

function meetsRules(page: PageInfo, params: Record<string, string>): boolean {
  for (const [name, rule] of Object.entries(page.params ?? {})) {
    const value = params[name];
    if (value !== undefined && !ruleOf(rule.pattern).test(value)) return false;
  }
  return true;
}

/** Without trailing slashes, except for the root. */
export function normalisePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * The frame's redirects come first, then each remote's pages in declaration order, remotes in the order
 * given. `pathname` is the address as sent (parameters percent-encoded).
 */
export function matchRoute(pathname: string, remotes: readonly RemotePages[], redirects: readonly FrameRedirect[] = []): RouteMatch | null {
  const normalised = normalisePathname(pathname);
  const redirect = redirects.find((r) => r.path === normalised);
  if (redirect) return { kind: 'redirect', redirect };
  for (const { remote, pages } of remotes) {
    for (const page of pages) {
      const params = matchPattern(page.path, normalised);
      if (params && meetsRules(page, params)) return { kind: 'page', remote, page, params };
    }
  }
  return null;
}
