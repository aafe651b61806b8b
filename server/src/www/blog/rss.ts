/** The blog as an RSS 2.0 feed, newest post first, with each post's full text for readers that show it. */
import { BRAND } from '@skylift/shared/brand';
import { escapeHtml } from '../http/escape.ts';
import type { BlogPost } from './posts.ts';

export function postUrl(wwwUrl: string, post: BlogPost): string {
  return `${wwwUrl}/blog#${post.slug}`;
}

/** Paragraphs to HTML: text escaped, `backticks` as code. */
export function postHtml(post: BlogPost): string {
  return post.paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

export function newestFirst(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => Date.parse(b.published) - Date.parse(a.published));
}

export function renderRss(posts: readonly BlogPost[], wwwUrl: string): string {
  const sorted = newestFirst(posts);
  const x = escapeHtml;
  const items = sorted.map(
    (post) => `    <item>
      <title>${x(post.title)}</title>
      <link>${x(postUrl(wwwUrl, post))}</link>
      <guid isPermaLink="true">${x(postUrl(wwwUrl, post))}</guid>
      <pubDate>${new Date(post.published).toUTCString()}</pubDate>
      <description>${x(post.summary)}</description>
      <content:encoded>${x(postHtml(post))}</content:encoded>
    </item>`,
  );
  const lastBuild = sorted[0] ? new Date(sorted[0].published).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${x(`${BRAND.name} Blog`)}</title>
    <link>${x(`${wwwUrl}/blog`)}</link>
    <atom:link href="${x(`${wwwUrl}/blog/rss`)}" rel="self" type="application/rss+xml"/>
    <description>${x(`News from the ${BRAND.name} team.`)}</description>
    <language>en</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
${items.join('\n')}
  </channel>
</rss>
`;
}
