/**
 * The documentation page at `/docs`: the contract this service serves at `/v1/spec.yaml`, shown by Scalar's
 * API reference. `/docs/init.js` loads the renderer the configuration names (by default Scalar's standalone
 * build from our own CDN at a pinned version, `../../config/referenceRenderer.ts`) with its SRI hash, so the
 * browser refuses other bytes, then starts it; nothing of the renderer is installed here. The website's frame
 * of another API's contract uses the same script. The page's content security policy allows this service and
 * the renderer's one address, nothing else.
 */
import { escapeHtml } from '@skylift/shared/format';
import type { ReferenceRenderer } from '../../config/referenceRenderer.ts';

export const DOCS_INIT_PATH = '/docs/init.js';

export function docsCsp(renderer: ReferenceRenderer): string {
  return [
    "default-src 'none'",
    `script-src 'self' ${renderer.url}`,
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
 * Loads the renderer with its hash and CORS mode (a browser checks a hash only on a CORS response; the CDN
 * allows every origin), then starts the reference in #contract-reference with the settings on that element
 * (no inline script needed). Not Scalar's own `#api-reference` element, which it would also mount by itself,
 * with its default settings. If the renderer does not load, the element says so and links the contract.
 */
export function docsInitScript(renderer: ReferenceRenderer): string {
  return `(function () {
  var element = document.getElementById('contract-reference');
  var contract = element.getAttribute('data-contract');
  var script = document.createElement('script');
  script.src = ${JSON.stringify(renderer.url)};
  script.integrity = ${JSON.stringify(renderer.integrity)};
  script.crossOrigin = 'anonymous';
  script.onload = function () {
    window.Scalar.createApiReference(element, {
      url: contract,
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      telemetry: false,
      hideDarkModeToggle: false,
      metaData: { title: element.getAttribute('data-title') }
    });
  };
  script.onerror = function () {
    var link = document.createElement('a');
    link.href = contract;
    link.textContent = contract;
    element.textContent = 'The reference could not be drawn: its renderer did not load. The contract itself: ';
    element.appendChild(link);
  };
  document.head.appendChild(script);
})();
`;
}

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
<script src="${DOCS_INIT_PATH}"></script>
</body>
</html>
`;
}
