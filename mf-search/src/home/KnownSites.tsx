/**
 * Well-known sites that load files from this deployment, as its operator names them in the site content, a
 * first row at a time: Load more shows all, Show less folds back. A deployment that names none shows none.
 */
import { useState } from 'react';
import { BRAND } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/stores';
import styles from './home.module.css';

/** How many show before Load more. */
export const KNOWN_SITES_FIRST = 12;

export function KnownSites() {
  const { knownSites, figures } = useSiteContent();
  const [expanded, setExpanded] = useState(false);
  if (knownSites.length === 0) return null;
  const shown = expanded ? knownSites : knownSites.slice(0, KNOWN_SITES_FIRST);
  return (
    <section className={styles.section} aria-labelledby="home-sites-heading">
      <h2 id="home-sites-heading">Trusted by the web</h2>
      <p className={styles.sectionLead}>
        {figures.websites !== null ? `${figures.websites.toLocaleString('en-US')} websites` : 'Websites'} load their files from {BRAND.name}, among them:
      </p>
      <ul className={styles.sitesList} id="home-sites-list">
        {shown.map((site) => (
          <li key={site}>{site}</li>
        ))}
      </ul>
      {knownSites.length > KNOWN_SITES_FIRST ? (
        <button
          type="button"
          className={`${styles.button} ${styles.buttonGhost}`}
          aria-controls="home-sites-list"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
