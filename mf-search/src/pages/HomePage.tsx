/**
 * The home page ("Home page"): heading, live network statistics and the search over npm. While
 * a query is typed (or a type filter is on) the results take the place of the landing sections; an empty
 * query without filters brings them back. The first landing section starts on the first screen; the others
 * are downloaded as the visitor scrolls towards them.
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BRAND, NearView } from '@skylift/shared';
import { NetworkStats } from '../home/NetworkStats';
import { UsageDocs } from '../home/UsageDocs';
import { PackageSearch } from '../search/PackageSearch';
import { isSearching, readSearchState } from '../search/searchState';
import styles from '../home/home.module.css';

const LandingBelowFold = lazy(() => import('../home/LandingBelowFold').then((module) => ({ default: module.LandingBelowFold })));
/** About the height of the sections below the fold on a desktop screen: the footer stays out of view until they arrive. */
const BELOW_FOLD_HEIGHT = '100vh';

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
          <NearView placeholderHeight={BELOW_FOLD_HEIGHT}>
            <Suspense fallback={<div style={{ minHeight: BELOW_FOLD_HEIGHT }} />}>
              <LandingBelowFold />
            </Suspense>
          </NearView>
        </div>
      )}
    </div>
  );
}
