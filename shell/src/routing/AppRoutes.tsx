import { Route, Routes, useLocation } from 'react-router-dom';
import { matchRoute } from '@skylift/shared/routes/matchRoute';
import { ROUTES, type PageRoute } from '@skylift/shared/routes/routeTable';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { RouteMeta } from '../meta/RouteMeta';
import { RedirectRoute } from './RedirectRoute';

/**
 * A page route renders only when the shared matcher agrees that this address belongs to it: that is where
 * the table's extra rules live (a network tool must be one of the known tools, a scope must start with @),
 * and the web server applies the same matcher, so client and server always agree on what is a 404.
 */
function PageRouteElement({ route }: { route: PageRoute }) {
  const { pathname } = useLocation();
  if (matchRoute(pathname)?.route !== route) return <NotFoundPage />;
  return (
    <>
      <RouteMeta title={route.title} description={route.description} />
      <RemoteRoute remote={route.remote} path={route.path} />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {ROUTES.map((route) =>
        route.kind === 'page' ? (
          <Route key={route.path} path={route.path} element={<PageRouteElement route={route} />} />
        ) : (
          <Route key={route.path} path={route.path} element={<RedirectRoute to={route.to} />} />
        ),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
