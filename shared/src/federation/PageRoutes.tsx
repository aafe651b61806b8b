/**
 * Renders the page of a remote's declaration that owns the current address: used by the remote's standalone
 * page and by `mount`. The declared parameter rules apply, as they do in the shell and on the web server.
 */
import { Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { lazyPage } from '@skylift/shared';
import { matchRoute, remotePagesOf, type PagesDeclaration } from '@skylift/shared/pages';

export interface PageRoutesProps {
  declaration: PagesDeclaration;
  notFound?: ComponentType;
}

export function PageRoutes({ declaration, notFound: NotFound }: PageRoutesProps) {
  const { pathname } = useLocation();
  const match = matchRoute(pathname, [remotePagesOf(declaration)]);
  const definition = match?.kind === 'page' ? declaration.pages.find((page) => page.path === match.page.path) : undefined;
  if (!definition) return NotFound ? <NotFound /> : null;
  const Page = lazyPage(definition);
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      {/* A route of its own, so the page reads its parameters with useParams as it would in the shell. */}
      <Routes>
        <Route path={definition.path} element={<Page />} />
      </Routes>
    </Suspense>
  );
}
