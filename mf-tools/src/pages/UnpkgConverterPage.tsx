import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function UnpkgConverterPage() {
  return (
    <RouteSkeletonPage path="/unpkg">
      <p>Paste an unpkg link and get the equivalent CDN link, with a Copy button.</p>
    </RouteSkeletonPage>
  );
}
