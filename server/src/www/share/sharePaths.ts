/** Where the share images live on the web server (a package page's image is at /open-graph/image/npm/{name}). */
export const DEFAULT_SHARE_IMAGE_PATH = '/assets/og-default.png';
export const PACKAGE_SHARE_IMAGE_PREFIX = '/open-graph/image/npm/';

/** Path of a package's share image; each segment of a scoped name is encoded on its own. */
export function packageShareImagePath(name: string): string {
  return PACKAGE_SHARE_IMAGE_PREFIX + name.split('/').map(encodeURIComponent).join('/');
}
