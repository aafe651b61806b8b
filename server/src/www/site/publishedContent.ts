/**
 * What the website's content remote ships for the web server in its build, `published-content.json` beside
 * its `mf-manifest.json`: the blog's posts (the RSS feed) and the network-testing API's addresses its pages
 * call (the Content-Security-Policy). Read from the build folder this server hosts, again whenever the file
 * changes, so deploying a new build of the remote updates both without a restart; a file that fails the
 * check keeps the last good one. Without a build there are no posts and no network-testing API to allow.
 */
import path from 'node:path';
import { parseBlogPosts, type BlogPost } from '../blog/posts.ts';
import type { NetworkToolOrigins } from '../http/contentSecurityPolicy.ts';
import { WatchedJsonFile, type FileProblem } from './watchedJsonFile.ts';

/** The remote whose build publishes the site's blog and network-testing content. */
export const CONTENT_REMOTE = 'mf-marketing';
export const PUBLISHED_CONTENT_FILE = 'published-content.json';

export interface PublishedContent {
  posts: readonly BlogPost[];
  networkTool: NetworkToolOrigins;
}

export const NO_PUBLISHED_CONTENT: PublishedContent = { posts: [], networkTool: { apiUrl: null, apiContractUrl: null } };

const urlOrNull = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !/^https?:\/\//.test(value)) throw new Error(`"networkTool.${field}" is not an http(s) address.`);
  return value;
};

export function parsePublishedContent(value: unknown): PublishedContent {
  if (typeof value !== 'object' || value === null) throw new Error('not a JSON object.');
  const { posts, networkTool } = value as { posts?: unknown; networkTool?: Record<string, unknown> };
  return {
    posts: parseBlogPosts(posts, '"posts"'),
    networkTool: { apiUrl: urlOrNull(networkTool?.apiUrl, 'apiUrl'), apiContractUrl: urlOrNull(networkTool?.apiContractUrl, 'apiContractUrl') },
  };
}

/** The published content of the remote built into `remoteDir`, followed as its build changes. */
export function publishedContentOf(remoteDir: string | undefined, onProblem?: (problem: FileProblem) => void): WatchedJsonFile<PublishedContent> {
  return new WatchedJsonFile(remoteDir && path.join(remoteDir, PUBLISHED_CONTENT_FILE), parsePublishedContent, NO_PUBLISHED_CONTENT, onProblem);
}
