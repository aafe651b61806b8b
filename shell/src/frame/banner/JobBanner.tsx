import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { JobNotice } from '@skylift/shared/config';
import { isExternal } from '@skylift/shared/pages';
import { readStored, writeStored } from '../../storage/safeStorage';
import { useSite } from '../../site/site';
import styles from './JobBanner.module.css';

const DISMISSED = 'dismissed';
const storageKey = (notice: JobNotice): string => `job-notice-${notice.id}`;

/** The job notice, when the deployment's content has one. */
export function JobBanner() {
  const { jobNotice } = useSite().content;
  return jobNotice ? <JobNoticeBanner notice={jobNotice} /> : null;
}

/**
 * Closing it is remembered in localStorage (per notice, so a new notice shows again) when storage works;
 * when it does not, the notice still closes for this visit.
 */
function JobNoticeBanner({ notice }: { notice: JobNotice }) {
  const [visible, setVisible] = useState(() => readStored(storageKey(notice)) !== DISMISSED);
  if (!visible) return null;
  const close = () => {
    writeStored(storageKey(notice), DISMISSED);
    setVisible(false);
  };
  return (
    <aside className={styles.banner} data-testid="job-banner" aria-label="Job notice">
      <p className={styles.text}>
        <span className={styles.tag}>We are hiring</span> {notice.text}{' '}
        {isExternal(notice.linkUrl) ? (
          <a className={styles.link} href={notice.linkUrl} target="_blank" rel="noopener noreferrer">
            {notice.linkLabel}
          </a>
        ) : (
          <Link className={styles.link} to={notice.linkUrl}>
            {notice.linkLabel}
          </Link>
        )}
      </p>
      <button type="button" className={styles.close} onClick={close} aria-label="Close the job notice">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
