import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { Logo } from '../logos/Logo';
import { ABOUT_LINKS, CONVERT_LINKS, NETWORK_TOOL_COLUMNS, type FooterLink } from './footerLinks';
import { LatestPosts } from './LatestPosts';
import { NewsletterForm } from './NewsletterForm';
import styles from './Footer.module.css';

const FIRST_YEAR = 2012;

function LinkColumn({ heading, links }: { heading: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <Logo variant="white" />
            <p className={styles.muted}>{BRAND.tagline}.</p>
            <NewsletterForm />
          </div>
          <LinkColumn heading="About" links={ABOUT_LINKS} />
          <LinkColumn heading="Convert from" links={CONVERT_LINKS} />
          <LatestPosts />
        </div>
        <div className={styles.tools}>
          {NETWORK_TOOL_COLUMNS.map((column) => (
            <LinkColumn key={column.heading} heading={column.heading} links={column.links} />
          ))}
        </div>
        <p className={styles.copyright}>
          © {FIRST_YEAR}–{new Date().getFullYear()} {BRAND.name}. Open source, served free for everyone.
        </p>
      </div>
    </footer>
  );
}
