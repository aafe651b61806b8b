import { useParams } from 'react-router-dom';
import { RouteSkeletonPage } from '@skylift/shared/federation/index';

/** /package/gh/:user/:repo: files served straight from a GitHub repository. */
export function GitHubPackagePage() {
  const { user = '', repo = '' } = useParams();
  const repositoryName = `${user}/${repo}`;
  return (
    <RouteSkeletonPage path="/package/gh/:user/:repo" heading={repositoryName}>
      <p>
        The page of the GitHub repository {repositoryName}: its readme, a file browser over its tags and latest commit, usage statistics and the install
        block for its files.
      </p>
    </RouteSkeletonPage>
  );
}
