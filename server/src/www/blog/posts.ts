/**
 * The product's blog posts, as the website's content remote publishes them in its build
 * (`published-content.json`, site/publishedContent.ts): each with its title, date, summary and markdown,
 * the same files the blog pages render. Checked here, since the server must not trust a build blindly.
 */
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

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Checks a list of published posts; a malformed entry throws with its position (`where` names the list). */
export function parseBlogPosts(list: unknown, where: string): BlogPost[] {
  if (!Array.isArray(list)) throw new Error(`${where} is not a JSON array.`);
  return list.map((entry: Record<string, unknown> | null, index) => {
    const { slug, title, published, summary, markdown } = entry ?? {};
    const at = `${where} entry ${index + 1}`;
    if (typeof slug !== 'string' || !SLUG.test(slug)) throw new Error(`${at}: "slug" must be lower-case words joined by dashes.`);
    if (typeof title !== 'string' || !title) throw new Error(`${at}: "title" is missing.`);
    if (typeof published !== 'string' || !Number.isFinite(Date.parse(published))) throw new Error(`${at}: "published" is not an ISO 8601 date.`);
    if (typeof summary !== 'string' || !summary) throw new Error(`${at}: "summary" is missing.`);
    if (typeof markdown !== 'string') throw new Error(`${at}: "markdown" is missing.`);
    return { slug, title, published, summary, markdown };
  });
}
