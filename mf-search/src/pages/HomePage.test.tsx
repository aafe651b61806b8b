import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { getTopPackages, resetRuntimeConfig, setRuntimeConfig } from '@skylift/shared';
import { testRuntimeConfig, installFakeIntersectionObserver, type FakeViewport } from '@skylift/shared/testing';
import { HomePage } from './HomePage';

jest.mock('@skylift/shared', () => ({
  ...jest.requireActual('@skylift/shared'),
  getNetworkStats: jest.fn(() => new Promise(() => {})),
  getTopPackages: jest.fn(async () => ({ items: [], totalCount: 0, totalPages: 0 })),
}));

const topPackages = getTopPackages as jest.MockedFunction<typeof getTopPackages>;
let viewport: FakeViewport;

beforeEach(() => {
  viewport = installFakeIntersectionObserver();
  topPackages.mockClear();
  setRuntimeConfig(testRuntimeConfig());
});
afterEach(() => {
  resetRuntimeConfig();
  viewport.uninstall();
});

test('the first landing section comes with the page; the ones below the fold, and their data, only as the visitor scrolls to them', async () => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <HomePage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Use it in a minute' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Top packages of the last 30 days' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'A free API for your tools' })).not.toBeInTheDocument();
  expect(topPackages).not.toHaveBeenCalled();

  viewport.scrollNear();

  expect(await screen.findByRole('heading', { name: 'Top packages of the last 30 days' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'A free API for your tools' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'ES modules, straight from the CDN' })).toBeInTheDocument();
  expect(topPackages).toHaveBeenCalledTimes(1);
});
