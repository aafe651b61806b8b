/**
 * The product's blog: the markdown posts of the website's content folder (`mf-marketing/content/blog/`,
 * listed with their title, date and summary in `posts.json`), the same files the blog pages render. Read
 * once, when the web server starts.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BlogPost {
  /** Stable identifier: the name of the post's markdown file and its address on the blog. */
  slug: string;
  title: string;
  /** ISO 8601 date and time, UTC. */
  published: string;
  summary: string;
  /** The post's text, markdown with `{{brand}}`-style placeholders. */
  markdown: string;
}

export const BLOG_DIR = fileURLToPath(new URL('../../../../mf-marketing/content/blog/', import.meta.url));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads and checks the posts of a blog folder; a malformed entry stops the server with its position. */
export function readBlogPosts(dir: string = BLOG_DIR): BlogPost[] {
  const list: unknown = JSON.parse(fs.readFileSync(`${dir}/posts.json`, 'utf8'));
  if (!Array.isArray(list)) throw new Error(`${dir}/posts.json is not a JSON array.`);
  return list.map((entry: Record<string, unknown>, index) => {
    const { slug, title, published, summary } = entry ?? {};
    const at = `${dir}/posts.json entry ${index + 1}`;
    if (typeof slug !== 'string' || !SLUG.test(slug)) throw new Error(`${at}: "slug" must be lower-case words joined by dashes.`);
    if (typeof title !== 'string' || !title) throw new Error(`${at}: "title" is missing.`);
    if (typeof published !== 'string' || !Number.isFinite(Date.parse(published))) throw new Error(`${at}: "published" is not an ISO 8601 date.`);
    if (typeof summary !== 'string' || !summary) throw new Error(`${at}: "summary" is missing.`);
    const markdown = fs.readFileSync(`${dir}/${slug}.md`, 'utf8');
    return { slug, title, published, summary, markdown };
  });
}

export const BLOG_POSTS: readonly BlogPost[] = readBlogPosts();
