import { useRuntimeConfig } from '@skylift/shared';
import { RouteSkeletonPage } from '@skylift/shared/federation/index';

/** Points at the data API's own documentation and OpenAPI contract, which the data service serves itself. */
export function DataApiDocsPage() {
  const config = useRuntimeConfig();
  const base = config?.dataApiUrl.replace(/\/+$/, '');
  return (
    <RouteSkeletonPage path="/docs/data.jsdelivr.com">
      <p>Reference of the data API: package versions, files, entrypoints and usage statistics.</p>
      {base ? (
        <ul>
          <li>
            <a href={`${base}/docs`}>Read the API documentation</a>
          </li>
          <li>
            <a href={`${base}/v1/spec.yaml`}>Download the OpenAPI contract (YAML)</a>
          </li>
        </ul>
      ) : null}
    </RouteSkeletonPage>
  );
}
