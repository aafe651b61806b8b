import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { readStored, writeStored } from '../../storage/safeStorage';
import styles from './JobBanner.module.css';

const DISMISSED = 'dismissed';

/**
 * The job notice. Closing it is remembered in localStorage when storage works; when it does not, the notice
 * still closes for this visit.
 */
export function JobBanner() {
  const [visible, setVisible] = useState(() => readStored(BRAND.jobNoticeKey) !== DISMISSED);
  if (!visible) return null;
  const close = () => {
    writeStored(BRAND.jobNoticeKey, DISMISSED);
    setVisible(false);
  };
  return (
    <aside className={styles.banner} data-testid="job-banner" aria-label="Job notice">
      <p className={styles.text}>
        <span className={styles.tag}>We are hiring</span> {BRAND.name} is looking for a <strong>Senior Node.js Engineer</strong> to work on the CDN that serves
        open source to the world.{' '}
        <Link className={styles.link} to="/about">
          Learn more
        </Link>
      </p>
      <button type="button" className={styles.close} onClick={close} aria-label="Close the job notice">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
