import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function GitHubConverterPage() {
  return (
    <RouteSkeletonPage path="/github">
      <p>Paste a link to a file on GitHub and get the CDN link that serves it, with a Copy button.</p>
    </RouteSkeletonPage>
  );
}
