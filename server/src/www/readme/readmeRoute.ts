/**
 * `GET /readme/{type}/{name}[/{version}]`: the readme of a package version as sanitised HTML, read from the
 * version's own files through the package layer. A version with no readme answers the placeholder text the
 * package page knows, so the page can switch to its Files tab. An npm version over its size limit has no
 * listing, so its readme is taken singly out of its tarball, as the CDN serves its single files.
 */
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PackageError, type PackageRef, type PackageStore } from '../../packages/types.ts';
import { sendCacheable } from '../../http/conditional.ts';
import { sendError } from '../http/errors.ts';
import { normaliseRequestPath } from '../static/requestPath.ts';
import { findReadme } from './findReadme.ts';
import { renderReadme } from './renderReadme.ts';
import { isSizeRefusal, readOversizedReadme } from './oversizedReadme.ts';
import { githubRepositoryOf, repositoryRawBase } from './repositoryRaw.ts';
import { readStoredText } from '../../packages/storedFile.ts';

export const README_PREFIX = '/readme/';
export const NO_README = 'ERROR: No README data found!';

/** An exact version never changes; a tag or "latest" moves, so it is looked at again after five minutes. */
const EXACT_VERSION_CACHE = 'public, max-age=604800';
const MOVING_VERSION_CACHE = 'public, max-age=300';
/** Readmes past this size are not rendered (a megabyte of markdown is not documentation, and costs time). */
const MAX_README_BYTES = 1_000_000;

export interface ReadmeRequest {
  ref: PackageRef;
  /** '' asks for the latest version. */
  version: string;
}

/** Reads `{type}/{name}[/{version}]`: an npm name may be scoped (two segments), a GitHub name is always user/repo. */
export function parseReadmePath(rest: string): ReadmeRequest | { error: string } {
  const segments = rest.split('/').filter((segment) => segment !== '');
  const [type, ...parts] = segments;
  if (type !== 'npm' && type !== 'gh') return { error: 'The package type must be npm or gh.' };
  const nameLength = type === 'gh' || parts[0]?.startsWith('@') ? 2 : 1;
  if (parts.length < nameLength) return { error: type === 'gh' ? 'A GitHub repository is named user/repo.' : 'The package name is missing.' };
  if (parts.length > nameLength + 1) return { error: 'The address has more parts than a package name and a version.' };
  return { ref: { type, name: parts.slice(0, nameLength).join('/') }, version: parts[nameLength] ?? '' };
}

/** Rendered readmes of exact versions (they never change), so a popular page is not rendered again per visit. */
function createRenderedCache(): LRUCache<string, string> {
  return new LRUCache<string, string>({ max: 2_000, maxSize: 64 * 1024 * 1024, sizeCalculation: (html) => Math.max(1, html.length) });
}

export interface ReadmeRouteOptions {
  packages: () => Promise<PackageStore>;
  cdnUrl: string;
  /** Where GitHub repositories' files are served raw, for readme images a package left out. */
  githubRawUrl?: string;
  /** Images of other hosts as the page loads them (through the image proxy); left as they are without it. */
  proxyImage?: (url: string) => string | null;
}

/** The package's own package.json, parsed; null when it has none or it cannot be read. */
async function readManifest(store: PackageStore, ref: PackageRef, version: string, files: ReadonlySet<string>): Promise<unknown> {
  if (!files.has('/package.json')) return null;
  try {
    const stored = await store.file(ref, version, '/package.json');
    return stored ? (JSON.parse(await readStoredText(stored)) as unknown) : null;
  } catch {
    return null;
  }
}

export function registerReadmeRoute(app: FastifyInstance, options: ReadmeRouteOptions): void {
  const rendered = createRenderedCache();
  app.get(`${README_PREFIX}*`, async (request, reply) => {
    const target = normaliseRequestPath(request.raw.url ?? request.url);
    if (!target.ok) return sendError(reply, 400, target.message);
    const parsed = parseReadmePath(target.pathname.slice(README_PREFIX.length));
    if ('error' in parsed) return sendError(reply, 400, parsed.error);
    const { ref, version } = parsed;
    try {
      const store = await options.packages();
      const resolved = await store.resolve(ref, version);
      const cacheControl = resolved.version === version && resolved.kind !== 'branch' ? EXACT_VERSION_CACHE : MOVING_VERSION_CACHE;
      const cacheKey = `${ref.type}/${ref.name}@${resolved.version}`;
      const known = resolved.kind === 'branch' ? undefined : rendered.get(cacheKey);
      if (known !== undefined) {
        const contentType = known === NO_README ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8';
        return sendCacheable(request, reply, { body: known, contentType, cacheControl });
      }
      const listing = await store.listing(ref, resolved.version).catch((error: unknown) => {
        if (ref.type === 'npm' && isSizeRefusal(error)) return null;
        throw error;
      });
      if (listing === null) {
        // Over the size limit the listing is refused, but the CDN serves single files: so is the readme.
        const single = await readOversizedReadme(store, ref, resolved.version);
        const html =
          single === null || single.stored.size > MAX_README_BYTES
            ? NO_README
            : renderReadme({
                path: single.path,
                text: await readStoredText(single.stored),
                fileBase: `${options.cdnUrl}/${ref.type}/${ref.name}@${resolved.version}`,
                ...(options.proxyImage ? { proxyImage: options.proxyImage } : {}),
              });
        if (resolved.kind !== 'branch') rendered.set(cacheKey, html);
        const contentType = html === NO_README ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8';
        return sendCacheable(request, reply, { body: html, contentType, cacheControl });
      }
      const readmePath = findReadme(listing.files);
      const stored = readmePath === null ? null : await store.file(ref, resolved.version, readmePath);
      if (readmePath === null || stored === null || stored.size > MAX_README_BYTES) {
        if (resolved.kind !== 'branch') rendered.set(cacheKey, NO_README);
        return sendCacheable(request, reply, { body: NO_README, contentType: 'text/plain; charset=utf-8', cacheControl });
      }
      const text = await readStoredText(stored);
      const fileBase = `${options.cdnUrl}/${ref.type}/${ref.name}@${resolved.version}`;
      const files = new Set(listing.files.map((file) => file.path));
      // A repository's version holds all its files; an npm package may leave out what its readme shows.
      const repository = ref.type === 'npm' && options.githubRawUrl ? githubRepositoryOf(await readManifest(store, ref, resolved.version, files)) : null;
      const repositoryRaw = repository && options.githubRawUrl ? repositoryRawBase(options.githubRawUrl, repository) : null;
      const html = renderReadme({
        path: readmePath,
        text,
        fileBase,
        hasFile: (path) => files.has(path),
        repositoryRaw,
        ...(options.proxyImage ? { proxyImage: options.proxyImage } : {}),
      });
      if (resolved.kind !== 'branch') rendered.set(cacheKey, html);
      return sendCacheable(request, reply, { body: html, contentType: 'text/html; charset=utf-8', cacheControl });
    } catch (error) {
      if (error instanceof PackageError) return sendError(reply, error.status, error.message);
      throw error;
    }
  });
}
