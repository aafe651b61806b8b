import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useRuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { BlogPost } from '../blog/BlogPost';
import { blogPosts, formatPostDate } from '../blog/posts';
import { scrollToHash } from '../markdown/scrollToHash';
import infoPageStyles from '../layout/InfoPage.module.css';
import blogStyles from '../blog/Blog.module.css';

/**
 * /blog: the list of posts, then every post in full under its own anchor (/blog#{slug}). At /blog/{slug},
 * where the feed and the footer link, one post alone.
 */
export function BlogPage() {
  const { hash, pathname } = useLocation();
  // Each post's address is a page of its own (see the page declaration); /blog lists them all.
  const slug = /^\/blog\/([^/]+)\/?$/.exec(pathname)?.[1];
  const brand = useRuntimeConfig()?.brand ?? BRAND.name;
  const posts = useMemo(() => blogPosts(brand), [brand]);
  // The anchor can only be scrolled to once the post it names has loaded.
  const hashSlug = decodeURIComponent(hash.replace(/^#/, ''));
  const onReadyOf = useCallback((postSlug: string) => (postSlug === hashSlug ? () => scrollToHash(hash) : undefined), [hash, hashSlug]);

  if (slug !== undefined) {
    const post = posts.find((candidate) => candidate.slug === slug);
    return (
      <div className={`${infoPageStyles.page} ${infoPageStyles.pageNarrow}`}>
        {post ? (
          <BlogPost post={post} headingLevel={1} />
        ) : (
          <>
            <h1>Post not found</h1>
            <p>
              There is no post at this address. See <Link to="/blog">all posts</Link>.
            </p>
          </>
        )}
      </div>
    );
  }

  return (
    <div className={`${infoPageStyles.page} ${infoPageStyles.pageNarrow}`}>
      <div className={blogStyles.blogHeader}>
        <h1>Blog</h1>
        <a href="/blog/rss" type="application/rss+xml">
          RSS feed
        </a>
      </div>
      {posts.length === 0 ? (
        <div className={infoPageStyles.empty}>
          <p>No posts yet.</p>
        </div>
      ) : (
        <>
          <ul className={blogStyles.blogIndex} aria-label="Posts">
            {posts.map((post) => (
              <li key={post.slug}>
                <a href={`#${post.slug}`}>{post.title}</a> <time dateTime={post.published}>{formatPostDate(post.published)}</time>
                <p>{post.summary}</p>
              </li>
            ))}
          </ul>
          {posts.map((post) => {
            const onReady = onReadyOf(post.slug);
            return <BlogPost key={post.slug} post={post} headingLevel={2} {...(onReady ? { onReady } : {})} />;
          })}
        </>
      )}
    </div>
  );
}
