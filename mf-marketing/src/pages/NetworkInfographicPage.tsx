import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function NetworkInfographicPage() {
  return (
    <RouteSkeletonPage path="/network/infographic">
      <p>The network in one picture: providers, locations and traffic.</p>
    </RouteSkeletonPage>
  );
}
