import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ProjectLink, projectHref } from './ProjectLink';

test('npm packages and GitHub repositories link to their page on the site, WordPress plugins and themes to their directory page', () => {
  render(
    <MemoryRouter>
      <ProjectLink type="npm" name="@scope/lib" />
      <ProjectLink type="gh" name="twbs/bootstrap" />
      <ProjectLink type="wp" name="plugins/wp-slimstat" />
      <ProjectLink type="wp" name="themes/twentytwentyfour" />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: '@scope/lib' })).toHaveAttribute('href', '/package/npm/@scope/lib');
  expect(screen.getByRole('link', { name: 'twbs/bootstrap' })).toHaveAttribute('href', '/package/gh/twbs/bootstrap');
  expect(screen.getByRole('link', { name: 'plugins/wp-slimstat' })).toHaveAttribute('href', 'https://wordpress.org/plugins/wp-slimstat/');
  expect(screen.getByRole('link', { name: 'themes/twentytwentyfour' })).toHaveAttribute('href', 'https://wordpress.org/themes/twentytwentyfour/');
});

test('no WordPress row links to a package page no remote declares', () => {
  expect(projectHref('wp', 'plugins/akismet')?.href).not.toMatch(/^\/package\//);
  expect(projectHref('wp', 'not a slug')).toBeNull();
});
