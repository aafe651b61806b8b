import { ConverterPage } from '../converters/ConverterPage';
import { GITHUB_ERROR, planGitHub } from '../converters/github';

export function GitHubConverterPage() {
  return (
    <ConverterPage
      source="GitHub"
      convert={planGitHub}
      errorText={GITHUB_ERROR}
      intro="Most links to files on GitHub convert to CDN links that serve the same file."
    />
  );
}
