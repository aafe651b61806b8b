import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function BlogPage() {
  return (
    <RouteSkeletonPage path="/blog">
      <p>News and announcements from the team.</p>
    </RouteSkeletonPage>
  );
}
