import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function BecomeSponsorPage() {
  return (
    <RouteSkeletonPage path="/become-a-sponsor">
      <p>What sponsors get, who sees their name, and how to get in touch.</p>
    </RouteSkeletonPage>
  );
}
