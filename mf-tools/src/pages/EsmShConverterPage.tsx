import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function EsmShConverterPage() {
  return (
    <RouteSkeletonPage path="/esmsh">
      <p>Paste an esm.sh link and get the equivalent ES module link, with a comparison of the two services.</p>
    </RouteSkeletonPage>
  );
}
