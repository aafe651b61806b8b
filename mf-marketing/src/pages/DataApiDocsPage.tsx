import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function DataApiDocsPage() {
  return (
    <RouteSkeletonPage path="/docs/data.jsdelivr.com">
      <p>Reference of the data API: package versions, files, entrypoints and usage statistics.</p>
    </RouteSkeletonPage>
  );
}
