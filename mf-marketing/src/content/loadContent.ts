/**
 * Reads a file of `content/` (markdown or JSON) over HTTP, once per page load: a second page that shows the
 * same document reuses the first answer. A failed load is forgotten so that the next visit tries again.
 */
import { contentUrl } from './contentUrl';

export class ContentLoadError extends Error {
  override name = 'ContentLoadError';
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Failed to load ${url}: ${reason}`);
  }
}

const cache = new Map<string, Promise<string>>();

export function loadContentText(file: string): Promise<string> {
  const url = contentUrl(file);
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url).then(async (response) => {
      if (!response.ok) throw new ContentLoadError(url, `HTTP ${response.status}`);
      return response.text();
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

export function clearContentCache(): void {
  cache.clear();
}
