import { NEWSLETTER_EMAIL_ID } from './newsletter';
import styles from './Footer.module.css';

/** Only an e-mail input, posted to the deployment's mailing-list service (`action`) in a new tab. */
export function NewsletterForm({ action }: { action: string }) {
  return (
    <form className={styles.newsletter} action={action} method="post" target="_blank" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className={styles.heading}>
        Newsletter
      </h2>
      <p className={styles.muted}>News about the CDN and open source, a few times a year.</p>
      <div className={styles.newsletterRow}>
        <label className={styles.visuallyHidden} htmlFor={NEWSLETTER_EMAIL_ID}>
          E-mail address
        </label>
        <input id={NEWSLETTER_EMAIL_ID} className={styles.email} type="email" name="EMAIL" placeholder="you@example.com" required autoComplete="email" />
        <button type="submit" className={styles.subscribe}>
          Subscribe
        </button>
      </div>
    </form>
  );
}
