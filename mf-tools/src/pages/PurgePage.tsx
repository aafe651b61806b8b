import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function PurgePage() {
  return (
    <RouteSkeletonPage path="/tools/purge">
      <p>Purge a list of files from every CDN cache at once and follow the purge until it completes.</p>
    </RouteSkeletonPage>
  );
}
