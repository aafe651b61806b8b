import { RouteSkeletonPage } from '@skylift/shared/federation/index';
import { BRAND } from '@skylift/shared/brand';

export function HomePage() {
  return (
    <RouteSkeletonPage path="/" heading={BRAND.tagline}>
      <p>
        Search all of npm with filters for ES modules, CommonJS and styles; see live network statistics, how to build links for npm, ES modules, GitHub
        and WordPress, the most popular packages of the last 30 days, and the sites that use {BRAND.name}.
      </p>
    </RouteSkeletonPage>
  );
}
