/**
 * Top platforms or Top browsers: each item's share of requests and its change from the previous period.
 * An item can be selected to break it down by country, by browser (or platform) or by version; "Group
 * versions" lists versions together or apart. Every enable/disable rule is in rules.ts.
 */
import { useEffect, useState } from 'react';
import { getShareStats, type Paged, type ShareRow } from '@skylift/shared';
import { periodPhrase } from '@skylift/shared/stores';
import { Dropdown, Switch } from '@skylift/shared/ui';
import { useLoad, type Loadable } from '../common/useLoad';
import { Pager } from '../common/Pager';
import { DEFAULT_PAGE_SIZE, type PageSize } from '../common/paging';
import { ClientIcon } from './ClientIcon';
import {
  applyLocation,
  breakdownPath,
  chooseBreakdown,
  INITIAL_SHARE_TABLE,
  isBreakdownDisabled,
  isGroupVersionsDisabled,
  listPath,
  otherKindLabel,
  selectItem,
  setGroupVersions,
  type Breakdown,
  type LocationFilter,
  type ShareItem,
  type ShareKind,
  type ShareTableState,
} from './rules';
import ossCdnStyles from '../ossCdn/ossCdn.module.css';
import statisticsStyles from './statistics.module.css';

/** Rows of a breakdown: its most common entries. */
const BREAKDOWN_ROWS = 10;
const TITLES: Record<ShareKind, string> = { platforms: 'Top platforms', browsers: 'Top browsers' };

function rowLabel(row: ShareRow): string {
  const version = row.versionName ? `${row.version} (${row.versionName})` : row.version;
  return [row.name, version].filter(Boolean).join(' ');
}

function ShareChange({ row }: { row: ShareRow }) {
  if (row.prev.share === null) return <span>new</span>;
  const change = Math.round((row.share - row.prev.share) * 100) / 100;
  if (change === 0) return <span>±0</span>;
  return <span className={change > 0 ? statisticsStyles.growthUp : statisticsStyles.growthDown}>{`${change > 0 ? '+' : ''}${change.toFixed(2)}`}</span>;
}

function itemLabel(item: ShareItem): string {
  return item.version === undefined ? item.name : `${item.name} ${item.version}`;
}

function sameItem(a: ShareItem | null, b: ShareItem): boolean {
  return a !== null && a.name === b.name && a.version === b.version;
}

export function ShareTable({ kind, period, location }: { kind: ShareKind; period: string; location: LocationFilter }) {
  const [state, setState] = useState<ShareTableState>(INITIAL_SHARE_TABLE);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const filter = { period, country: location.country ?? undefined, continent: location.continent ?? undefined };
  const queryKey = `${kind}|${period}|${location.country}|${location.continent}`;

  useEffect(() => setState((current) => applyLocation(current, location)), [location]);

  const path = listPath(state);
  // The page belongs to one list: another period, filter, grouping or page size is page 1 again.
  const listKey = `${queryKey}|${path.join('/')}|${pageSize}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const rows = useLoad(`${listKey}|${page}`, () => getShareStats(kind, path, { ...filter, limit: pageSize, page }));
  const detailPath = breakdownPath(kind, state);
  const detail = useLoad(`${queryKey}|${detailPath?.join('/') ?? ''}`, () =>
    detailPath ? getShareStats(kind, detailPath, { ...filter, limit: BREAKDOWN_ROWS }) : Promise.resolve(null),
  );
  const items = rows.state === 'loaded' ? rows.value.items : [];
  const hasData = items.length > 0;
  const title = TITLES[kind];

  const breakdownLabels: Record<Breakdown, string> = { country: 'Country', other: otherKindLabel(kind), version: 'Version' };
  const rowOf = (row: ShareRow): ShareItem => (state.groupVersions ? { name: row.name ?? '' } : { name: row.name ?? '', version: row.version ?? '' });

  return (
    <div className={statisticsStyles.share}>
      <h3>{title}</h3>
      <p className={statisticsStyles.sharePeriod}>Shares of requests in {periodPhrase(period)}</p>
      <div className={statisticsStyles.shareControls}>
        <Switch
          checked={state.groupVersions}
          disabled={isGroupVersionsDisabled(state, hasData)}
          onChange={(group) => setState(setGroupVersions(state, group, hasData))}
        >
          Group versions
        </Switch>
        {state.selected && <span aria-hidden="true">Break down by</span>}
        {state.selected && (
          <Dropdown
            label="Breakdown"
            items={(['country', 'other', 'version'] as const).map((breakdown) => ({
              value: breakdown,
              label: breakdownLabels[breakdown],
              disabled: isBreakdownDisabled(breakdown, state, location),
            }))}
            value={state.breakdown}
            onChange={(breakdown) => setState(chooseBreakdown(state, breakdown, location))}
          />
        )}
      </div>
      <table aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{kind === 'platforms' ? 'Platform' : 'Browser'}</th>
            <th scope="col" className={statisticsStyles.num}>
              Share
            </th>
            <th scope="col" className={statisticsStyles.num}>
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((row) => {
            const item = rowOf(row);
            const selected = sameItem(state.selected, item);
            const selectable = selectItem(state, item, location).selected !== null;
            return (
              <tr key={rowLabel(row)} aria-selected={selected}>
                <td>
                  <button
                    type="button"
                    className={statisticsStyles.shareRow}
                    aria-pressed={selected}
                    disabled={!selectable && !selected}
                    onClick={() => setState(selectItem(state, selected ? null : item, location))}
                  >
                    <ClientIcon name={row.name ?? ''} />
                    {rowLabel(row)}
                  </button>
                </td>
                <td className={statisticsStyles.num}>{row.share.toFixed(2)}%</td>
                <td className={statisticsStyles.num}>
                  <ShareChange row={row} />
                </td>
              </tr>
            );
          })}
          {!hasData && (
            <tr>
              <td colSpan={3} className={ossCdnStyles.empty}>
                {rows.state === 'loading' ? 'Loading...' : rows.state === 'failed' ? `${title} could not be loaded: ${rows.message}` : 'No data'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {rows.state === 'loaded' && rows.value.totalPages > 0 && (
        <Pager
          label={title}
          page={page}
          totalPages={rows.value.totalPages}
          onPage={(next) => setPaging({ listKey, page: next })}
          pageSize={pageSize}
          onPageSize={setPageSize}
        />
      )}
      {state.selected && state.breakdown && (
        <Detail title={`${itemLabel(state.selected)} by ${breakdownLabels[state.breakdown].toLowerCase()}`} detail={detail} breakdown={state.breakdown} />
      )}
    </div>
  );
}

function Detail({ title, detail, breakdown }: { title: string; detail: Loadable<Paged<ShareRow> | null>; breakdown: Breakdown }) {
  const rows = detail.state === 'loaded' && detail.value ? detail.value.items : [];
  const label = (row: ShareRow) =>
    breakdown === 'country'
      ? row.country
        ? countryName(row.country)
        : 'Unknown'
      : breakdown === 'version'
        ? row.versionName
          ? `${row.version} (${row.versionName})`
          : (row.version ?? '')
        : (row.name ?? '');
  return (
    <table aria-label={title}>
      <caption>{title}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={label(row)}>
            <td>
              {breakdown === 'other' && <ClientIcon name={row.name ?? ''} />} {label(row)}
            </td>
            <td className={statisticsStyles.num}>{row.share.toFixed(2)}%</td>
            <td className={statisticsStyles.num}>
              <ShareChange row={row} />
            </td>
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={3} className={ossCdnStyles.empty}>
              {detail.state === 'loading' ? 'Loading...' : detail.state === 'failed' ? `The breakdown could not be loaded: ${detail.message}` : 'No data'}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
