import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function EsmPage() {
  return (
    <RouteSkeletonPage path="/esm">
      <p>esm.run: any npm package as a bundled, minified ES module behind one short link, with examples.</p>
    </RouteSkeletonPage>
  );
}
