import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function SriGuidePage() {
  return (
    <RouteSkeletonPage path="/using-sri-with-dynamic-files">
      <p>When subresource integrity hashes stay valid for CDN links, and which links change over time.</p>
    </RouteSkeletonPage>
  );
}
