/**
 * The sponsors that carry the deployment, as its operator names them in the site content, as text wordmarks
 * (no request leaves the site for a logo). With none named, an invitation to become the first.
 */
import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/stores';
import styles from './home.module.css';

export function SponsorLogos() {
  const { sponsors } = useSiteContent();
  return (
    <section className={`${styles.section} ${styles.sponsors}`} aria-labelledby="home-sponsors-heading">
      <h2 id="home-sponsors-heading" className={styles.sponsorsTitle}>
        {sponsors.length > 0 ? 'Free and open, thanks to our sponsors' : `Help keep ${BRAND.name} free and open`}
      </h2>
      {sponsors.length > 0 ? (
        <ul className={styles.sponsorsList}>
          {sponsors.map((sponsor) => (
            <li key={sponsor.name} className={styles.sponsor}>
              {sponsor.url ? (
                <a className={styles.sponsorName} href={sponsor.url} target="_blank" rel="noopener noreferrer">
                  {sponsor.name}
                </a>
              ) : (
                <span className={styles.sponsorName}>{sponsor.name}</span>
              )}
              {sponsor.role ? <span className={styles.sponsorRole}>{sponsor.role}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.sectionLead}>
          No company sponsors {BRAND.name} yet. Bandwidth, storage or funds from a sponsor keep the files of open source projects served free for everyone.
        </p>
      )}
      <p className={styles.sponsorsMore}>
        {sponsors.length > 0 ? (
          <>
            <Link to="/sponsors">All sponsors</Link> ·{' '}
          </>
        ) : null}
        <Link to="/become-a-sponsor">Become a sponsor</Link>
      </p>
    </section>
  );
}
