/** The pager under the results: a window of 5 page numbers; Previous hidden on the first page, Next on the last. */
import { paginationWindow } from './paginationWindow';
import styles from './search.module.css';

export interface PaginationProps {
  /** Zero-based current page. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = paginationWindow(page, totalPages);
  return (
    <nav className={styles.pager} aria-label="Search result pages">
      {page > 0 ? (
        <button type="button" className={styles.pagerStep} onClick={() => onPage(page - 1)}>
          ‹ Previous
        </button>
      ) : null}
      <ul className={styles.pagerPages}>
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={n === page ? `${styles.pagerPage} ${styles.pagerPageCurrent}` : styles.pagerPage}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n + 1}`}
              onClick={() => onPage(n)}
            >
              {n + 1}
            </button>
          </li>
        ))}
      </ul>
      {page < totalPages - 1 ? (
        <button type="button" className={styles.pagerStep} onClick={() => onPage(page + 1)}>
          Next ›
        </button>
      ) : null}
    </nav>
  );
}
