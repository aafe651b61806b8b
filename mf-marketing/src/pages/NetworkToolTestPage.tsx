import { useParams } from 'react-router-dom';
import { BRAND } from '@skylift/shared/brand';
import { RouteSkeletonPage } from '@skylift/shared/federation/index';

const REGIONS: Record<string, string> = {
  'from-europe': 'from Europe',
  'from-united-states': 'from the United States',
  'from-amazoncom-inc': 'from Amazon.com, Inc.',
};

/** /globalping/network-tools/:tool, e.g. ping or dns-from-europe (the shell only routes valid tools here). */
export function NetworkToolTestPage() {
  const { tool = '' } = useParams();
  const [testName = tool, ...rest] = tool.split('-');
  const region = REGIONS[rest.join('-')];
  const heading = `${BRAND.networkTool} ${testName.toUpperCase()}${region ? ` ${region}` : ''}`;
  return (
    <RouteSkeletonPage path="/globalping/network-tools/:tool" heading={heading}>
      <p>Run a {testName} test {region ?? 'from anywhere in the world'} and read the result of every probe.</p>
    </RouteSkeletonPage>
  );
}
