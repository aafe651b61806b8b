import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function AboutPage() {
  return (
    <RouteSkeletonPage path="/about">
      <p>Who builds the CDN and why, the people behind it, and how a free service for open source keeps running.</p>
    </RouteSkeletonPage>
  );
}
