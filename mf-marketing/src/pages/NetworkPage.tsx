import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function NetworkPage() {
  return (
    <RouteSkeletonPage path="/network">
      <p>The map of points of presence, how failover between CDN providers works, and how files reach users in China.</p>
    </RouteSkeletonPage>
  );
}
