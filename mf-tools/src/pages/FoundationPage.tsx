import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function FoundationPage() {
  return (
    <RouteSkeletonPage path="/foundationcdn">
      <p>Quick-use script and style lines for Foundation, and a customize section to pick the version and files.</p>
    </RouteSkeletonPage>
  );
}
