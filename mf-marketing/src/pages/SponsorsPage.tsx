import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function SponsorsPage() {
  return (
    <RouteSkeletonPage path="/sponsors">
      <p>The platinum, gold and bronze sponsors that make the CDN possible.</p>
    </RouteSkeletonPage>
  );
}
