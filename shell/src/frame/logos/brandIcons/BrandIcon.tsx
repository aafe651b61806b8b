/** The icons of the header's links to the deployment's code host, social network and chat community. */
import styles from './BrandIcon.module.css';

export type BrandIconName = 'codeHost' | 'social' | 'chat';

export function BrandIcon({ name }: { name: BrandIconName }) {
  return <span className={`${styles.icon} ${styles[name]}`} aria-hidden="true" />;
}
