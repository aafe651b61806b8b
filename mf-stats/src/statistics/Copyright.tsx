/** The copyright line of the statistics pages, with the years the whole site names. */
import { BRAND } from '@skylift/shared';
import { useCopyrightYears } from '@skylift/shared/stores';
import styles from './statistics.module.css';

export function Copyright() {
  return (
    <p className={styles.copyright}>
      © {useCopyrightYears()} {BRAND.name}
    </p>
  );
}
