import { useAsync } from '@skylift/shared';
import { fetchLatestPosts, type BlogPost } from './blogFeed';

export type LatestPostsState = { status: 'loading' } | { status: 'ready'; posts: BlogPost[] } | { status: 'failed' };

/** The five latest posts, fetched once per mount of the footer (the frame mounts it once). */
export function useLatestPosts(): LatestPostsState {
  const posts = useAsync(fetchLatestPosts, []);
  if (posts.status === 'ok') return { status: 'ready', posts: posts.value };
  return posts.status === 'error' ? { status: 'failed' } : { status: 'loading' };
}
