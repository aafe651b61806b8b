/**
 * The footer landmark of every page. Its content (link columns, the blog's latest posts, the newsletter
 * form) is a chunk of its own, downloaded and rendered when the footer comes into view: on most pages a
 * first visit never scrolls that far, and the blog feed is not read for nothing. While a page loads, its
 * placeholder fills the screen (RemoteRoute), so the footer does not count as in view before the page
 * has shown how long it is. The content is asked for a screen ahead of the reader, and its room is kept at
 * every width (`.body` in Footer.module.css), by a skeleton before it arrives and by the content after: a
 * reader who jumps to the end sees the footer's shape, and the page does not grow under them.
 */
import { lazy, Suspense } from 'react';
import { NearView } from '@skylift/shared';
import styles from './Footer.module.css';

const FooterContent = lazy(() => import('./FooterContent').then((module) => ({ default: module.FooterContent })));
/** How far ahead of the reader the content is asked for. */
const FOOTER_AHEAD = '900px 0px';

function FooterSkeleton() {
  return (
    <div className={`${styles.body} ${styles.skeleton}`} aria-hidden="true" data-testid="footer-skeleton">
      {[0, 1, 2, 3].map((column) => (
        <div key={column} className={styles.skeletonColumn} />
      ))}
    </div>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer}>
      <NearView placeholder={<FooterSkeleton />} rootMargin={FOOTER_AHEAD}>
        <Suspense fallback={<FooterSkeleton />}>
          <div className={styles.body}>
            <FooterContent />
          </div>
        </Suspense>
      </NearView>
    </footer>
  );
}
