import { useParams } from 'react-router-dom';
import { PackagePage } from '../page/PackagePage';
import { ghRef } from '../model/packageRef';

/** /package/gh/:user/:repo: files served straight from a GitHub repository. */
export function GitHubPackagePage() {
  const { user = '', repo = '' } = useParams();
  return <PackagePage pkg={ghRef(user, repo)} />;
}
