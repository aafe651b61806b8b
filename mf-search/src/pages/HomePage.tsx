/**
 * The home page ("Home page"): heading, live network statistics and the search over npm. While
 * a query is typed (or a type filter is on) the results take the place of the landing sections; an empty
 * query without filters brings them back. The first landing section starts on the first screen; the others
 * are downloaded as the visitor scrolls towards them, their places held at their size by skeletons until then.
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BRAND, NearView } from '@skylift/shared';
import { BelowFoldSkeleton } from '../home/BelowFoldSkeleton';
import { NetworkStats } from '../home/NetworkStats';
import { UsageDocs } from '../home/UsageDocs';
import { PackageSearch } from '../search/PackageSearch';
import { isSearching, readSearchState } from '../search/searchState';
import styles from '../home/home.module.css';

const LandingBelowFold = lazy(() => import('../home/LandingBelowFold').then((module) => ({ default: module.LandingBelowFold })));
/** The sections' code is asked for this far ahead of the reader, so that it has usually arrived when they get there. */
const BELOW_FOLD_AHEAD = '1200px 0px';

export function HomePage() {
  const [params] = useSearchParams();
  const searching = isSearching(readSearchState(params));
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>{BRAND.tagline}</h1>
        <p className={styles.heroLead}>
          Every file published to npm and GitHub, minified on request, compressed and cached, at a link you can paste. No sign-up.
        </p>
        <NetworkStats />
        <PackageSearch />
      </section>
      {searching ? null : (
        <div data-testid="home-landing">
          <UsageDocs />
          <NearView placeholder={<BelowFoldSkeleton />} rootMargin={BELOW_FOLD_AHEAD}>
            <Suspense fallback={<BelowFoldSkeleton />}>
              <LandingBelowFold />
            </Suspense>
          </NearView>
        </div>
      )}
    </div>
  );
}
