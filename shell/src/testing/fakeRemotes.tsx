/**
 * Test doubles of the five remotes' `./pages` modules: each page shows which remote and route rendered it,
 * so a test can tell that the shell routed an address to the right remote and pattern.
 */
import { PAGE_ROUTES, type RemoteName } from '@skylift/shared/routes/routeTable';
import type { PagesModule } from '@skylift/shared/federation/index';

export function fakePagesModule(remote: RemoteName): PagesModule {
  const pages: PagesModule['pages'] = {};
  for (const route of PAGE_ROUTES.filter((r) => r.remote === remote)) {
    pages[route.path] = function FakePage() {
      return (
        <h1>
          {remote} page {route.path}
        </h1>
      );
    };
  }
  return { pages };
}
