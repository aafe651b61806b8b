/**
 * The notices of the package page: not found (with packages of similar names), failed to load, no release on
 * GitHub, no default file, a folder the version does not have, listing failure, and the size refusal in place
 * of the install block.
 */
import { BRAND, Notice, isApiErrorBody, type PackageRepository } from '@skylift/shared';
import { useSiteContent } from '@skylift/shared/stores';
import {
  FILES_FAILED_TEXT,
  NO_RELEASE_TEXT,
  failureCauseText,
  isSizeExceeded,
  missingFolderText,
  noDefaultFileText,
  notFoundText,
  sizeLimitOf,
  unknownVersionText,
} from './messages';
import type { PackageRef } from '../model/packageRef';
import { SimilarPackages } from './SimilarPackages';
import styles from '../files/FilesTab.module.css';

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

export function NotFoundNotice({ pkg }: { pkg: PackageRef }) {
  return (
    <Notice variant="warning" title="Package not found">
      <IssueLinkText text={notFoundText(pkg.name)} />
      <SimilarPackages pkg={pkg} />
    </Notice>
  );
}

export function MissingFolderNotice({ name, version, path }: { name: string; version: string; path: readonly string[] }) {
  return (
    <Notice variant="warning" title="Folder not found">
      <p>{missingFolderText(name, version, path)}</p>
    </Notice>
  );
}

export function FailedToLoadNotice({ name, type, reason }: { name: string; type: 'npm' | 'gh'; reason: unknown }) {
  return (
    <Notice variant="error" title={isApiErrorBody(reason) && reason.status === 403 ? 'Not available' : 'Failed to load'}>
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
        <button type="button" className={styles.link} onClick={onBrowse}>
          Browse all files
        </button>
      </p>
    </Notice>
  );
}

export interface ListingFailedNoticeProps {
  message: string;
  /** The package's repository (from its package.json, as npm reads it), when known. */
  repository: PackageRepository | null;
  packageName: string;
  cdnUrl: string;
}

export function ListingFailedNotice({ message, repository, packageName, cdnUrl }: ListingFailedNoticeProps) {
  return (
    <Notice variant="error" title={FILES_FAILED_TEXT}>
      <p>{message}</p>
      {isSizeExceeded(message) ? <SizeAdvice message={message} repository={repository} packageName={packageName} cdnUrl={cdnUrl} /> : null}
    </Notice>
  );
}

/**
 * The advice for a package over the size limit: ask the author to leave out what the package does not need
 * (a prefilled issue on its GitHub repository) and meanwhile use the repository through the CDN's GitHub path.
 * The CDN serves GitHub repositories only: without one there is no issue form to prefill and no path to offer,
 * so nothing is said.
 */
function SizeAdvice({ message, repository, packageName, cdnUrl }: ListingFailedNoticeProps) {
  const github = repository?.github;
  if (!github) return null;
  const limit = sizeLimitOf(message);
  const issueTitle = encodeURIComponent(`Package size exceeds the ${BRAND.name} limit`);
  const issueBody = encodeURIComponent(
    `The published package ${packageName} is larger than ${limit ?? 'the size limit'}, so ${BRAND.name} cannot list its files or build it as a module. Could unneeded files be left out of the package?`,
  );
  return (
    <p>
      This package is over the {limit ? `${limit} ` : 'size '}limit. Ask the author to remove files the package does not need:{' '}
      <a href={`https://github.com/${github}/issues/new?title=${issueTitle}&body=${issueBody}`} target="_blank" rel="noopener noreferrer">
        open an issue
      </a>
      . Meanwhile, use the files straight from the repository: <code>{`${cdnUrl.replace(/\/+$/, '')}/gh/${github}/`}</code>
    </p>
  );
}

export interface SizeExceededInstallNoticeProps extends ListingFailedNoticeProps {
  type: 'npm' | 'gh';
  version: string;
}

/**
 * In place of the install block for a version over the size limit: its default files, listing and `+esm`
 * build are refused, so no link is offered that would answer 403. Single files of an npm version are still
 * served (taken one by one out of its tarball), so their address pattern is given; a repository has none.
 */
export function SizeExceededInstallNotice({ message, repository, packageName, cdnUrl, type, version }: SizeExceededInstallNoticeProps) {
  const base = cdnUrl.replace(/\/+$/, '');
  return (
    <Notice variant="warning" title="Install">
      <p>{message}</p>
      {type === 'npm' ? (
        <p>
          Single files of this version are still served by their full path: <code>{`${base}/npm/${packageName}@${version}/{file}`}</code>
        </p>
      ) : null}
      <SizeAdvice message={message} repository={repository} packageName={packageName} cdnUrl={cdnUrl} />
    </Notice>
  );
}
