/** One generated link or tag, in a code box with its copy button. */
import { CopyButton } from '@skylift/shared';
import type { ReactNode } from 'react';
import styles from './collection.module.css';

export interface LinkRowProps {
  title: ReactNode;
  text: string;
  /** What the copy button is announced as ("Copy link for /dist/a.js"). */
  copyLabel: string;
}

export function LinkRow({ title, text, copyLabel }: LinkRowProps) {
  return (
    <div>
      <div className={styles.collLinkTitle}>{title}</div>
      <div className={styles.collLinkBody}>
        <code className={styles.collCode} data-testid="collection-link">
          {text}
        </code>
        <CopyButton text={text} label={copyLabel} className={styles.collCopy} />
      </div>
    </div>
  );
}
