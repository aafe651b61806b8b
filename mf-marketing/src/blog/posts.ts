import { BRAND } from '@skylift/shared/brand';
import { BLOG_POSTS } from '../content/content';
import { fillPlaceholders } from '../markdown/renderMarkdown';
import type { BlogPostMeta } from '../content/types';

/** The posts of content/blog/posts.json, newest first, with placeholders in titles and summaries filled. */
export function blogPosts(brand: string = BRAND.name): BlogPostMeta[] {
  return [...BLOG_POSTS]
    .sort((a, b) => Date.parse(b.published) - Date.parse(a.published))
    .map((post) => ({ ...post, title: fillPlaceholders(post.title, { brand }), summary: fillPlaceholders(post.summary, { brand }) }));
}

export const postFile = (slug: string): string => `blog/${slug}.md`;

export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
