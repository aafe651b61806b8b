import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function NewPlatformPage() {
  return (
    <RouteSkeletonPage path="/new-jsdelivr">
      <p>How the CDN moved from manual uploads to an automated system, and why every existing link keeps working.</p>
    </RouteSkeletonPage>
  );
}
