import { Link } from 'react-router-dom';
import { POLICIES } from './policies';
import styles from './Legal.module.css';

/** The tabs between the three documents. */
export function PolicyNav({ current }: { current?: string }) {
  return (
    <nav aria-label="Terms and policies" className={styles.policyNav}>
      <ul>
        {POLICIES.map((policy) => (
          <li key={policy.slug}>
            <Link to={`/terms/${policy.slug}`} aria-current={current === policy.slug ? 'page' : undefined}>
              {policy.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
