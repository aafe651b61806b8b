/**
 * What the website's content remote ships for the web server in its build, `published-content.json` beside
 * its `mf-manifest.json`: the blog's posts (the RSS feed) and the network-testing API's addresses its pages
 * call (the Content-Security-Policy). The server names no remote: the content remote is the one whose build
 * publishes the file, as its build configuration declares (`publishes`, webpack/README.md). Read from the
 * build folders this server hosts, again whenever a file changes, so deploying a new build updates both
 * without a restart; a file that fails the check keeps the last good one. Without such a build there are no
 * posts and no network-testing API to allow.
 */
import path from 'node:path';
import { parseBlogPosts, type BlogPost } from '../blog/posts.ts';
import type { NetworkToolOrigins } from '../http/contentSecurityPolicy.ts';
import { WatchedJsonFile, type FileProblem } from './watchedJsonFile.ts';

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

export interface PublishedContentOptions {
  /** Told once per change of a file that cannot be used. */
  onProblem?: (problem: FileProblem) => void;
  /** Told when the builds publishing content change and there is more than one: the first is used. */
  onSeveral?: (remotes: string[]) => void;
}

/** The content the hosted builds publish, followed as they change: that of the first remote, in the order given, whose build has the file. */
export class PublishedContentSource {
  private readonly files: Array<{ remote: string; file: WatchedJsonFile<PublishedContent | null> }>;
  private publishers = '';

  /** @param remoteDirs the build folder of each remote this server hosts, in the remotes' order */
  constructor(
    remoteDirs: Readonly<Record<string, string>>,
    private readonly options: PublishedContentOptions = {},
  ) {
    // A build without the file (or with none good yet) publishes nothing: null, not the empty content.
    this.files = Object.entries(remoteDirs).map(([remote, dir]) => ({
      remote,
      file: new WatchedJsonFile<PublishedContent | null>(path.join(dir, PUBLISHED_CONTENT_FILE), parsePublishedContent, null, options.onProblem),
    }));
  }

  async current(): Promise<PublishedContent> {
    const found = await Promise.all(this.files.map(async ({ remote, file }) => ({ remote, content: await file.current() })));
    const publishing = found.filter((entry): entry is { remote: string; content: PublishedContent } => entry.content !== null);
    const publishers = publishing.map(({ remote }) => remote);
    if (publishers.join(' ') !== this.publishers) {
      this.publishers = publishers.join(' ');
      if (publishers.length > 1) this.options.onSeveral?.(publishers);
    }
    return publishing[0]?.content ?? NO_PUBLISHED_CONTENT;
  }
}
