/**
 * A remote's own page (its dev server and the index.html of its build): the remote's routes in a
 * BrowserRouter with a small list of links, so a team can work on and test one remote without the shell.
 * The runtime configuration comes from the web server's /config.json when it is reachable.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router-dom';
// By the package path: this module is shared on its own, and the pages read the configuration from the package's store.
import { loadRuntimeConfig } from '@skylift/shared';
import type { PagesDeclaration } from '@skylift/shared/pages';
import { PageRoutes } from './PageRoutes';
// The design tokens the remotes' stylesheets read; the shell loads them on the site.
import '@skylift/shared/stylesheet';

export interface StandaloneOptions {
  declaration: PagesDeclaration;
  element?: HTMLElement | null;
}

function StandaloneNotFound() {
  return (
    <article className="route-page">
      <h1>Page not found</h1>
      <p>This remote has no page at this address.</p>
    </article>
  );
}

export function renderStandalone({ declaration, element = document.getElementById('root') }: StandaloneOptions): void {
  const { remote } = declaration;
  // A concrete address of each page, linked from the top of the page.
  const examples = declaration.pages.map((page) => page.example ?? page.path);
  if (!element) throw new Error('The standalone page has no #root element.');
  // The pages can render without configuration; services need it, so a missing web server is reported, not fatal.
  loadRuntimeConfig().catch((error: unknown) => {
    console.warn(`${remote}: running without runtime configuration (${error instanceof Error ? error.message : String(error)})`);
  });
  createRoot(element).render(
    <StrictMode>
      <BrowserRouter>
        <nav
          aria-label={`${remote} pages`}
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.75rem',
            padding: '0.75rem 1rem',
            borderBottom: '1px solid var(--color-border)',
            fontFamily: 'var(--font-sans)',
          }}
        >
          <strong>{remote}</strong>
          {examples.map((path) => (
            <Link key={path} to={path}>
              {path}
            </Link>
          ))}
        </nav>
        <main style={{ padding: '1rem', fontFamily: 'system-ui, sans-serif' }}>
          <PageRoutes declaration={declaration} notFound={StandaloneNotFound} />
        </main>
      </BrowserRouter>
    </StrictMode>,
  );
}
