import { RouteSkeletonPage } from '@skylift/shared/federation/index';

export function StatisticsPage() {
  return (
    <RouteSkeletonPage path="/statistics">
      <p>Network statistics: requests and bandwidth over time, by CDN provider, country, platform and browser, and the most popular npm packages and GitHub repositories.</p>
    </RouteSkeletonPage>
  );
}
