/** The notices of the package page: not found, failed to load, no release on GitHub, no default file, listing failure. */
import { BRAND, Notice } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/content/useSiteContent';
import { FILES_FAILED_TEXT, NO_RELEASE_TEXT, failureCauseText, isSizeExceeded, noDefaultFileText, notFoundText, unknownVersionText } from './messages';

/** The sentence with its closing "file an issue on GitHub" as a link to the deployment's code host, where it names one. */
function IssueLinkText({ text }: { text: string }) {
  const issuesUrl = useSiteContent().links.codeHost;
  const tail = 'file an issue on GitHub.';
  const head = text.endsWith(tail) ? text.slice(0, -tail.length) : text;
  if (!issuesUrl) return <p>{text}</p>;
  return (
    <p>
      {head}
      {text.endsWith(tail) ? (
        <>
          <a href={issuesUrl} target="_blank" rel="noopener noreferrer">
            file an issue on GitHub
          </a>
          .
        </>
      ) : null}
    </p>
  );
}

export function NotFoundNotice({ name }: { name: string }) {
  return (
    <Notice variant="warning" title="Package not found">
      <IssueLinkText text={notFoundText(name)} />
    </Notice>
  );
}

export function FailedToLoadNotice({ name, type, reason }: { name: string; type: 'npm' | 'gh'; reason: unknown }) {
  return (
    <Notice variant="error" title="Failed to load">
      <IssueLinkText text={failureCauseText(name, type, reason)} />
    </Notice>
  );
}

export function UnknownVersionNotice({ name, requested, shown }: { name: string; requested: string; shown: string }) {
  return (
    <Notice variant="warning" title="Version not found">
      <p>{unknownVersionText(name, requested, shown)}</p>
    </Notice>
  );
}

export function NoReleaseNotice({ repository, cdnUrl, commit }: { repository: string; cdnUrl: string; commit: string | null }) {
  return (
    <Notice variant="info" title="No release">
      <p>
        {NO_RELEASE_TEXT} Please ask the author to create one.
        {commit ? (
          <>
            {' '}
            Files are shown from the latest commit{/^[0-9a-f]{40}$/i.test(commit) ? ' ' : ' of the branch '}
            <a href={`${cdnUrl.replace(/\/+$/, '')}/gh/${repository}@${commit}/`} target="_blank" rel="noopener noreferrer">
              <code>{/^[0-9a-f]{40}$/i.test(commit) ? commit.slice(0, 7) : commit}</code>
            </a>
            .
          </>
        ) : null}
      </p>
    </Notice>
  );
}

export function NoDefaultFileNotice({ jsGuessed, cssGuessed, onBrowse }: { jsGuessed: boolean; cssGuessed: boolean; onBrowse: () => void }) {
  return (
    <Notice variant="info">
      <p>
        {noDefaultFileText(jsGuessed, cssGuessed)}.{' '}
        <button type="button" className="pkg-link" onClick={onBrowse}>
          Browse all files
        </button>
      </p>
    </Notice>
  );
}

export interface ListingFailedNoticeProps {
  message: string;
  /** The package's repository (from its package.json), when known. */
  repository: { url: string; path: string } | null;
  packageName: string;
  cdnUrl: string;
}

export function ListingFailedNotice({ message, repository, packageName, cdnUrl }: ListingFailedNoticeProps) {
  const tooLarge = isSizeExceeded(message);
  const issueTitle = encodeURIComponent(`Package size exceeds the ${BRAND.name} limit`);
  const issueBody = encodeURIComponent(
    `The published package ${packageName} is larger than 50 MB, so ${BRAND.name} cannot serve it. Could unneeded files be left out of the package?`,
  );
  return (
    <Notice variant="error" title={FILES_FAILED_TEXT}>
      <p>{message}</p>
      {tooLarge && repository ? (
        <p>
          This package is over the 50 MB limit. Ask the author to remove files the package does not need:{' '}
          <a href={`${repository.url}/issues/new?title=${issueTitle}&body=${issueBody}`} target="_blank" rel="noopener noreferrer">
            open an issue
          </a>
          . Meanwhile, use the files straight from the repository: <code>{`${cdnUrl.replace(/\/+$/, '')}/gh/${repository.path}/`}</code>
        </p>
      ) : null}
    </Notice>
  );
}
