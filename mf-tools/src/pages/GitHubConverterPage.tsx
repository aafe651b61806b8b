import { ConverterPage } from '../converters/ConverterPage';
import { convertGitHub, GITHUB_ERROR } from '../converters/github';

export function GitHubConverterPage() {
  return (
    <ConverterPage
      source="GitHub"
      convert={convertGitHub}
      errorText={GITHUB_ERROR}
      intro="Most links to files on GitHub convert to CDN links that serve the same file."
    />
  );
}
