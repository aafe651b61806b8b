import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { fillTemplate, type PageInfo, matchRoute } from '@skylift/shared/pages';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { RouteMeta } from '../meta/RouteMeta';
import { useSite } from '../site/site';

// The 404 page and the redirects are chunks of their own (most visits need neither), waited for by the
// Suspense around the routes; a remote's page has its own (RemoteRoute).
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((module) => ({ default: module.NotFoundPage })));
const RedirectRoute = lazy(() => import('./RedirectRoute').then((module) => ({ default: module.RedirectRoute })));

/**
 * A page renders only when the shared matcher agrees that this address belongs to it: that is where the
 * declared parameter rules live (a network tool must be one of the known tools, a scope must start with @),
 * and the web server applies the same matcher, so client and server always agree on what is a 404.
 */
function PageRouteElement({ remote, page }: { remote: string; page: PageInfo }) {
  const { pathname } = useLocation();
  const { pages } = useSite();
  const match = matchRoute(pathname, pages);
  if (match?.kind !== 'page' || match.page !== page) return <NotFoundPage />;
  return (
    <>
      <RouteMeta title={fillTemplate(page.title, match.params)} description={fillTemplate(page.description, match.params)} />
      <RemoteRoute remote={remote} path={page.path} />
    </>
  );
}

/** Every page every remote declares, the frame's redirects, and the 404 page for the rest. */
export function AppRoutes() {
  const { pages, redirects } = useSite();
  return (
    <Suspense fallback={null}>
      <Routes>
        {redirects.map((redirect) => (
          <Route key={redirect.path} path={redirect.path} element={<RedirectRoute to={redirect.to} />} />
        ))}
        {pages.flatMap(({ remote, pages: declared }) =>
          declared.map((page) => <Route key={`${remote}:${page.path}`} path={page.path} element={<PageRouteElement remote={remote} page={page} />} />),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
