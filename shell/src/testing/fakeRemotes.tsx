/**
 * Test doubles of the remotes' `./pages` modules, from the test site's declarations: each page shows which
 * remote and pattern rendered it, so a test can tell that the shell routed an address to the right page.
 */
import type { PagesModule } from '@skylift/shared/pages';
import { TEST_PAGES } from './testSite';

export function fakePagesModule(remote: string): PagesModule {
  const declared = TEST_PAGES.find((entry) => entry.remote === remote)?.pages ?? [];
  return {
    pages: {
      remote,
      pages: declared.map((info) => ({
        ...info,
        load: async () =>
          function FakePage() {
            return (
              <h1>
                {remote} page {info.path}
              </h1>
            );
          },
      })),
    },
  };
}
