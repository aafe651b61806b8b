import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { isLoadFailure } from './remotes/RemoteErrorBoundary';
import { SiteProvider, type Site } from './site/site';
import { startShell } from './startup/startShell';
import '@skylift/shared/stylesheet';
import './global.css';

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element.');
const root: Root = createRoot(element, {
  // A page whose code a redeployment of its remote removed is loaded again by its boundary (remotes/): no error to report.
  onCaughtError: (error, info) => {
    if (!isLoadFailure(error)) console.error(error, info.componentStack ?? '');
  },
});

function render(site: Site): void {
  root.render(
    <StrictMode>
      <SiteProvider site={site}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </SiteProvider>
    </StrictMode>,
  );
}

function renderFailure(error: unknown): void {
  console.error(`The site could not start: ${error instanceof Error ? error.message : String(error)}`);
  root.render(
    <main style={{ padding: '2rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>The site could not start</h1>
      <p>Its configuration could not be loaded. Please reload the page in a moment.</p>
    </main>,
  );
}

try {
  const site = startShell();
  if (site instanceof Promise) site.then(render, renderFailure);
  else render(site);
} catch (error) {
  renderFailure(error);
}
