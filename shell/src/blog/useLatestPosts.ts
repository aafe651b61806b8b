import { useEffect, useState } from 'react';
import { fetchLatestPosts, type BlogPost } from './blogFeed';

export type LatestPostsState = { status: 'loading' } | { status: 'ready'; posts: BlogPost[] } | { status: 'failed' };

/** The five latest posts, fetched once per mount of the footer (the frame mounts it once). */
export function useLatestPosts(): LatestPostsState {
  const [state, setState] = useState<LatestPostsState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchLatestPosts().then(
      (posts) => current && setState({ status: 'ready', posts }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
