/**
 * The documentation page at `/docs`: the contract this service serves at `/v1/spec.yaml`, shown by Scalar's
 * API reference (its self-contained browser build, served by us from the installed package, so the page
 * loads nothing from anywhere else). Its content security policy keeps it that way: scripts, requests,
 * fonts and images from this service only.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml } from '@skylift/shared/format/escapeHtml';

export const DOCS_SCRIPT_PATH = '/docs/scalar.js';
export const DOCS_INIT_PATH = '/docs/init.js';

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // The reference sets styles on its elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  // The website embeds this page on its own documentation route.
  'frame-ancestors *',
].join('; ');

const require = createRequire(import.meta.url);

/** Scalar's standalone browser build, read once. */
export function readScalarBundle(): Buffer {
  // The package exports neither its package.json nor the browser build: find it beside the main entry (dist/).
  const main = require.resolve('@scalar/api-reference');
  return fs.readFileSync(path.join(path.dirname(main), 'browser', 'standalone.js'));
}

/**
 * Starts the reference in #contract-reference with the settings on that element (no inline script needed).
 * Not Scalar's own `#api-reference` element, which it would also mount by itself, with its default settings.
 */
export const DOCS_INIT_SCRIPT = `(function () {
  var element = document.getElementById('contract-reference');
  window.Scalar.createApiReference(element, {
    url: element.getAttribute('data-contract'),
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    telemetry: false,
    hideDarkModeToggle: false,
    metaData: { title: element.getAttribute('data-title') }
  });
})();
`;

export function renderDocsPage(title: string, specUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; } .fallback { max-width: 720px; margin: 2rem auto; padding: 0 1rem; }</style>
</head>
<body>
<noscript><div class="fallback"><h1>${escapeHtml(title)}</h1><p>This reference needs JavaScript. The contract itself: <a href="${escapeHtml(specUrl)}">${escapeHtml(specUrl)}</a> (OpenAPI 3.1, YAML).</p></div></noscript>
<div id="contract-reference" data-contract="${escapeHtml(specUrl)}" data-title="${escapeHtml(title)}"></div>
<script src="${DOCS_SCRIPT_PATH}"></script>
<script src="${DOCS_INIT_PATH}"></script>
</body>
</html>
`;
}
