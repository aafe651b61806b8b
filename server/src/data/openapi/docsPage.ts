/**
 * The documentation page at `/docs`: the contract this service serves at `/v1/spec.yaml`, shown by Scalar's
 * API reference. Its self-contained browser build comes from our own CDN at an exact version, checked by its
 * SRI hash (`@skylift/shared/api/referenceRenderer`); nothing of it is installed here. The page's content
 * security policy allows that one address of the CDN and this service, nothing else.
 */
import { escapeHtml } from '@skylift/shared/format/escapeHtml';
import { REFERENCE_RENDERER_PATH, referenceRendererScript } from '@skylift/shared/api/referenceRenderer';

export const DOCS_INIT_PATH = '/docs/init.js';

/** The origin of the CDN the renderer is loaded from, as a CSP source. */
function cdnOrigin(cdnUrl: string): string {
  return new URL(cdnUrl).origin;
}

export function docsCsp(cdnUrl: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${cdnOrigin(cdnUrl)}${REFERENCE_RENDERER_PATH}`,
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

export function renderDocsPage(title: string, specUrl: string, cdnUrl: string): string {
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
${referenceRendererScript(cdnUrl)}
<script src="${DOCS_INIT_PATH}"></script>
</body>
</html>
`;
}
