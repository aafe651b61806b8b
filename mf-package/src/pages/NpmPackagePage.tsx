import { useParams } from 'react-router-dom';
import { RouteSkeletonPage } from '@skylift/shared/federation/index';

/** /package/npm/:scope?/:name: a scoped name is joined as scope/name. */
export function NpmPackagePage() {
  const { scope, name = '' } = useParams();
  const packageName = scope ? `${scope}/${name}` : name;
  return (
    <RouteSkeletonPage path="/package/npm/:scope?/:name" heading={packageName}>
      <p>
        The page of the npm package {packageName}: its readme, a file browser with the selected-files box, usage statistics with charts, the install
        block with version and ES module choices, and the link collection with SRI, combining and minification.
      </p>
    </RouteSkeletonPage>
  );
}
