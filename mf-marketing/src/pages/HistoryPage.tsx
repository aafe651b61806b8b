import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function HistoryPage() {
  return (
    <RouteSkeletonPage path="/history">
      <p>The story of the CDN since 2012, year by year.</p>
    </RouteSkeletonPage>
  );
}
