import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function GoogleConverterPage() {
  return (
    <RouteSkeletonPage path="/google">
      <p>Paste a Google Hosted Libraries link and get the equivalent CDN link, with a Copy button.</p>
    </RouteSkeletonPage>
  );
}
