/**
 * The site's icon: the same mark the pages name in their own `<link rel="icon">`, also served at
 * /favicon.ico because browsers and crawlers ask for that address without reading a page (an SVG body:
 * browsers take the type from the Content-Type, not the name).
 */
import { brandMarkSvg } from '@skylift/shared/styles';

export const FAVICON_TYPE = 'image/svg+xml';

/** The mark is drawn once, with the design tokens' colours, in the frontend library (the shell's build names it too). */
export const FAVICON_SVG = brandMarkSvg();
