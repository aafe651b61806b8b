/** What a visitor sees while the website has not been built: how to build it, instead of an error. */
import { BRAND } from '@skylift/shared/brand';
import { escapeHtml } from '@skylift/shared/format';
import { palette } from '@skylift/shared/styles';

export const BUILD_HINT = 'Run `npm run build` (or `npm start`, which builds first), then reload this page.';

export function missingBuildMessage(what: string): string {
  return `The ${what} has not been built yet. ${BUILD_HINT}`;
}

export function missingBuildPage(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${escapeHtml(title)}</title>
    <style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:${palette.slate800}}code{background:${palette.slate100};padding:.1rem .3rem;border-radius:3px}</style>
  </head>
  <body>
    <h1>${escapeHtml(BRAND.name)} is not built yet</h1>
    <p>The website's files are missing, so there is nothing to show here yet.</p>
    <p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
  </body>
</html>
`;
}
