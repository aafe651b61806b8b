import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function OssCdnPage() {
  return (
    <RouteSkeletonPage path="/oss-cdn">
      <p>The custom endpoints for open source projects, each with its traffic and the files it serves.</p>
    </RouteSkeletonPage>
  );
}
