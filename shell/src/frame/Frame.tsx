import type { ReactNode } from 'react';
import { Footer } from './footer/Footer';
import { Header } from './header/Header';
import { JobBanner } from './banner/JobBanner';
import styles from './Frame.module.css';

/** The shared frame of every page: job banner, header, the page, footer. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <JobBanner />
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
