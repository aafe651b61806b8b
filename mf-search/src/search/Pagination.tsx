/** The pager under the results: a window of 5 page numbers; Previous hidden on the first page, Next on the last. */
import { paginationWindow } from './paginationWindow';

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
    <nav className="ms-pager" aria-label="Search result pages">
      {page > 0 ? (
        <button type="button" className="ms-pager__step" onClick={() => onPage(page - 1)}>
          ‹ Previous
        </button>
      ) : null}
      <ul className="ms-pager__pages">
        {pages.map((n) => (
          <li key={n}>
            <button
              type="button"
              className={n === page ? 'ms-pager__page ms-pager__page--current' : 'ms-pager__page'}
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
        <button type="button" className="ms-pager__step" onClick={() => onPage(page + 1)}>
          Next ›
        </button>
      ) : null}
    </nav>
  );
}
