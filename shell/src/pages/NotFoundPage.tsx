import { Link } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { RouteMeta } from '../meta/RouteMeta';
import styles from './NotFoundPage.module.css';

export const NOT_FOUND_TITLE = `Page not found - ${BRAND.name}`;

/** The 404 page, inside the frame so the visitor can navigate on. */
export function NotFoundPage() {
  return (
    <article className={styles.notFound}>
      <RouteMeta title={NOT_FOUND_TITLE} description="The page you are looking for does not exist or has moved." />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved. Check the address, or start again from the home page.</p>
      <p>
        <Link className={styles.home} to="/">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}
