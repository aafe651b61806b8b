// Over 500 lines: one subject, the package page through its data API answers; its sections share the module mocks jest.mock would repeat in every file.
/**
 * The package page against mocked data API answers (at the shared client boundary) and a mocked readme:
 * the tab fallback with the address rewritten, the notices, the file browser and the install block.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import * as shared from '@skylift/shared';
import type { FileTreeEntry, PackageFilesTree, PackageManifest, PackageStats, PackageVersionNames } from '@skylift/shared';
import { testRuntimeConfig } from '@skylift/shared/testing';
import { providePeriods } from '@skylift/shared/stores';
import * as packageApi from '../data/packageApi';
import { NpmPackagePage } from '../pages/NpmPackagePage';
import { GitHubPackagePage } from '../pages/GitHubPackagePage';
import filesStyles from '../files/FilesTab.module.css';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getPackageVersionNames: jest.fn(),
  getPackageManifest: jest.fn(),
  getPackageFiles: jest.fn(),
  getEntrypoints: jest.fn(),
  getPackageStats: jest.fn(),
  getPackageVersionsStats: jest.fn(),
  getVersionFilesStats: jest.fn(),
  // The install block's `?meta` of a module build, asked of the CDN.
  getJson: jest.fn(),
}));
jest.mock('../data/packageApi', () => ({
  ...jest.requireActual('../data/packageApi'),
  getReadme: jest.fn(),
  getLatestCommit: jest.fn(),
  getAdvisories: jest.fn(),
}));
jest.mock('@skylift/shared/charts', () => ({
  ...jest.requireActual('@skylift/shared/charts'),
  Chart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div>,
}));

const api = shared as jest.Mocked<typeof shared>;
const pkgApi = packageApi as jest.Mocked<typeof packageApi>;

const versionsOf = (name: string, versions: string[], latest?: string): PackageVersionNames => ({
  type: 'npm',
  name,
  tags: latest ? { latest } : {},
  versions,
});
/** The data API's manifest of a GitHub repository `owner/name`, as npm reads `repository`, with `fields` over it. */
const manifestOf = (repo: string, fields: Partial<PackageManifest> = {}): PackageManifest => ({
  type: 'npm',
  name: repo.split('/')[1]!,
  version: '1.0.0',
  description: null,
  keywords: [],
  homepage: null,
  license: null,
  repository: {
    url: `git+https://github.com/${repo}.git`,
    directory: null,
    web: `https://github.com/${repo}`,
    owner: { name: repo.split('/')[0]!, link: `https://github.com/${repo.split('/')[0]}`, avatar: null },
    github: repo,
  },
  bugs: { url: `https://github.com/${repo}/issues`, email: null },
  author: null,
  contributors: [],
  jsEntry: true,
  tarball: null,
  links: { self: '', stats: '' },
  ...fields,
});
const file = (name: string): FileTreeEntry => ({ type: 'file', name, hash: `hash-of-${name}`, size: 1200 });
const treeOf = (name: string, version: string, files: FileTreeEntry[], defaultFile: string | null = null): PackageFilesTree => ({
  type: 'npm',
  name,
  version,
  default: defaultFile,
  files,
});
const emptyStats: PackageStats = {
  hits: { rank: null, typeRank: null, total: 0, dates: {}, prev: { rank: null, typeRank: null, total: 0 } },
  bandwidth: { rank: null, typeRank: null, total: 0, dates: {}, prev: { rank: null, typeRank: null, total: 0 } },
  links: { versions: '' },
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/package/npm/:scope?/:name" element={<NpmPackagePage />} />
        <Route path="/package/gh/:user/:repo" element={<GitHubPackagePage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}
const address = () => screen.getByTestId('address').textContent;

beforeEach(() => {
  // The period dropdown's list, which its first render would otherwise download.
  providePeriods([]);
  shared.setRuntimeConfig(testRuntimeConfig());
  jest.clearAllMocks();
  api.getPackageStats.mockResolvedValue(emptyStats);
  api.getPackageVersionsStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  api.getVersionFilesStats.mockResolvedValue({ items: [], totalCount: 0, totalPages: 0 });
  api.getJson.mockReturnValue(new Promise(() => undefined));
  api.getEntrypoints.mockResolvedValue({ entrypoints: { js: { file: '/dist/lib.min.js', guessed: false } } });
  api.getPackageManifest.mockResolvedValue(manifestOf('owner/lib', { description: 'A library for tests.', keywords: ['alpha', 'beta'] }));
  pkgApi.getReadme.mockResolvedValue('<h2>Usage</h2><p>Call it.</p>');
  pkgApi.getAdvisories.mockImplementation(async (name, version) => ({ name, version, count: 0, advisories: [] }));
  document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => meta.remove());
});

test('shows the name, description, readme and the latest version by default, with the package page title', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['2.0.0-beta.1', '1.1.0', '1.0.0'], '1.1.0'));
  api.getPackageFiles.mockResolvedValue(treeOf('lib', '1.1.0', [file('index.js')]));
  renderAt('/package/npm/lib');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('lib');
  expect(await screen.findByText('Usage')).toBeInTheDocument();
  expect(await screen.findByText('A library for tests.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Version: / })).toHaveTextContent('1.1.0');
  expect(screen.getByTestId('install-url-js')).toHaveTextContent('http://127.0.0.1:9/cdn/npm/lib@1.1.0/dist/lib.min.js');
  expect(document.title).toBe(`lib CDN by ${shared.BRAND.name} - A CDN for npm and GitHub`);
  expect(screen.getByRole('link', { name: /Browse CDN/ })).toHaveAttribute('href', 'http://127.0.0.1:9/cdn/npm/lib@1.1.0/');
  expect(screen.getByRole('link', { name: 'Full lib Download Stats' })).toHaveAttribute('href', '/package/npm/lib?tab=stats');
  expect(await screen.findByRole('link', { name: 'alpha' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Repository' })).toHaveAttribute('href', 'https://github.com/owner/lib');
  // What the page shows and nothing more: the file tree waits for the Files tab.
  expect(api.getPackageFiles).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
  expect(await screen.findByText('index.js')).toBeInTheDocument();
  expect(api.getPackageFiles).toHaveBeenCalledWith('npm', 'lib', '1.1.0');
});

test('a scoped package is named scope/name and asked for by that name', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('@scope/lib', ['1.0.0']));
  api.getPackageFiles.mockResolvedValue(treeOf('@scope/lib', '1.0.0', [file('index.js')]));
  renderAt('/package/npm/@scope/lib');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('@scope/lib');
  await screen.findByText('Usage');
  expect(api.getPackageVersionNames).toHaveBeenCalledWith('npm', '@scope/lib');
});

test('a version in the address is used when the package has it', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.1.0', '1.0.0'], '1.1.0'));
  api.getPackageFiles.mockResolvedValue(treeOf('lib', '1.0.0', [file('index.js')]));
  renderAt('/package/npm/lib?version=1.0.0');
  await screen.findByText('Usage');
  expect(pkgApi.getReadme).toHaveBeenCalledWith('npm', 'lib', '1.0.0');
});

test.each([
  ['there is no readme', packageApi.NO_README],
  ['the readme is empty', ''],
])('falls back to Files and rewrites the address with tab=files when %s', async (_case, readme) => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('bare', ['1.0.0']));
  api.getPackageFiles.mockResolvedValue(treeOf('bare', '1.0.0', [file('index.js')]));
  pkgApi.getReadme.mockResolvedValue(readme);
  renderAt('/package/npm/bare');
  await waitFor(() => expect(address()).toBe('/package/npm/bare?tab=files'));
  expect(screen.queryByRole('tab', { name: 'Readme' })).toBeNull();
  expect(await screen.findByText('index.js')).toBeInTheDocument();
});

test('a repository with no release and no commit falls back to Statistics', async () => {
  api.getPackageVersionNames.mockResolvedValue({ ...versionsOf('u/r', []), type: 'gh' });
  pkgApi.getLatestCommit.mockRejectedValue(new Error('no commit'));
  pkgApi.getReadme.mockResolvedValue(packageApi.NO_README);
  renderAt('/package/gh/u/r');
  await waitFor(() => expect(address()).toBe('/package/gh/u/r?tab=stats'));
  expect(screen.getByText(/This package doesn't have any release on GitHub\./)).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Files' })).toBeNull();
  expect(await screen.findByText('No statistics yet')).toBeInTheDocument();
});

test('a repository with no release shows its latest commit and its files', async () => {
  const sha = 'a'.repeat(40);
  api.getPackageVersionNames.mockResolvedValue({ ...versionsOf('u/r', []), type: 'gh' });
  pkgApi.getLatestCommit.mockResolvedValue(sha);
  api.getPackageFiles.mockResolvedValue({ ...treeOf('u/r', sha, [file('app.js')]), type: 'gh' });
  renderAt('/package/gh/u/r?tab=files');
  expect(await screen.findByText('app.js')).toBeInTheDocument();
  expect(screen.getByText(/This package doesn't have any release on GitHub\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'aaaaaaa' })).toHaveAttribute('href', `http://127.0.0.1:9/cdn/gh/u/r@${sha}/`);
  expect(api.getPackageFiles).toHaveBeenCalledWith('gh', 'u/r', sha);
});

test('an unknown package shows the not-found notice and asks search engines not to index the page', async () => {
  api.getPackageVersionNames.mockRejectedValue(404);
  renderAt('/package/npm/nothing-here');
  expect(await screen.findByText(/Package nothing-here was not found\. Please retry in a few minutes and if the problem persists,/)).toHaveTextContent(
    'Package nothing-here was not found. Please retry in a few minutes and if the problem persists, file an issue on GitHub.',
  );
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('a request that got no answer shows the failed-to-load notice about the connection, indexable', async () => {
  api.getPackageVersionNames.mockRejectedValue(new TypeError('Failed to fetch'));
  renderAt('/package/npm/flaky');
  expect(await screen.findByText(/Package flaky failed to load\./)).toHaveTextContent(
    'Package flaky failed to load. There might be a problem with your internet connection. Try refreshing the page a few times. If the problem persists, file an issue on GitHub.',
  );
  expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
});

test('an upstream failure (502) names the upstream, not the visitor’s connection', async () => {
  api.getPackageVersionNames.mockRejectedValue(502);
  renderAt('/package/gh/owner/flaky');
  const text = await screen.findByText(/Package owner\/flaky failed to load/);
  expect(text).toHaveTextContent('GitHub did not answer our servers properly (HTTP 502)');
  expect(text).not.toHaveTextContent(/internet connection/);
});

test("a package the operator does not serve shows the data API's refusal, not a connection problem", async () => {
  api.getPackageVersionNames.mockRejectedValue({ status: 403, message: "Package left-pad is blocked by this CDN's operator." });
  renderAt('/package/npm/left-pad');
  expect(await screen.findByText("Package left-pad is blocked by this CDN's operator.")).toBeInTheDocument();
  expect(screen.getByText('Not available')).toBeInTheDocument();
  expect(screen.queryByText(/internet connection/)).toBeNull();
});

test('an error answer with a body is told by its status', async () => {
  api.getPackageVersionNames.mockRejectedValue({ status: 502, message: 'Failed to fetch version info for slow-lib from the upstream.' });
  renderAt('/package/npm/slow-lib');
  expect(await screen.findByText(/Package slow-lib failed to load/)).toHaveTextContent('the npm registry did not answer our servers properly (HTTP 502)');
});

test('an unknown ?version says so and shows the latest version', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.2.3', '1.0.0'], '1.2.3'));
  renderAt('/package/npm/lib?version=99.0.0');
  expect(await screen.findByText('Version 99.0.0 of lib was not found, so version 1.2.3 is shown.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Version: 1.2.3' })).toBeInTheDocument();
});

test('guessed entry points show the no-default-file notice with a way to the files', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('guess', ['1.0.0']));
  api.getPackageFiles.mockResolvedValue(treeOf('guess', '1.0.0', [file('index.js')]));
  api.getEntrypoints.mockResolvedValue({ entrypoints: { js: { file: '/index.js', guessed: true } } });
  renderAt('/package/npm/guess');
  expect(await screen.findByText(/No default JS file set by the package author so the URL is guessed/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Browse all files' }));
  expect(address()).toBe('/package/npm/guess?tab=files');
});

describe('file browser', () => {
  const many = Array.from({ length: 12 }, (_, i) => file(`file-${String(i).padStart(2, '0')}.js`));
  const tree = [
    { type: 'directory' as const, name: 'dist', files: [{ type: 'directory' as const, name: 'esm', files: [file('deep.js')] }, file('lib.js')] },
    ...many,
  ];

  beforeEach(() => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('big', ['1.0.0']));
    api.getPackageFiles.mockResolvedValue(treeOf('big', '1.0.0', tree, '/dist/lib.js'));
  });

  test('shows the first 10 entries, then all, then the first 10 again', async () => {
    renderAt('/package/npm/big?tab=files');
    await screen.findByText('dist');
    const list = () => screen.getAllByRole('listitem').filter((item) => item.closest(`.${filesStyles.filesList}`));
    expect(list()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (13)' }));
    expect(list()).toHaveLength(13);
    fireEvent.click(screen.getByRole('button', { name: 'Show first 10' }));
    expect(list()).toHaveLength(10);
  });

  test('opens folders into the address, goes back by breadcrumb and back link', async () => {
    renderAt('/package/npm/big?tab=files');
    fireEvent.click(await screen.findByRole('button', { name: /dist/ }));
    expect(address()).toBe('/package/npm/big?tab=files&path=dist');
    expect(await screen.findByText('lib.js')).toBeInTheDocument();
    expect(screen.getByText('default')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /esm/ }));
    expect(address()).toBe('/package/npm/big?tab=files&path=dist%2Fesm');
    expect(await screen.findByText('deep.js')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Folder' })).getByRole('button', { name: 'dist' }));
    expect(address()).toBe('/package/npm/big?tab=files&path=dist');
    fireEvent.click(screen.getByRole('button', { name: '../ Back' }));
    expect(address()).toBe('/package/npm/big?tab=files');
  });

  test('an invalid path says the folder does not exist and shows the root', async () => {
    renderAt('/package/npm/big?tab=files&path=no/such/folder');
    expect(await screen.findByText('dist')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '../ Back' })).toBeNull();
    expect(screen.getByText('big@1.0.0 has no folder /no/such/folder: its top folder is shown instead.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /dist/ }));
    expect(screen.queryByText(/has no folder/)).toBeNull();
  });

  test('each file offers its URL and SRI hash and can join the collection', async () => {
    renderAt('/package/npm/big?tab=files&path=dist');
    await screen.findByText('lib.js');
    expect(screen.getByRole('button', { name: 'Copy the URL of lib.js' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the SRI hash of lib.js' })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Add lib.js to the collection' });
    expect(toggle).not.toBeChecked();
    act(() => {
      fireEvent.click(toggle);
    });
    expect(toggle).toBeChecked();
    act(() => {
      fireEvent.click(toggle);
    });
    expect(toggle).not.toBeChecked();
  });

  test('a failed listing says so with the server message, and "Files are loading..." before', async () => {
    let reject: (reason: unknown) => void = () => undefined;
    api.getPackageFiles.mockReturnValue(new Promise((_resolve, fail) => (reject = fail)));
    api.getPackageManifest.mockResolvedValue(manifestOf('owner/big'));
    renderAt('/package/npm/big?tab=files');
    expect(await screen.findByText('Files are loading...')).toBeInTheDocument();
    await act(async () => reject({ status: 403, message: 'Package size exceeded the configured limit of 50 MB.' }));
    expect(await screen.findByText('Failed to load the file listing.')).toBeInTheDocument();
    // Said in the Files tab and in place of the install block.
    expect(screen.getAllByText('Package size exceeded the configured limit of 50 MB.')).toHaveLength(2);
    for (const link of screen.getAllByRole('link', { name: 'open an issue' }))
      expect(link.getAttribute('href')).toMatch(/^https:\/\/github\.com\/owner\/big\/issues\/new\?/);
    expect(screen.getAllByText('http://127.0.0.1:9/cdn/gh/owner/big/')).toHaveLength(2);
  });
});

describe('a version over the size limit', () => {
  const REFUSAL = 'Package size exceeded the configured limit of 150 MB.';
  beforeEach(() => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('huge', ['0.40.0', '0.39.0'], '0.40.0'));
    // The data API refuses the listing and the entry points alike; the CDN still serves single files (package.json).
    api.getPackageFiles.mockRejectedValue({ status: 403, message: REFUSAL });
    api.getEntrypoints.mockRejectedValue({ status: 403, message: REFUSAL });
    api.getPackageManifest.mockResolvedValue(manifestOf('owner/huge', { description: 'A very large editor.' }));
    pkgApi.getReadme.mockResolvedValue('<h2>Huge usage</h2><p>Load it.</p>');
  });

  test('shows the description, readme and repository, and the advice in place of the install links', async () => {
    renderAt('/package/npm/huge');
    expect(await screen.findByText('Huge usage')).toBeInTheDocument();
    expect(await screen.findByText('A very large editor.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Repository' })).toHaveAttribute('href', 'https://github.com/owner/huge');
    expect(await screen.findByText(/Single files of this version are still served by their full path:/)).toBeInTheDocument();
    expect(screen.getAllByText(REFUSAL)).toHaveLength(1);
    expect(screen.getByText('http://127.0.0.1:9/cdn/npm/huge@0.40.0/{file}')).toBeInTheDocument();
    // Nothing that the CDN refuses for the size: no +esm build, no default file link, no listing.
    expect(screen.queryByTestId(/^install-url-/)).not.toBeInTheDocument();
    expect(screen.queryByText(/\+esm/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Browse CDN/ })).not.toBeInTheDocument();
    const issue = screen.getByRole('link', { name: 'open an issue' }).getAttribute('href') ?? '';
    expect(issue).toMatch(/^https:\/\/github\.com\/owner\/huge\/issues\/new\?title=/);
    expect(decodeURIComponent(issue)).toContain('is larger than 150 MB');
    expect(screen.getByText(/This package is over the 150 MB limit\./)).toBeInTheDocument();
    expect(screen.getByText('http://127.0.0.1:9/cdn/gh/owner/huge/')).toBeInTheDocument();
  });

  test('the Files tab says why there is no listing, with the same advice', async () => {
    renderAt('/package/npm/huge?tab=files');
    expect(await screen.findByText('Failed to load the file listing.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'open an issue' })).toHaveLength(2));
    expect(screen.getAllByText(REFUSAL)).toHaveLength(2);
    expect(screen.getAllByText('http://127.0.0.1:9/cdn/gh/owner/huge/')).toHaveLength(2);
  });

  test('a repository over its limit is offered no single files, only the advice', async () => {
    const refusal = 'Package size exceeded the configured limit of 50 MB.';
    api.getPackageVersionNames.mockResolvedValue({ ...versionsOf('owner/huge', ['1.0.0']), type: 'gh' });
    api.getPackageFiles.mockRejectedValue({ status: 403, message: refusal });
    renderAt('/package/gh/owner/huge?tab=files');
    expect(await screen.findByText('Failed to load the file listing.')).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(2);
    expect(screen.queryByText(/Single files of this version/)).not.toBeInTheDocument();
    expect(screen.queryByTestId(/^install-url-/)).not.toBeInTheDocument();
  });
});

describe('install block', () => {
  beforeEach(() => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.2.3', '1.0.0'], '1.2.3'));
    api.getPackageFiles.mockResolvedValue(treeOf('lib', '1.2.3', [file('index.js')]));
  });

  const choose = async (label: string) => {
    fireEvent.click(screen.getByRole('button', { name: /Version to link/ }));
    fireEvent.click(await screen.findByRole('option', { name: label }));
  };

  test('the version choice changes the linked version', async () => {
    renderAt('/package/npm/lib');
    const url = await screen.findByTestId('install-url-js');
    expect(url).toHaveTextContent('/npm/lib@1.2.3/dist/lib.min.js');
    await choose('Latest Patch');
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib@1.2/dist/lib.min.js');
    await choose('Latest Minor');
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib@1/dist/lib.min.js');
    await choose('Latest Major');
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib/dist/lib.min.js');
    await choose('1.0.0');
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib@1.0.0/dist/lib.min.js');
  });

  test('an ES module package can switch to the +esm import', async () => {
    renderAt('/package/npm/lib');
    await screen.findByTestId('install-url-js');
    const esm = screen.getAllByRole('radio', { name: 'ESM' })[0]!;
    expect(esm).toBeEnabled();
    fireEvent.click(esm);
    expect(screen.getByTestId('install-html-esm')).toHaveTextContent("import Lib from 'http://127.0.0.1:9/cdn/npm/lib@1.2.3/+esm'");
  });

  test('a CommonJS package is offered the +esm build too, Default chosen first', async () => {
    renderAt('/package/npm/lib');
    await screen.findByTestId('install-url-js');
    expect(screen.getAllByRole('radio', { name: 'Default' })[0]).toHaveAttribute('aria-checked', 'true');
    const esm = screen.getAllByRole('radio', { name: 'ESM' })[0]!;
    expect(esm).toBeEnabled();
    fireEvent.click(esm);
    expect(screen.getByTestId('install-html-esm')).toHaveTextContent("import Lib from 'http://127.0.0.1:9/cdn/npm/lib@1.2.3/+esm'");
  });

  test('without entry points ESM is chosen and usable, Default unavailable', async () => {
    api.getEntrypoints.mockRejectedValue(new Error('no entry points'));
    renderAt('/package/npm/lib');
    const esm = (await screen.findAllByRole('radio', { name: 'ESM' }))[0]!;
    await waitFor(() => expect(esm).toHaveAttribute('aria-checked', 'true'));
    expect(esm).toBeEnabled();
    expect(screen.getAllByRole('radio', { name: 'Default' })[0]).toBeDisabled();
    expect(screen.getByTestId('install-html-esm')).toHaveTextContent('/npm/lib@1.2.3/+esm');
  });

  test('a package of type declarations only (type-fest) is offered no +esm link: there is no JavaScript to build', async () => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('type-fest', ['5.10.0'], '5.10.0'));
    api.getPackageFiles.mockResolvedValue(treeOf('type-fest', '5.10.0', [file('index.d.ts'), file('package.json')]));
    api.getEntrypoints.mockResolvedValue({ entrypoints: {} });
    api.getPackageManifest.mockResolvedValue(manifestOf('sindresorhus/type-fest', { jsEntry: false }));
    renderAt('/package/npm/type-fest');
    expect(await screen.findByText('No default files set by the package author: pick the files you need in the Files tab.')).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'ESM' })[0]).toBeDisabled();
    expect(screen.getAllByRole('radio', { name: 'ESM' })[0]).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByTestId('install-url-esm')).not.toBeInTheDocument();
    expect(screen.queryByText(/\+esm/)).not.toBeInTheDocument();
  });

  test('an older types-only package (types field, no exports or main) is offered no +esm link either', async () => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('type-fest', ['0.21.3'], '0.21.3'));
    api.getPackageFiles.mockResolvedValue(treeOf('type-fest', '0.21.3', [file('index.d.ts')]));
    api.getEntrypoints.mockRejectedValue(new Error('no entry points'));
    api.getPackageManifest.mockResolvedValue(manifestOf('sindresorhus/type-fest', { jsEntry: false }));
    renderAt('/package/npm/type-fest');
    await screen.findByText('No default files set by the package author: pick the files you need in the Files tab.');
    expect(screen.getAllByRole('radio', { name: 'ESM' })[0]).toBeDisabled();
    expect(screen.queryByText(/\+esm/)).not.toBeInTheDocument();
  });

  test('the settings panel keeps its own values until Apply, and blocks page scroll while open', async () => {
    renderAt('/package/npm/lib');
    await screen.findByTestId('install-url-js');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const panel = screen.getByRole('dialog', { name: 'Install settings' });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(within(panel).getByRole('button', { name: /Version to link/ }));
    fireEvent.click(await within(panel).findByRole('option', { name: 'Latest Major' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib@1.2.3/');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const again = screen.getByRole('dialog', { name: 'Install settings' });
    fireEvent.click(within(again).getByRole('button', { name: /Version to link/ }));
    fireEvent.click(await within(again).findByRole('option', { name: 'Latest Major' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('install-url-js')).toHaveTextContent('/npm/lib/dist/lib.min.js');
  });
});

test('offers the registry tarball only when the data API gives its address', async () => {
  api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.1.0'], '1.1.0'));
  api.getPackageManifest.mockResolvedValue(manifestOf('owner/lib', { tarball: 'https://registry.example.test/lib/-/lib-1.1.0.tgz' }));
  const first = renderAt('/package/npm/lib');
  expect(await screen.findByRole('link', { name: 'Download lib-1.1.0.tgz' })).toHaveAttribute('href', 'https://registry.example.test/lib/-/lib-1.1.0.tgz');
  first.unmount();
  api.getPackageManifest.mockResolvedValue(manifestOf('owner/lib'));
  renderAt('/package/npm/lib');
  await screen.findByText('Usage');
  expect(screen.queryByRole('link', { name: /^Download / })).toBeNull();
});

describe('known vulnerabilities of the shown version', () => {
  const advisoriesOf = (name: string, version: string): packageApi.PackageAdvisories => ({
    name,
    version,
    count: 2,
    advisories: [
      { id: '1002', title: 'Code execution in template', severity: 'high', url: 'https://advisories.example.test/1002', vulnerableVersions: '<1.2.0' },
      {
        id: '1001',
        title: 'Prototype pollution in merge',
        severity: 'moderate',
        url: 'https://advisories.example.test/1001',
        vulnerableVersions: '>=1.0.0 <1.1.5',
      },
    ],
  });

  test('shows the count, which opens the advisories, each linked to where it is published', async () => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.1.0', '1.0.0'], '1.1.0'));
    api.getPackageFiles.mockResolvedValue(treeOf('lib', '1.1.0', [file('index.js')]));
    pkgApi.getAdvisories.mockImplementation(async (name, version) => advisoriesOf(name, version));
    renderAt('/package/npm/lib');
    const count = await screen.findByText('2 known vulnerabilities');
    expect(pkgApi.getAdvisories).toHaveBeenCalledWith('lib', '1.1.0');
    fireEvent.click(count);
    const list = screen.getByRole('list', { name: 'Advisories of lib@1.1.0' });
    expect(within(list).getByRole('link', { name: 'Code execution in template' })).toHaveAttribute('href', 'https://advisories.example.test/1002');
    expect(within(list).getByRole('link', { name: 'Prototype pollution in merge' })).toHaveAttribute('href', 'https://advisories.example.test/1001');
    expect(list).toHaveTextContent('high Code execution in template affects <1.2.0');
  });

  test('says so when no advisory affects the version', async () => {
    api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.1.0'], '1.1.0'));
    api.getPackageFiles.mockResolvedValue(treeOf('lib', '1.1.0', [file('index.js')]));
    renderAt('/package/npm/lib');
    expect(await screen.findByText('No known vulnerabilities')).toBeInTheDocument();
  });

  test('shows no count when the lookup fails, and clears the count of the version shown before', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.getPackageVersionNames.mockResolvedValue(versionsOf('lib', ['1.1.0', '1.0.0'], '1.1.0'));
    api.getPackageFiles.mockImplementation(async (_type, name, version) => treeOf(name, version, [file('index.js')]));
    pkgApi.getAdvisories.mockImplementation(async (name, version) => {
      if (version === '1.0.0') throw { status: 502, message: 'Failed to fetch the advisories of lib@1.0.0 from the registry.' };
      return advisoriesOf(name, version);
    });
    renderAt('/package/npm/lib');
    expect(await screen.findByText('2 known vulnerabilities')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Version: 1.1.0' }));
    fireEvent.click(await screen.findByRole('option', { name: '1.0.0' }));
    await waitFor(() => expect(pkgApi.getAdvisories).toHaveBeenCalledWith('lib', '1.0.0'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch vulnerability info', expect.anything()));
    expect(screen.getByRole('button', { name: 'Version: 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByText(/vulnerabilit/)).not.toBeInTheDocument();
    warn.mockRestore();
  });

  test('is not looked up for a GitHub repository', async () => {
    api.getPackageVersionNames.mockResolvedValue({ ...versionsOf('octo/widgets', ['1.0.0'], '1.0.0'), type: 'gh' });
    api.getPackageFiles.mockResolvedValue(treeOf('octo/widgets', '1.0.0', [file('index.js')]));
    renderAt('/package/gh/octo/widgets');
    await screen.findByText('Usage');
    expect(pkgApi.getAdvisories).not.toHaveBeenCalled();
    expect(screen.queryByText(/vulnerabilit/)).not.toBeInTheDocument();
  });
});
