/**
 * The footer landmark of every page. Its content (link columns, the blog's latest posts, the newsletter
 * form) is a chunk of its own, downloaded and rendered when the footer comes into view: on most pages a
 * first visit never scrolls that far, and the blog feed is not read for nothing. While a page loads, its
 * placeholder fills the screen (RemoteRoute), so the footer does not count as in view before the page
 * has shown how long it is.
 */
import { lazy, Suspense } from 'react';
import { NearView } from '@skylift/shared';
import styles from './Footer.module.css';

const FooterContent = lazy(() => import('./FooterContent').then((module) => ({ default: module.FooterContent })));
/** About the footer's height on a desktop screen. */
const FOOTER_HEIGHT = '24rem';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <NearView placeholderHeight={FOOTER_HEIGHT} rootMargin="0px">
        <Suspense fallback={<div style={{ minHeight: FOOTER_HEIGHT }} />}>
          <FooterContent />
        </Suspense>
      </NearView>
    </footer>
  );
}
