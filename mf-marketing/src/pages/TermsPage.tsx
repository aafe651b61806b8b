import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function TermsPage() {
  return (
    <RouteSkeletonPage path="/terms">
      <p>Terms of use, privacy policy and the list of sub-processors.</p>
    </RouteSkeletonPage>
  );
}
