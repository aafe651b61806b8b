/**
 * The latest blog posts for the footer, from the web server's RSS 2.0 feed (`/blog/rss`): title, link and
 * publication date of each item, newest first.
 */
export interface BlogPost {
  title: string;
  link: string;
  pubDate: Date;
}

export const FOOTER_POST_COUNT = 5;

export function parseBlogFeed(xml: string): BlogPost[] {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error('The blog feed is not valid XML.');
  const text = (item: Element, tag: string): string => item.getElementsByTagName(tag)[0]?.textContent?.trim() ?? '';
  return Array.from(document.getElementsByTagName('item'))
    .map((item) => ({ title: text(item, 'title'), link: text(item, 'link'), pubDate: new Date(text(item, 'pubDate')) }))
    .filter((post) => post.title !== '' && post.link !== '' && !Number.isNaN(post.pubDate.getTime()))
    .sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime());
}

export async function fetchLatestPosts(url = '/blog/rss', count = FOOTER_POST_COUNT): Promise<BlogPost[]> {
  const response = await fetch(url, { headers: { accept: 'application/rss+xml, application/xml' } });
  if (!response.ok) throw new Error(`The blog feed could not be loaded (HTTP ${response.status}).`);
  return parseBlogFeed(await response.text()).slice(0, count);
}
