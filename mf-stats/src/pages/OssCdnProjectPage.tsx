import { useParams } from 'react-router-dom';
import { RouteSkeletonPage, headingOf } from '@skylift/shared/federation/index';

export function OssCdnProjectPage() {
  const { name = '' } = useParams();
  return (
    <RouteSkeletonPage path="/oss-cdn/:name" heading={`${headingOf('/oss-cdn/:name')}: ${name}`}>
      <p>
        The custom endpoint of {name}: its requests and bandwidth with a period switch, a bar chart grouped by day, week or month, its top files and how it
        is hosted.
      </p>
    </RouteSkeletonPage>
  );
}
