import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { useCopyrightYears } from '@skylift/shared/stores';
import { Logo } from '../logos/Logo';
import { footerColumns, type FooterColumn } from '../../site/menus';
import { useSite } from '../../site/site';
import { LatestPosts } from './LatestPosts';
import { NewsletterForm } from './NewsletterForm';
import styles from './Footer.module.css';

function LinkColumn({ heading, links }: FooterColumn) {
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

/** What the footer shows: the columns the remotes declare for their pages, the latest posts, and what the deployment's content sets. */
export function FooterContent() {
  const { pages, content } = useSite();
  const years = useCopyrightYears();
  return (
    <div className={styles.inner}>
      <div className={styles.top}>
        <div className={styles.brand}>
          <Logo variant="white" />
          <p className={styles.muted}>{BRAND.tagline}.</p>
          {content.links.newsletter ? <NewsletterForm action={content.links.newsletter} /> : null}
        </div>
        {footerColumns(pages, 'main').map((column) => (
          <LinkColumn key={column.heading} {...column} />
        ))}
        <LatestPosts />
      </div>
      <div className={styles.tools}>
        {footerColumns(pages, 'secondary').map((column) => (
          <LinkColumn key={column.heading} {...column} />
        ))}
      </div>
      <p className={styles.copyright}>
        © {years} {BRAND.name}. Open source, served free for everyone.
      </p>
    </div>
  );
}
