/**
 * The JSON content, bundled into this remote at build time (a change needs a rebuild of mf-marketing only).
 * Markdown documents are loaded on demand with `loadContentText`.
 */
import site from '../../content/site.json';
import people from '../../content/people.json';
import plans from '../../content/plans.json';
import history from '../../content/history.json';
import posts from '../../content/blog/posts.json';
import type { BlogPostMeta, MarketingContent, PeopleContent, Plan, TimelineEvent } from './types';

export const SITE = site as MarketingContent;
export const PEOPLE = people as PeopleContent;
export const PLANS = plans as Plan[];
export const HISTORY = history as unknown as TimelineEvent[];
export const BLOG_POSTS = posts as BlogPostMeta[];
