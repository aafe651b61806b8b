import { BRAND } from '../brand';
import { packagePageDescription, packagePageTitle } from './packagePageMeta';

test('the title, with scoped names as they are', () => {
  expect(packagePageTitle('@babel/core')).toBe(`@babel/core CDN by ${BRAND.name} - A CDN for npm and GitHub`);
});

test('the description says where the files come from and leads with the package’s own sentence', () => {
  expect(packagePageDescription('npm', 'jquery')).toMatch(/^A free, fast, and reliable CDN for jquery: every file of every version published to npm/);
  expect(packagePageDescription('gh', 'user/repo')).toContain('every file of every release on GitHub');
  expect(packagePageDescription('npm', 'jquery', 'JavaScript library for DOM operations')).toMatch(/^JavaScript library for DOM operations\. A free/);
  expect(packagePageDescription('npm', 'x', 'Ends with a dot.  ')).toMatch(/^Ends with a dot\. A free/);
});
