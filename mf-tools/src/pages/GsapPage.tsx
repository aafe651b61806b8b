import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function GsapPage() {
  return (
    <RouteSkeletonPage path="/gsap">
      <p>Every GSAP file and plugin, in any version, with the tags to copy.</p>
    </RouteSkeletonPage>
  );
}
