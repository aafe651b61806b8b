/** A section of the statistics page: a header that sticks while the section scrolls, with a settings toggle. */
import { useId, useState, type ReactNode } from 'react';
import styles from './statistics.module.css';

export interface SectionProps {
  title: string;
  /** The section's settings, shown under its header while the toggle is on. */
  settings: ReactNode;
  children: ReactNode;
}

export function Section({ title, settings, children }: SectionProps) {
  const id = useId();
  const [open, setOpen] = useState(true);
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`}>{title}</h2>
        <button
          type="button"
          className={styles.sectionToggle}
          aria-expanded={open}
          aria-controls={open ? `${id}-settings` : undefined}
          onClick={() => setOpen(!open)}
        >
          {title} settings
        </button>
      </div>
      {/* Not rendered while off: the settings row is a flex box, and `display: flex` would override a `hidden` attribute. */}
      {open ? (
        <div id={`${id}-settings`} className={styles.sectionSettings} data-testid="section-settings">
          {settings}
        </div>
      ) : null}
      <div className={styles.sectionBody}>{children}</div>
    </section>
  );
}
