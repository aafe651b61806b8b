/** Previous / five page numbers / next, and the page-size choice, under a paged table. */
import { Dropdown } from '@skylift/shared/ui';
import { PAGE_SIZES, clampPage, pageWindow, type PageSize } from './paging';
import styles from './Pager.module.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  pageSize: PageSize;
  onPageSize: (size: PageSize) => void;
  /** Names what is paged, for the controls' accessible names ("Most popular projects"). */
  label: string;
}

const SIZE_ITEMS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

export function Pager({ page, totalPages, onPage, pageSize, onPageSize, label }: PagerProps) {
  const go = (target: number) => {
    const next = clampPage(target, totalPages);
    if (next !== page) onPage(next);
  };
  return (
    <div className={styles.pager}>
      <nav aria-label={`${label} pages`} className={styles.pagerPages}>
        <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
          Previous
        </button>
        {pageWindow(page, totalPages).map((number) => (
          <button key={number} type="button" aria-current={number === page ? 'page' : undefined} aria-label={`Page ${number}`} onClick={() => go(number)}>
            {number}
          </button>
        ))}
        <button type="button" disabled={page >= totalPages} onClick={() => go(page + 1)}>
          Next
        </button>
      </nav>
      <div className={styles.pagerSize}>
        <span aria-hidden="true">Show</span>
        <Dropdown label={`${label} per page`} items={SIZE_ITEMS} value={String(pageSize)} onChange={(value) => onPageSize(Number(value) as PageSize)} />
      </div>
    </div>
  );
}
