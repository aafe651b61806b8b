import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function SkypackConverterPage() {
  return (
    <RouteSkeletonPage path="/skypack">
      <p>Paste a Skypack link and get the equivalent ES module link, with a comparison of the two services.</p>
    </RouteSkeletonPage>
  );
}
