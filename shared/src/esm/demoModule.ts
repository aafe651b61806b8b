/**
 * The module the home page's demo imports from our CDN: an exact version, so that the website's
 * Content-Security-Policy can allow this one address of the CDN and no other (server/src/www/http/contentSecurityPolicy.ts).
 */
export const ESM_DEMO_PACKAGE = 'canvas-confetti@1.9.3';

/** Its path on the CDN. */
export const ESM_DEMO_MODULE_PATH = `/npm/${ESM_DEMO_PACKAGE}/+esm`;
