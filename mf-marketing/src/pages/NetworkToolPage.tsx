import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function NetworkToolPage() {
  return (
    <RouteSkeletonPage path="/globalping">
      <p>Run ping, traceroute, DNS, HTTP and MTR tests from probes around the world.</p>
    </RouteSkeletonPage>
  );
}
