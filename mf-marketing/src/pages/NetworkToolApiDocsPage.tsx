import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function NetworkToolApiDocsPage() {
  return (
    <RouteSkeletonPage path="/docs/api.globalping.io">
      <p>Reference of the network-testing API: measurements, probes and limits.</p>
    </RouteSkeletonPage>
  );
}
