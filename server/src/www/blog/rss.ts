/** The blog as an RSS 2.0 feed, newest post first, with each post's full text for readers that show it. */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { BRAND } from '@skylift/shared/brand';
import { loadConfig } from '../../config/config.ts';
import { escapeHtml } from '@skylift/shared/format';
import type { BlogPost } from './posts.ts';

/**
 * Where a post is read on the website: the blog page, at the post's anchor (the blog page shows every post
 * in full, each under its slug).
 */
export function postUrl(wwwUrl: string, post: BlogPost): string {
  return `${wwwUrl}/blog/${post.slug}`;
}

/**
 * The values of the posts' `{{name}}` placeholders. The other services' public addresses come from the same
 * environment the services are configured from.
 */
export function placeholderValues(wwwUrl: string): Record<string, string> {
  const services = loadConfig().services;
  return {
    brand: BRAND.name,
    networkTool: BRAND.networkTool,
    wwwUrl,
    cdnUrl: services.cdn.publicUrl,
    dataApiUrl: services.data.publicUrl,
    esmRunUrl: services.esmrun.publicUrl,
  };
}

export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

const markdown = new Marked({ gfm: true });

/** A post's markdown as safe HTML: site-relative links made absolute, nothing active kept. */
export function postHtml(post: BlogPost, wwwUrl: string, values: Record<string, string> = placeholderValues(wwwUrl)): string {
  const html = markdown.parse(fillPlaceholders(post.markdown, values), { async: false }) as string;
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs['href'] ?? '';
        return { tagName, attribs: { ...attribs, href: href.startsWith('/') && !href.startsWith('//') ? `${wwwUrl}${href}` : href } };
      },
    },
  });
}

export function newestFirst(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts].sort((a, b) => Date.parse(b.published) - Date.parse(a.published));
}

export function renderRss(posts: readonly BlogPost[], wwwUrl: string): string {
  const sorted = newestFirst(posts);
  const values = placeholderValues(wwwUrl);
  const x = escapeHtml;
  const fill = (text: string): string => fillPlaceholders(text, values);
  const items = sorted.map(
    (post) => `    <item>
      <title>${x(fill(post.title))}</title>
      <link>${x(postUrl(wwwUrl, post))}</link>
      <guid isPermaLink="true">${x(postUrl(wwwUrl, post))}</guid>
      <pubDate>${new Date(post.published).toUTCString()}</pubDate>
      <description>${x(fill(post.summary))}</description>
      <content:encoded>${x(postHtml(post, wwwUrl, values))}</content:encoded>
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
