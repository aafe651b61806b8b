import { useParams } from 'react-router-dom';
import { RouteSkeletonPage, headingOf } from '@skylift/shared/federation/index';

const POLICY_NAMES: Record<string, string> = {
  'terms-of-use': 'Terms of use',
  'privacy-policy': 'Privacy policy',
  'sub-processors': 'Sub-processors',
};

export function PolicyPage() {
  const { currentPolicy = '' } = useParams();
  const policyName = POLICY_NAMES[currentPolicy] ?? headingOf('/terms/:currentPolicy');
  return (
    <RouteSkeletonPage path="/terms/:currentPolicy" heading={policyName}>
      <p>The full text of this policy, with links to the other terms and policies.</p>
    </RouteSkeletonPage>
  );
}
