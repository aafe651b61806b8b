/**
 * The site's icon: the same mark the pages name in their own `<link rel="icon">`, also served at
 * /favicon.ico because browsers and crawlers ask for that address without reading a page (an SVG body:
 * browsers take the type from the Content-Type, not the name).
 */
export const FAVICON_TYPE = 'image/svg+xml';

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b3d91"/><path d="M8 21l8-12 8 12h-5l-3-4.5-3 4.5z" fill="#fff"/></svg>';
