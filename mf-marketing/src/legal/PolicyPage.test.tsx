import { screen, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderPage } from '../../test/renderPage';
import { clearContentCache } from '../content/loadContent';

beforeEach(() => clearContentCache());

test('/terms links to the three documents', async () => {
  await renderPage('/terms');
  for (const [name, href] of [
    ['Terms of use', '/terms/terms-of-use'],
    ['Privacy policy', '/terms/privacy-policy'],
    ['Sub-processors', '/terms/sub-processors'],
  ]) {
    expect(screen.getAllByRole('link', { name })[0]).toHaveAttribute('href', href);
  }
});

test('the privacy policy names every field of the request log and what is not recorded', async () => {
  await renderPage('/terms/privacy-policy');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy policy');
  const table = await screen.findByRole('table');
  // The fields of server/src/requestlog/FORMAT.md, in words.
  const format = readFileSync(path.join(__dirname, '../../../server/src/requestlog/FORMAT.md'), 'utf8');
  const fieldCount = [...format.matchAll(/^\| `(\w+)` +\|/gm)].length;
  // One header row, and a row per field but `v` (the format version, which says nothing about a request).
  expect(within(table).getAllByRole('row')).toHaveLength(1 + fieldCount - 1);
  expect(screen.getByText(/does not contain your IP address/)).toBeInTheDocument();
  expect(screen.getByText(/the software never deletes them/)).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Terms and policies' });
  expect(within(nav).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown document is no page of ours: the site answers it with its 404', async () => {
  await expect(renderPage('/terms/cookie-policy')).rejects.toThrow('No page of this remote owns /terms/cookie-policy.');
});

test('the SRI guide links to the feature anchors', async () => {
  await renderPage('/using-sri-with-dynamic-files');
  await screen.findByRole('heading', { name: 'Version aliases' });
  const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
  for (const anchor of ['alias', 'default', 'minify', 'combine']) expect(hrefs).toContain(`/features#${anchor}`);
});

test('/new-jsdelivr is headed with the product name and explains the automated system', async () => {
  await renderPage('/new-jsdelivr');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The new Skylift');
  expect(await screen.findByRole('heading', { name: 'Existing links keep working' })).toBeInTheDocument();
});
