import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PageRoutes } from '@skylift/shared/federation/index';
import { pages } from './index';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageRoutes pages={pages} />
    </MemoryRouter>,
  );

test('an unscoped package is named by its name', () => {
  renderAt('/package/npm/left-pad');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('left-pad');
});

test('a scoped package is named scope/name', () => {
  renderAt('/package/npm/@babel/core');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('@babel/core');
});

test('a GitHub repository is named user/repo', () => {
  renderAt('/package/gh/octo/widgets');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('octo/widgets');
});
