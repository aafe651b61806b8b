/**
 * The package page ("Package page"): slide 1 is the package view (header, install block, tabs
 * Readme / Files / Statistics plus the CDN's own listing, sidebar); slide 2 (`slide=collection`) configures
 * the link collection. Tabs switch without a reload and live in the address. The file tree is asked for
 * only while the Files tab shows it; a folder in the address the version does not have is said so.
 */
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner, Tabs, describeFailure, isApiErrorBody, tabPanelProps, useRuntimeConfig, type RuntimeConfig } from '@skylift/shared';
import { SelectedFilesBox } from '../collection/SelectedFilesBox';
import { isMissingReadme } from '../data/packageApi';
import { FilesTab } from '../files/FilesTab';
import { PackageHeader } from '../header/PackageHeader';
import { InstallBlock } from '../install/InstallBlock';
import { validPath } from '../model/fileBrowser';
import type { PackageRef } from '../model/packageRef';
import { readPageQuery, writePageQuery, type PackageTab, type PageQuery } from '../model/pageQuery';
import {
  FailedToLoadNotice,
  ListingFailedNotice,
  MissingFolderNotice,
  NoDefaultFileNotice,
  NoReleaseNotice,
  NotFoundNotice,
  SizeExceededInstallNotice,
  UnknownVersionNotice,
} from '../notices/PackageNotices';
import { FILES_LOADING_TEXT } from '../notices/messages';
import { ReadmeTab } from '../readme/ReadmeTab';
import { Sidebar } from '../sidebar/Sidebar';
import { StatsTab } from '../stats/StatsTab';
import { usePackageMeta } from './usePackageMeta';
import { usePackageData, usePackageFiles } from './usePackageData';
import packagePageStyles from './PackagePage.module.css';
import statsTabStyles from '../stats/StatsTab.module.css';

// Slide 2 is only needed once the visitor opens it.
const CollectionSlide = lazy(() => import('../collection/CollectionSlide').then((module) => ({ default: module.CollectionSlide })));

const TAB_LABELS: Record<PackageTab, string> = { readme: 'Readme', files: 'Files', stats: 'Statistics' };

export function PackagePage({ pkg }: { pkg: PackageRef }) {
  const config = useRuntimeConfig();
  if (!config) {
    return (
      <div className={packagePageStyles.page}>
        <PackageHeader pkg={pkg} description={null} versions={[]} version={null} onVersionChange={() => undefined} />
        <Spinner label="Loading..." showLabel className={packagePageStyles.loading} />
      </div>
    );
  }
  return <PackageView key={`${pkg.type}/${pkg.name}`} pkg={pkg} config={config} />;
}

function PackageView({ pkg, config }: { pkg: PackageRef; config: RuntimeConfig }) {
  const [params, setParams] = useSearchParams();
  const query = readPageQuery(params);
  const data = usePackageData(pkg, query.version);
  const update = (change: Partial<PageQuery>, replace = false): void => setParams((current) => writePageQuery(current, change), { replace });
  usePackageMeta(pkg, data.manifest?.description ?? null, data.status === 'not-found');
  const repository = data.manifest?.repository ?? null;

  // No readme: the Files tab, or Statistics when there are no versions, and the address says so.
  const readmeMissing = data.readme.status === 'error' || (data.readme.status === 'ok' && isMissingReadme(data.readme.value));
  const fallbackTab: PackageTab = data.versionsNotFound ? 'stats' : 'files';
  useEffect(() => {
    if (query.tab === 'readme' && (readmeMissing || data.versionsNotFound)) update({ tab: fallbackTab }, true);
    // Only the readme's outcome decides the switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readmeMissing, data.versionsNotFound, query.tab]);

  const tabs = useMemo(() => {
    const list: PackageTab[] = [];
    if (!readmeMissing && !data.versionsNotFound) list.push('readme');
    if (!data.versionsNotFound) list.push('files');
    list.push('stats');
    return list.map((id) => ({ id, label: TAB_LABELS[id] }));
  }, [readmeMissing, data.versionsNotFound]);
  const activeTab = tabs.some((tab) => tab.id === query.tab) ? query.tab : (tabs[0]?.id ?? 'stats');
  const listingState = usePackageFiles(pkg, data.version, data.status === 'ready' && activeTab === 'files' && !data.versionsNotFound);
  const sizeExceeded = data.sizeExceeded ?? listingState.sizeExceeded;

  if (data.status !== 'ready') {
    return (
      <div className={packagePageStyles.page}>
        <PackageHeader pkg={pkg} description={null} versions={[]} version={null} onVersionChange={() => undefined} />
        {data.status === 'not-found' ? <NotFoundNotice pkg={pkg} /> : null}
        {data.status === 'failed' ? <FailedToLoadNotice name={pkg.name} type={pkg.type} reason={data.failure} /> : null}
        {data.status === 'loading' ? <Spinner label={`Loading ${pkg.name}...`} showLabel className={packagePageStyles.loading} /> : null}
      </div>
    );
  }

  const version = data.version;
  const files = listingState.files;
  const listing = files.status === 'ok' ? files.value : null;
  const path = listing ? validPath(listing.files, query.path) : query.path;
  const missingFolder = listing && path.length < query.path.length ? query.path : null;
  const entrypoints = data.entrypoints;
  const jsGuessed = entrypoints?.js?.guessed === true;
  const cssGuessed = entrypoints?.css?.guessed === true;
  const showNoDefault = entrypoints !== undefined && entrypoints !== null && (jsGuessed || cssGuessed);
  const cdnBase = config.cdnUrl.replace(/\/+$/, '');
  const browseUrl = `${cdnBase}/${pkg.type}/${pkg.name}${version ? `@${version}` : ''}/`;

  if (query.slide === 'collection' && version) {
    return (
      <Suspense fallback={<Spinner label="Loading the collection..." showLabel />}>
        <CollectionSlide type={pkg.type} name={pkg.name} version={version} onBack={() => update({ slide: 'package' })} />
      </Suspense>
    );
  }

  return (
    <div className={packagePageStyles.page}>
      <PackageHeader
        pkg={pkg}
        description={data.manifest?.description ?? null}
        versions={data.versions}
        version={version}
        onVersionChange={(next) => update({ version: next, path: [] })}
        vulnerabilities={data.advisories}
        owner={repository?.owner ?? null}
        links={{ repository: repository?.web ?? null, homepage: data.manifest?.homepage ?? null, issues: data.manifest?.bugs?.url ?? null }}
      />
      {data.unknownVersion && version ? <UnknownVersionNotice name={pkg.name} requested={data.unknownVersion} shown={version} /> : null}
      {data.noRelease ? <NoReleaseNotice repository={pkg.name} cdnUrl={config.cdnUrl} commit={data.latestCommit} /> : null}
      <div className={packagePageStyles.pageLayout}>
        <div className={packagePageStyles.pageMain}>
          {version && !data.versionsNotFound && sizeExceeded ? (
            <SizeExceededInstallNotice
              message={sizeExceeded}
              repository={repository}
              packageName={pkg.name}
              cdnUrl={config.cdnUrl}
              type={pkg.type}
              version={version}
            />
          ) : null}
          {version && !data.versionsNotFound && !sizeExceeded ? (
            <InstallBlock
              pkg={pkg}
              cdnUrl={config.cdnUrl}
              version={version}
              versions={data.versions}
              jsEntry={data.manifest?.jsEntry ?? false}
              entrypoints={entrypoints}
            />
          ) : null}
          {showNoDefault ? <NoDefaultFileNotice jsGuessed={jsGuessed} cssGuessed={cssGuessed} onBrowse={() => update({ tab: 'files', path: [] })} /> : null}
          <div className={packagePageStyles.pageTabbar}>
            <Tabs label="Package sections" idPrefix="pkg" tabs={tabs} selected={activeTab} onSelect={(tab) => update({ tab })} />
            {/* The CDN's listing of a version over the size limit is refused too. */}
            {sizeExceeded ? null : (
              <a className={packagePageStyles.pageBrowse} href={browseUrl} target="_blank" rel="noopener noreferrer">
                Browse CDN ↗
              </a>
            )}
          </div>
          <div {...tabPanelProps('pkg', activeTab)} className={packagePageStyles.pagePanel}>
            {activeTab === 'readme' ? (
              data.readme.status === 'ok' ? (
                <ReadmeTab html={data.readme.value} />
              ) : (
                <Spinner label="Loading the readme..." showLabel />
              )
            ) : null}
            {activeTab === 'files' ? (
              <>
                <SelectedFilesBox onShowAll={() => update({ slide: 'collection' })} />
                {files.status === 'loading' ? <p className={statsTabStyles.muted}>{FILES_LOADING_TEXT}</p> : null}
                {files.status === 'error' ? (
                  <ListingFailedNotice message={failureMessage(files.error)} repository={repository} packageName={pkg.name} cdnUrl={config.cdnUrl} />
                ) : null}
                {missingFolder && listing ? <MissingFolderNotice name={pkg.name} version={listing.version} path={missingFolder} /> : null}
                {listing ? <FilesTab pkg={pkg} cdnUrl={config.cdnUrl} listing={listing} path={path} onPathChange={(next) => update({ path: next })} /> : null}
              </>
            ) : null}
            {activeTab === 'stats' ? <StatsTab pkg={pkg} /> : null}
          </div>
        </div>
        {activeTab !== 'stats' ? (
          <Sidebar
            pkg={pkg}
            wwwUrl={config.wwwUrl}
            keywords={data.manifest?.keywords ?? []}
            tarball={data.tarballUrl && version ? { url: data.tarballUrl, version } : null}
          />
        ) : null}
      </div>
    </div>
  );
}

function failureMessage(reason: unknown): string {
  return isApiErrorBody(reason) ? reason.message : describeFailure(reason);
}
