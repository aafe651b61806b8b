import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function DocumentationPage() {
  return (
    <RouteSkeletonPage path="/documentation">
      <p>How to use the CDN: npm and GitHub links, version ranges, combining files, minification, caching and purging.</p>
    </RouteSkeletonPage>
  );
}
