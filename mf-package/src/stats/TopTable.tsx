/** A top list of 5 rows a page, with paging that never leaves 1..pages. */
import type { ReactNode } from 'react';
import { clampPage } from '../model/statsRules';
import installBlockStyles from '../install/InstallBlock.module.css';
import statsTabStyles from './StatsTab.module.css';

export interface TopTableProps<T> {
  caption: string;
  columns: [string, string];
  rows: readonly T[];
  renderRow: (row: T) => [ReactNode, ReactNode];
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  empty: string;
  loading?: boolean;
}

export function TopTable<T>({ caption, columns, rows, renderRow, page, totalPages, onPage, empty, loading }: TopTableProps<T>) {
  return (
    <div>
      <table className={statsTabStyles.topTable}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className={statsTabStyles.topEmpty}>
                {loading ? 'Loading...' : empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const [first, second] = renderRow(row);
              return (
                <tr key={index}>
                  <td>{first}</td>
                  <td>{second}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {totalPages > 1 ? (
        <div className={statsTabStyles.topPaging}>
          <button type="button" className={installBlockStyles.button} disabled={page <= 1} onClick={() => onPage(clampPage(page - 1, totalPages))}>
            Previous
          </button>
          <span>
            Page {page} of {totalPages}
          </span>
          <button type="button" className={installBlockStyles.button} disabled={page >= totalPages} onClick={() => onPage(clampPage(page + 1, totalPages))}>
            Next
          </button>
        </div>
      ) : null}
    </div>
  );
}
