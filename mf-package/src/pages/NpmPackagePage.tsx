import { useParams } from 'react-router-dom';
import { PackagePage } from '../page/PackagePage';
import { npmRef } from '../model/packageRef';

/** /package/npm/:scope?/:name: a scoped name is joined as scope/name. */
export function NpmPackagePage() {
  const { scope, name = '' } = useParams();
  return <PackagePage pkg={npmRef(scope, name)} />;
}
