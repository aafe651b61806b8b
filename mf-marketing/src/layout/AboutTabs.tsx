import { NavLink } from 'react-router-dom';
import styles from './AboutTabs.module.css';

/** The About / History switch at the top of both pages. */
export function AboutTabs() {
  return (
    <nav aria-label="About and history" className={styles.aboutTabs}>
      <NavLink to="/about" end>
        About
      </NavLink>
      <NavLink to="/history" end>
        History
      </NavLink>
    </nav>
  );
}
