import { Link } from 'react-router-dom';
import { useLatestPosts } from '../../blog/useLatestPosts';
import styles from './Footer.module.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The five latest blog posts, newest first; if the feed cannot be read, a link to the blog instead. */
export function LatestPosts() {
  const state = useLatestPosts();
  return (
    <section aria-labelledby="latest-posts-heading">
      <h2 id="latest-posts-heading" className={styles.heading}>
        From the blog
      </h2>
      {state.status === 'ready' && state.posts.length > 0 ? (
        <ul className={styles.list} data-testid="latest-posts">
          {state.posts.map((post) => (
            <li key={post.link}>
              <a href={post.link}>{post.title}</a>
              <time className={styles.date} dateTime={post.pubDate.toISOString()}>
                {dateFormat.format(post.pubDate)}
              </time>
            </li>
          ))}
        </ul>
      ) : state.status === 'loading' ? (
        <p className={styles.muted}>Loading posts…</p>
      ) : (
        <p className={styles.muted}>
          <Link to="/blog">Read the blog</Link>
        </p>
      )}
    </section>
  );
}
