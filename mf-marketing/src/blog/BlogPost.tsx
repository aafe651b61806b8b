import { Link } from 'react-router-dom';
import type { BlogPostMeta } from '../content/types';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { formatPostDate, postFile } from './posts';
import styles from './Blog.module.css';

/** One post in full: title (linking to the post), date, text. */
export function BlogPost({ post, headingLevel, onReady }: { post: BlogPostMeta; headingLevel: 1 | 2; onReady?: () => void }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article id={post.slug} className={styles.post} aria-labelledby={`${post.slug}-title`}>
      <Heading id={`${post.slug}-title`} className={styles.postTitle}>
        {headingLevel === 1 ? post.title : <Link to={`/blog/${post.slug}`}>{post.title}</Link>}
      </Heading>
      <p className={styles.postDate}>
        <time dateTime={post.published}>{formatPostDate(post.published)}</time>
      </p>
      <MarkdownDocument file={postFile(post.slug)} {...(onReady ? { onReady } : {})} />
    </article>
  );
}
