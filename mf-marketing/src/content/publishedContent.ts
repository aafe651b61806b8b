/**
 * What this remote ships for the web server, written by its build as `published-content.json` beside its
 * `mf-manifest.json` (webpack/publishedFilesPlugin.mjs): the blog's posts with their markdown, for the RSS
 * feed, and the network-testing API's addresses the content names, for the site's Content-Security-Policy.
 * The web server reads them from the build it hosts, never from this folder. Runs in Node at build time;
 * no page imports it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface PublishedPost {
  slug: string;
  title: string;
  published: string;
  summary: string;
  /** The post's text: markdown with `{{name}}` placeholders, which the feed fills in. */
  markdown: string;
}

export interface PublishedContent {
  posts: PublishedPost[];
  networkTool: { apiUrl: string | null; apiContractUrl: string | null };
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The content of `<packageDir>/content/`, as published: every post of `blog/posts.json` with its markdown file. */
export function publish(packageDir: string): PublishedContent {
  const content = path.join(packageDir, 'content');
  const listed = readJson(path.join(content, 'blog', 'posts.json'));
  if (!Array.isArray(listed)) throw new Error('content/blog/posts.json is not a JSON array.');
  const posts = listed.map((entry: Partial<PublishedPost>, index) => {
    if (typeof entry?.slug !== 'string') throw new Error(`content/blog/posts.json entry ${index + 1} has no "slug".`);
    const { slug, title, published, summary } = entry;
    // The server checks each field again when it reads the file; a missing markdown file fails the build here.
    return { slug, title, published, summary, markdown: readFileSync(path.join(content, 'blog', `${slug}.md`), 'utf8') } as PublishedPost;
  });
  const site = readJson(path.join(content, 'site.json')) as { networkTool?: Record<string, unknown> };
  return { posts, networkTool: { apiUrl: stringOrNull(site.networkTool?.apiUrl), apiContractUrl: stringOrNull(site.networkTool?.apiContractUrl) } };
}
