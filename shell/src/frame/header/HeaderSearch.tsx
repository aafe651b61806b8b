/**
 * The compact package search in the header, exposed by mf-search. It is loaded through the same federation
 * loader as the pages; if mf-search cannot be loaded the header simply has no search box. The home page
 * has its own large search, so the header leaves it out there.
 */
import { useLocation } from 'react-router-dom';
import { useAsync, valueOf } from '@skylift/shared';
import { loadRemoteModule } from '../../remotes/loadRemoteModule';
import type { CompactSearchModule, CompactSearchProps } from '@skylift/shared/search';
import { ensureRemotesRegistered } from '../../startup/remoteRegistry';

type CompactSearchComponent = CompactSearchModule['CompactSearch'];

let loading: Promise<CompactSearchComponent | null> | null = null;

/** Loads the expose once per page load; a failure leaves the header without a search box. */
function loadCompactSearch(): Promise<CompactSearchComponent | null> {
  loading ??= ensureRemotesRegistered()
    .then(() => loadRemoteModule('mf-search', './CompactSearch'))
    .then((module) => (typeof module.CompactSearch === 'function' ? module.CompactSearch : null))
    .catch(() => null);
  return loading;
}

/** Forgets the loaded component; for tests. */
export function forgetCompactSearch(): void {
  loading = null;
}

export function HeaderSearch(props: CompactSearchProps) {
  const onHome = useLocation().pathname === '/';
  // Not even loaded on the home page: its code would be a first visit's download for nothing.
  const Search = valueOf(useAsync(onHome ? null : loadCompactSearch, [onHome]));

  if (!Search || onHome) return null;
  return <Search {...props} />;
}
